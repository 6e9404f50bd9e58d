/**
 * Batch runs (docs/batches.md): many variants in one go. The page expands the composer's matrix
 * (prompts, or one prompt with {variables}, × models × parameter axes) into cells, each one job
 * request with its place in the matrix; the host checks every request against the catalog before
 * anything is paid, writes the batch and all its jobs in one transaction, and runs them in its job
 * queue, with the window closed and after a restart. A batch can be paused, resumed, reordered; what
 * is not yet sent can be cancelled; what failed can be tried again in its own cell.
 */
import { z } from 'zod';
import { TextData } from '../messages/index.js';
import { ItemCost } from './ledger-quote.js';
import { TakeOutcome } from './library.js';
import { JobRequest } from './job-request.js';
import { TASK_STATES } from './tasks.js';

/** The most cells one batch holds: a 500-cell batch is the scale the studio is measured at. */
export const MAX_BATCH_CELLS = 1_000;

/**
 * The cells "Retry failed" sends again: ended without a result, with nothing more to learn. A fate
 * unknown is looked up first (never sent twice); a save to fix has its results already paid.
 */
export const RETRYABLE_STATES = ['failed', 'timed_out', 'expired'] as const satisfies readonly (typeof TASK_STATES)[number][];
/** An axis: `prompt`, `model`, a variable's name, or a parameter (`aspect_ratio`, `resolution`, `n`, `duration`, `seed`). */
const AxisName = z.string().min(1).max(40);
const BatchId = z.string().min(1).max(100);

export const BatchCellInput = z.object({
  /** Where the cell sits: each axis's value, as its label reads (the prompt, the model, "16:9"). */
  coords: z.record(AxisName, z.string().max(4_000)),
  request: JobRequest,
});
export type BatchCellInput = z.infer<typeof BatchCellInput>;

export const BatchInput = z.object({
  name: z.string().trim().min(1).max(200),
  kind: z.enum(['image', 'video']),
  /** The axes in the composer's order; every cell's coords hold each of them. */
  axes: z.array(AxisName).min(1).max(8),
  cells: z.array(BatchCellInput).min(1).max(MAX_BATCH_CELLS),
  /** The prompt library's prompt the batch was made from (its results are shown with it). */
  promptId: z.string().max(100).optional(),
});
export type BatchInput = z.infer<typeof BatchInput>;

/** A cell the host refuses, with the rule named (the catalog's message), before anything is queued. */
export const BatchRefusal = z.object({ index: z.number().int().nonnegative(), error: TextData });

export const BatchCheck = z.object({
  jobs: z.number().int().nonnegative(),
  refusals: z.array(BatchRefusal),
});
export type BatchCheck = z.infer<typeof BatchCheck>;

/** Per state, how many of the batch's cells are there now (a retried cell counts by its newest job). */
export const BatchCounts = z.record(z.enum(TASK_STATES), z.number().int().nonnegative());

export const BatchView = z.object({
  id: BatchId,
  name: z.string(),
  kind: z.enum(['image', 'video']),
  axes: z.array(z.string()),
  createdAt: z.number(),
  /** Its waiting cells start nothing until resumed; cells being sent or run go on. */
  paused: z.boolean(),
  cells: z.number().int().nonnegative(),
  counts: BatchCounts,
  /** What it cost so far, from the spend ledger (summed over its jobs). */
  cost: ItemCost.optional(),
  promptId: z.string().optional(),
});
export type BatchView = z.infer<typeof BatchView>;

export const BatchCellView = z.object({
  index: z.number().int().nonnegative(),
  coords: z.record(z.string(), z.string()),
  /** The cell's newest job (a retry makes a new one); the earlier ones are in `tries`. */
  jobId: z.string(),
  tries: z.array(z.string()),
  state: z.enum(TASK_STATES),
  /** The library items its job saved. */
  libraryIds: z.array(z.string()),
  /** Hidden from the contact sheet ("discard from view"); nothing is deleted. */
  hidden: z.boolean(),
});
export type BatchCellView = z.infer<typeof BatchCellView>;

const id = z.object({ id: BatchId });

export const batchMethods = {
  /** Checks every cell as `batches.create` would, and counts its jobs; nothing is queued or paid. */
  'batches.check': { input: BatchInput, output: BatchCheck },
  /** Queues the batch whole, or refuses it whole (the first refused cell named): nothing paid. */
  'batches.create': { input: BatchInput, output: BatchView },
  /** Newest first. */
  'batches.list': { input: z.object({}), output: z.array(BatchView) },
  'batches.get': { input: id, output: z.object({ batch: BatchView, cells: z.array(BatchCellView) }) },
  'batches.pause': { input: id, output: BatchView },
  'batches.resume': { input: id, output: BatchView },
  /** Puts these cells' waiting jobs first, in this order; the others keep theirs after them. */
  'batches.reorder': { input: id.extend({ first: z.array(z.number().int().nonnegative()).max(MAX_BATCH_CELLS) }), output: BatchView },
  /** Cancels every cell not yet sent; what is being sent or run goes on (it may be paid). */
  'batches.cancelPending': { input: id, output: BatchView },
  /** Queues each cell in RETRYABLE_STATES again as a new job in the same cell (the UI confirms first: it costs money). */
  'batches.retryFailed': { input: id, output: BatchView },
  /** Hides or shows a cell on the contact sheet. */
  'batches.setHidden': { input: id.extend({ index: z.number().int().nonnegative(), hidden: z.boolean() }), output: BatchCellView },
  /** Forgets a batch that is over; its jobs and saved files stay. */
  'batches.remove': { input: id, output: z.object({ removed: z.boolean() }) },
  /**
   * The contact sheet as one PNG grid, rows by one axis and columns by another, each cell's first
   * shown result with its labels, and beside it its manifest (JSON): every cell's coords, request
   * and files. Saved where the creator chooses.
   */
  'batches.exportSheet': { input: id.extend({ rows: z.string(), columns: z.string() }), output: TakeOutcome },
} as const;

export const batchEvents = {
  /** A batch's counts, cost or state changed (at most a few times a second per batch). */
  'batches.onChange': BatchView,
  'batches.onRemove': id,
} as const;
