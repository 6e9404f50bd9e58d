/** The studio itself: which shell, which version, where the embedded sandbox runs. */
import { z } from 'zod';

export const AppInfo = z.object({
  version: z.string(),
  shell: z.enum(['desktop', 'browser']),
  platform: z.string(),
  /** Base URL of the embedded offline sandbox gateway, once started. */
  sandboxUrl: z.string().optional(),
  /** Prefix that turns a library-relative path into a URL the renderer may load. */
  mediaBase: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/**
 * The host's own event-loop watchdog: how long its one thread was kept from answering. A stall
 * here is what a creator feels as a frozen studio (docs/robust-host.md).
 */
export const AppHealth = z.object({
  /** Since when these figures were gathered (ms since the epoch). */
  since: z.number(),
  loop: z.object({
    p50Ms: z.number(),
    p99Ms: z.number(),
    maxMs: z.number(),
    /** Stalls of 100 ms or more. */
    stalls: z.number(),
  }),
});
export type AppHealth = z.infer<typeof AppHealth>;

export const appMethods = {
  'app.info': { input: z.object({}), output: AppInfo },
  /** `reset` starts a new window of figures after reading this one (a benchmark times its scenario). */
  'app.health': { input: z.object({ reset: z.boolean().optional() }), output: AppHealth },
} as const;
