/**
 * Asynchronous jobs: what the Tasks tab shows and the actions it offers. Image and
 * video studios submit through `tasks.submit`; the request is checked against the catalog's
 * rules in the host before any money is spent.
 */
import { z } from 'zod';
import { TextData } from '../messages/index.js';
import { JobRequest } from './job-request.js';

/**
 * `completed`: finished on the gateway, its files being saved. `attention`: finished and paid for,
 * but its files could not be saved even with fresh links (a full disk, a file over the size limit,
 * a link that keeps failing): the error says why, and the creator may retry the save, open the
 * original link or remove the job. Docs: docs/robust-host.md.
 */
export const TASK_STATES = ['waiting', 'submitting', 'unknown', 'queued', 'running', 'completed', 'saved', 'attention', 'failed', 'timed_out', 'expired', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/**
 * The states of a job that is over: the oldest of these leave the list for the archive beside it
 * (the newest LISTED_FINISHED stay), where `tasks.archived` reads them (docs/robust-host.md, "Older tasks").
 */
export const ARCHIVED_STATES = ['saved', 'failed', 'cancelled', 'expired'] as const satisfies readonly TaskState[];

/**
 * Finished jobs kept in the task list (and the Tasks tab), newest first. The renderer holds the
 * list whole, so this bounds what a long day of jobs costs its memory (docs/robust-host.md, "A task
 * list that stays small"); the Tasks tab shows older ones past its end, from the archive.
 */
export const LISTED_FINISHED = 300;

export const TaskView = z.object({
  id: z.string(),
  /**
   * Counts the job's changes. An action's answer and the change events travel apart, so a view may
   * arrive after a newer one: the page keeps the higher revision (docs/robust-host.md, "Cancel keeps
   * what was paid for").
   */
  revision: z.number().int().nonnegative(),
  kind: z.enum(['image', 'video']),
  route: z.enum(['generic', 'multipart']),
  model: z.string(),
  prompt: z.string(),
  actualPrompt: z.string().optional(),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(TASK_STATES),
  /** What the gateway said, verbatim (spec §3). */
  rawStatus: z.string().optional(),
  progress: z.number().optional(),
  /** Message data; plain English in a record written before messages were data (shared/messages). */
  error: TextData.optional(),
  /** The gateway's task id, once submitted. */
  remoteId: z.string().optional(),
  createdAt: z.number(),
  submittedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  /**
   * When the creator cancelled it. A cancelled job with this is still followed: the gateway cannot
   * stop a paid job, so its result is saved when it finishes, and it keeps this once saved.
   */
  cancelledAt: z.number().optional(),
  /** Result links die at this time unless saved (spec §1). */
  expiresAt: z.number().optional(),
  /** Its cell in a batch run (shared/contract/batches.ts). */
  batch: z.object({ id: z.string(), index: z.number().int().nonnegative() }).optional(),
  downloads: z.array(z.object({
    state: z.enum(['pending', 'downloading', 'done', 'failed', 'expired']),
    received: z.number(),
    total: z.number().optional(),
    libraryId: z.string().optional(),
  })),
});
export type TaskView = z.infer<typeof TaskView>;

/** The job's request, checked here once (job-request.ts). */
export const SubmitTaskInput = JobRequest;
export type SubmitTaskInput = JobRequest;

const id = z.object({ id: z.string().min(1) });

/** The most requests one `tasks.submitBatch` queues (a Compare sends one per model). */
export const MAX_BATCH = 50;

/**
 * The host's job queue (docs/robust-host.md, "The job queue"): `paused` starts nothing new until
 * resumed; `draining` finishes what runs and starts nothing new (a clean quit); `waiting` jobs are
 * written to disk and not yet sent; `running` ones are being sent.
 */
export const QueueStatus = z.object({
  paused: z.boolean(),
  draining: z.boolean(),
  waiting: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
});
export type QueueStatus = z.infer<typeof QueueStatus>;

export const QueueLimits = z.object({
  perModel: z.number().int().min(1).max(16),
  overall: z.number().int().min(1).max(32),
});
export type QueueLimits = z.infer<typeof QueueLimits>;

export const taskMethods = {
  'tasks.list': { input: z.object({}), output: z.array(TaskView) },
  'tasks.submit': { input: SubmitTaskInput, output: TaskView },
  /**
   * Queues several jobs in one call (a Compare: one prompt, several models). Every job is written
   * to disk before the call answers, and the host sends them under its limits, with the window
   * closed too. A request the catalog refuses refuses the whole batch, nothing queued.
   */
  'tasks.submitBatch': { input: z.object({ requests: z.array(SubmitTaskInput).min(1).max(MAX_BATCH) }), output: z.array(TaskView) },
  'tasks.queue': { input: z.object({}), output: QueueStatus },
  /** How many jobs the queue sends at once, per model and overall (Settings; kept across restarts). */
  'tasks.queueLimits': { input: z.object({}), output: QueueLimits },
  'tasks.setQueueLimits': { input: QueueLimits, output: QueueLimits },
  /** Starts no new job until resumed; jobs being sent finish. */
  'tasks.pauseQueue': { input: z.object({}), output: QueueStatus },
  'tasks.resumeQueue': { input: z.object({}), output: QueueStatus },
  /** Starts no new job, and answers once none is being sent (resume starts them again). */
  'tasks.drainQueue': { input: z.object({}), output: QueueStatus },
  /**
   * Cancel a job still running (the UI confirms first). The gateway cannot stop it and bills it
   * anyway, so the host keeps following it and saves its result if it finishes.
   */
  'tasks.cancel': { input: id, output: TaskView },
  /** Stop saving a finished job's files: the partial file goes, the job needs attention ("Retry save"). */
  'tasks.stopSaving': { input: id, output: TaskView },
  /** Resubmit the same parameters as a new job (the UI confirms first: it costs money). */
  'tasks.retry': { input: id, output: TaskView },
  /** Resume polling after a time-out, or retry saving the files (asking the gateway for fresh links). */
  'tasks.checkAgain': { input: id, output: TaskView },
  /** Forget a job that is no longer active (its partial files go too; saved files stay in the library). */
  'tasks.remove': { input: id, output: z.object({ removed: z.boolean() }) },
  /**
   * Finished jobs moved out of the list, newest first, `limit` at a time; `next` is the next
   * page's `before`, absent at the end. `states` keeps only jobs in these states. `tasks.remove`
   * forgets an archived job too.
   */
  'tasks.archived': {
    input: z.object({
      before: z.number().int().nonnegative().optional(),
      limit: z.number().int().min(1).max(200),
      states: z.array(z.enum(TASK_STATES)).max(TASK_STATES.length).optional(),
    }),
    output: z.object({ tasks: z.array(TaskView), next: z.number().int().nonnegative().optional() }),
  },
  /** The job's original result links, to open in a browser when saving failed. */
  'tasks.links': { input: id, output: z.object({ urls: z.array(z.string()) }) },
} as const;

export const taskEvents = {
  'tasks.onDidChange': TaskView,
  /** A submission the gateway refused outright leaves no job behind. */
  'tasks.onDidRemove': z.object({ id: z.string() }),
  'tasks.onQueueChange': QueueStatus,
} as const;
