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
  /** When this host started (ms since the epoch): the Speech tab lists the clips made since. */
  startedAt: z.number(),
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

/** The studio's data files, as the creator knows them. */
export const DataFileKind = z.enum(['settings', 'secrets', 'jobs', 'conversation', 'conversation index', 'library index', 'mcp servers', 'workspace', 'attachment index', 'task archive', 'database', 'database update']);
export type DataFileKind = z.infer<typeof DataFileKind>;

/**
 * A data file the host could not read (damaged, foreign, not UTF-8, not allowed): it started
 * without it and kept the original beside it as `backup` (a file name in the same folder). Null
 * when even that was refused: a data file is then left as it was and nothing is written over it;
 * an index, only a summary of other files, is rebuilt in its place (docs/security.md).
 */
export const StartupProblem = z.object({ file: DataFileKind, backup: z.string().nullable() });
export type StartupProblem = z.infer<typeof StartupProblem>;

/** A workspace entry's name, as the renderer's storage names it (`draft:image`, `ui:tab`). */
export const WorkspaceKey = z.string().regex(/^[A-Za-z0-9:._-]{1,200}$/);

export const appMethods = {
  'app.info': { input: z.object({}), output: AppInfo },
  /** `reset` starts a new window of figures after reading this one (a benchmark times its scenario). */
  'app.health': { input: z.object({ reset: z.boolean().optional() }), output: AppHealth },
  /** The data files found unreadable since the start, until the creator dismisses them. */
  'app.startupProblems': { input: z.object({}), output: z.array(StartupProblem) },
  'app.dismissStartupProblems': { input: z.object({}), output: z.object({}) },
  /**
   * The renderer's workspace, kept by the host so it outlives a browser origin (the browser shell
   * on another port) and a cleared cache: drafts, recent prompts, the open tab and conversation.
   * The creator's own words, never a secret. `value: null` forgets a key.
   */
  'app.workspace': { input: z.object({}), output: z.record(z.string(), z.unknown()) },
  'app.keepWorkspace': { input: z.object({ key: WorkspaceKey, value: z.unknown() }), output: z.object({}) },
} as const;

export const appEvents = {
  /** A data file was found unreadable after the start (a conversation opened), or the list was dismissed. */
  'app.onDidChangeStartupProblems': z.array(StartupProblem),
} as const;
