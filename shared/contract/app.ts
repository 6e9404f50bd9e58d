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

export const appMethods = {
  'app.info': { input: z.object({}), output: AppInfo },
} as const;
