/**
 * One record per job. `state` is the studio's normalized view; `rawStatus` keeps what
 * the gateway said. Records are zod-validated when read back from disk.
 */
import { z } from 'zod';
import { TextData } from '@shared/messages/index.js';
import { LINK_TTL_SECONDS } from '@shared/gateway/catalog.js';
import { Lineage } from '@shared/contract/lineage-ref.js';

export const JOB_STATES = [
  'waiting', // in the host's queue, written to disk, not yet sent (host/queue)
  'submitting', // the POST is under way
  'unknown', // the POST's fate is unknown (crash or timeout): never resubmitted silently
  'queued',
  'running',
  'completed', // finished on the gateway; files not yet saved
  'saved', // every result file is in the library
  'attention', // finished and paid for, but its files could not be saved: the error says why
  'failed',
  'timed_out', // the spec's maximum wait passed; "check again" resumes
  'expired', // the links died before the files were saved
  'cancelled', // the creator cancelled it: still followed when `cancelledAt` is set (isFollowedAfterCancel)
] as const;
export type JobState = (typeof JOB_STATES)[number];

export const ACTIVE_STATES: readonly JobState[] = ['waiting', 'submitting', 'queued', 'running', 'completed'];
export const POLLED_STATES: readonly JobState[] = ['queued', 'running'];

/**
 * Cancelled by the creator but still followed. The gateway has no cancel route: a submitted job
 * runs and is billed anyway, so the studio keeps asking for it and saves its result when it
 * finishes (docs/robust-host.md, "Cancel keeps what was paid for"). A record cancelled before
 * this rule has no `cancelledAt`: it stopped being tracked, as it said then.
 */
export const isFollowedAfterCancel = (j: Pick<JobRecord, 'state' | 'cancelledAt'>) => j.state === 'cancelled' && j.cancelledAt !== undefined;

/** Jobs the poller asks the gateway about: those still working, and those followed after a cancel. */
export const isPolled = (j: Pick<JobRecord, 'state' | 'cancelledAt'>) => POLLED_STATES.includes(j.state) || isFollowedAfterCancel(j);

export const DownloadRecord = z.object({
  url: z.string(),
  state: z.enum(['pending', 'downloading', 'done', 'failed', 'expired']),
  received: z.number(),
  total: z.number().optional(),
  /** ETag or Last-Modified of the partial file, for If-Range. */
  validator: z.string().optional(),
  libraryId: z.string().optional(),
  /** Message data; a plain English string in a jobs.json written before messages were data. */
  error: TextData.optional(),
  /**
   * How many times in a row the studio stopped uncleanly (killed, crashed, hung and killed) while
   * saving this file: at two it is set aside instead of tried again at every start.
   */
  interrupted: z.number().optional(),
  /**
   * Set, on disk, just before the library takes the file: a studio killed after the library took
   * it but before `done` was written finds the item there at its next start instead of saving it twice.
   */
  handing: z.boolean().optional(),
});
export type DownloadRecord = z.infer<typeof DownloadRecord>;

/** A day: no job's total or run is believed longer (a gateway's times can say anything). */
export const DAY_MS = 24 * 3_600_000;

/** Where a time lies, in ms: at least `lo`, at most `hi`. */
const Span = z.object({ lo: z.number().nonnegative().max(DAY_MS), hi: z.number().nonnegative().max(DAY_MS) }).refine((w) => w.lo <= w.hi);

/** What a finished job taught of how long jobs of its model and length take (run-history.ts). */
export const LearnedRun = z.object({ total: Span, prompt: z.boolean(), run: Span });
export type LearnedRun = z.infer<typeof LearnedRun>;

export const JobRecord = z.object({
  id: z.string(),
  profileId: z.string(),
  route: z.enum(['generic', 'multipart']),
  kind: z.enum(['image', 'video']),
  model: z.string(),
  prompt: z.string(),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(JOB_STATES),
  remoteId: z.string().optional(),
  rawStatus: z.string().optional(),
  progress: z.number().optional(),
  actualPrompt: z.string().optional(),
  /** Message data; a plain English string in a jobs.json written before messages were data. */
  error: TextData.optional(),
  createdAt: z.number(),
  submittedAt: z.number().optional(),
  updatedAt: z.number(),
  /** Counts the record's changes; none yet (or a record written before they were counted): 0. */
  revision: z.number().int().nonnegative().optional().catch(undefined),
  finishedAt: z.number().optional(),
  /** When the creator cancelled it; kept once it finishes, so its row can say why it has a result. */
  cancelledAt: z.number().optional(),
  /** Its place in a batch sent in one call: the queue starts a batch's jobs in order. */
  batchIndex: z.number().int().nonnegative().optional(),
  /** The compare run it was sent in (one `tasks.submitBatch`): its results stack with the run's others in the gallery. */
  group: z.string().optional(),
  /** Its cell in a batch run (host/batches, docs/batches.md). */
  batch: z.object({ id: z.string(), index: z.number().int().nonnegative() }).optional(),
  /** Where its inputs came from, as its request said (docs/library-files.md, "Lineage"); a value that cannot be read is dropped, not the job. */
  lineage: Lineage.optional().catch(undefined),
  /** Where the queue takes it among the waiting ones when it was moved (a batch's reorder); else by creation. */
  order: z.number().optional(),
  /** Sends the gateway refused without taking the job (429, a refused connection): tried again from `notBefore`. */
  attempts: z.number().int().nonnegative().optional(),
  notBefore: z.number().optional(),
  /** When polling gives up (spec §4.9's maximum wait), counted from submission or "check again". */
  deadlineAt: z.number().optional(),
  nextCheckAt: z.number().optional(),
  checks: z.number(),
  errorStreak: z.number(),
  resultUrls: z.array(z.string()),
  expiresAt: z.number().optional(),
  downloads: z.array(DownloadRecord),
  /**
   * What the job taught of its model's length, kept so that a restart does not forget it. A value
   * that cannot be read is dropped, not the job with it: it is a guide to polling, nothing more.
   */
  learned: LearnedRun.optional().catch(undefined),
});
export type JobRecord = z.infer<typeof JobRecord>;

/** When links given at `now` die (spec §1: 24 hours), whether first given or asked for again. */
export const linksExpireAt = (now: number) => now + LINK_TTL_SECONDS * 1000;

/** Spec §3: both routes' states, normalized; unknown words are read as "still working". */
export function normalizeStatus(route: JobRecord['route'], raw: string): JobState {
  const s = raw.trim();
  if (route === 'multipart') {
    return ({ PENDING: 'queued', RUNNING: 'running', SUCCEEDED: 'completed', FAILED: 'failed' } as Record<string, JobState>)[s.toUpperCase()] ?? 'running';
  }
  return ({ submitted: 'queued', processing: 'running', completed: 'completed', failed: 'failed' } as Record<string, JobState>)[s.toLowerCase()] ?? 'running';
}

/**
 * Every http(s) URL under `result`, files typed later by their content (docs/gateway-rules.md,
 * "Task results and failures").
 */
export function collectUrls(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    const decoded = /^https?%3A/i.test(value) ? safeDecode(value) : value;
    if (/^https?:\/\//i.test(decoded) && !out.includes(decoded)) out.push(decoded);
  } else if (Array.isArray(value)) for (const v of value) collectUrls(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectUrls(v, out);
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
