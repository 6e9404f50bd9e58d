/**
 * Batch runs (docs/batches.md): a batch's cells checked as `tasks.submit` checks a request, then
 * the batch, its cells and all their jobs written in one transaction, and sent by the host's job
 * queue under its limits. The queue leaves a paused batch's waiting jobs be; cancelling what is not
 * yet sent, reordering and retrying a failed cell are changes of those jobs, never a second send.
 */
import { randomUUID } from 'node:crypto';
import { RETRYABLE_STATES, type BatchCellView, type BatchCheck, type BatchInput, type BatchView } from '@shared/contract/batches.js';
import type { ItemCost } from '@shared/contract/ledger-quote.js';
import { TASK_STATES, type TaskState } from '@shared/contract/tasks.js';
import { msg } from '@shared/messages/index.js';
import { coreError, textOf } from '../errors.js';
import { asFailure } from '../tasks/job-submit.js';
import { isFollowedAfterCancel, type JobRecord } from '../tasks/job-record.js';
import type { JobService } from '../tasks/job-service.js';
import { specOf, type JobSpec } from '../tasks/job-spec.js';
import { sumCosts } from './batch-cost.js';
import type { BatchesTable, BatchRow, CellRow } from './batches-table.js';

/** At most this often per batch is a change told to the page (a few times a second). */
export const CHANGE_EVERY_MS = 250;

export interface BatchServiceDeps {
  table: BatchesTable;
  jobs: JobService;
  /** Each job's cost from the spend ledger, by job id (a job not billed yet is left out). */
  costs(jobIds: readonly string[]): Record<string, ItemCost>;
  now(): number;
  onChange(view: BatchView): void;
  onRemove(id: string): void;
  /** A timer for the throttle of changes; tests pass a fake clock's. */
  setTimer?(fn: () => void, ms: number): { cancel(): void };
}

interface Batch {
  row: BatchRow;
  cells: CellRow[];
}

const ACTIVE: readonly TaskState[] = ['waiting', 'submitting', 'queued', 'running', 'completed'];
const RETRYABLE: ReadonlySet<TaskState> = new Set(RETRYABLE_STATES);

const realTimer = (fn: () => void, ms: number) => {
  const t = setTimeout(fn, ms);
  t.unref?.();
  return { cancel: () => clearTimeout(t) };
};

export class BatchService {
  private readonly batches = new Map<string, Batch>();
  /** Which batch each job (every try) belongs to. */
  private readonly byJob = new Map<string, string>();
  private readonly due = new Map<string, { cancel(): void }>();
  private readonly unwatch: () => void;

  constructor(private readonly d: BatchServiceDeps) {
    for (const { batch, cells } of d.table.all()) this.keep({ row: batch, cells });
    // A paused batch stays paused after a restart: its rows say so, and the queue reads this.
    d.jobs.holdWhen((job) => job.batch !== undefined && this.batches.get(job.batch.id)?.row.paused === true);
    this.unwatch = d.jobs.watch((job) => {
      const id = job.batch?.id ?? this.byJob.get(job.id);
      if (id && this.batches.has(id)) this.changedLater(id);
    });
  }

  close(): void {
    this.unwatch();
    for (const t of this.due.values()) t.cancel();
    this.due.clear();
  }

  private keep(b: Batch): void {
    this.batches.set(b.row.id, b);
    for (const c of b.cells) for (const jobId of [c.jobId, ...c.tries]) this.byJob.set(jobId, b.row.id);
  }

  /** Every cell checked as a send would check it; nothing written. */
  check(input: BatchInput): BatchCheck {
    const refusals: BatchCheck['refusals'] = [];
    input.cells.forEach((cell, index) => {
      const missing = input.axes.find((axis) => !(axis in cell.coords));
      if (missing !== undefined) {
        refusals.push({ index, error: msg('batches.batch.coordsMissing', { axis: missing }) });
        return;
      }
      const kind = cell.request.route === 'image' ? 'image' : 'video';
      if (kind !== input.kind) {
        refusals.push({ index, error: msg('batches.batch.wrongKind', { route: kind, kind: input.kind }) });
        return;
      }
      try {
        // As read back before a send (job-spec.ts): the same rules the contract and `tasks.submit` apply.
        this.d.jobs.prepare(specOf({ route: cell.request.route === 'video-multipart' ? 'multipart' : 'generic', kind, params: cell.request.request }));
      } catch (err) {
        refusals.push({ index, error: asFailure(err).text ?? textOf(err) });
      }
    });
    return { jobs: input.cells.length, refusals };
  }

  /** Queues the batch whole (every row and job in one transaction), or refuses it whole, the first refused cell named. */
  async create(input: BatchInput): Promise<BatchView> {
    const { refusals } = this.check(input);
    if (refusals.length) {
      const first = refusals[0];
      throw coreError('invalid_input', msg('batches.batch.refused', { cell: first.index + 1, message: first.error }), `cells.${first.index}`);
    }
    const row: BatchRow = {
      id: randomUUID(), name: input.name, kind: input.kind, axes: [...input.axes], createdAt: this.d.now(), paused: false,
      ...(input.promptId ? { promptId: input.promptId } : {}),
    };
    let cells: CellRow[] = [];
    const specs: JobSpec[] = input.cells.map((c) => c.request);
    await this.d.jobs.enqueue(specs, {
      batch: { id: row.id, indexes: specs.map((_, i) => i) },
      within: (jobs) => {
        cells = jobs.map((job, index) => ({ index, coords: input.cells[index].coords, jobId: job.id, tries: [], hidden: false }));
        this.d.table.insert(row, cells);
        // Known before the queue's first send can tell of a change.
        this.keep({ row, cells });
      },
    }).catch((err: unknown) => {
      this.forget(row.id);
      throw err;
    });
    // Told at once, not gathered: every window shows the new batch's row as its jobs appear.
    return this.told(row.id);
  }

  list(): BatchView[] {
    return [...this.batches.keys()].map((id) => this.view(id)).sort((a, b) => b.createdAt - a.createdAt);
  }

  get(id: string): { batch: BatchView; cells: BatchCellView[] } {
    const b = this.require(id);
    const states = this.d.jobs.statesOf(b.cells.map((c) => c.jobId));
    const cells = b.cells.map((c) => {
      const s = states.get(c.jobId);
      return { index: c.index, coords: c.coords, jobId: c.jobId, tries: [...c.tries], state: s?.state ?? 'cancelled', libraryIds: s?.libraryIds ?? [], hidden: c.hidden };
    });
    return { batch: this.view(id), cells };
  }

  view(id: string): BatchView {
    const { row, cells } = this.require(id);
    const counts = Object.fromEntries(TASK_STATES.map((s) => [s, 0])) as Record<TaskState, number>;
    const states = this.d.jobs.statesOf(cells.map((c) => c.jobId));
    // A job removed from the list (tasks.remove) leaves its cell as cancelled: it runs no more.
    for (const c of cells) counts[states.get(c.jobId)?.state ?? 'cancelled'] += 1;
    const costs = this.d.costs(cells.flatMap((c) => [c.jobId, ...c.tries]));
    const cost = sumCosts(Object.values(costs));
    return {
      id: row.id, name: row.name, kind: row.kind, axes: [...row.axes], createdAt: row.createdAt, paused: row.paused,
      cells: cells.length, counts, ...(cost ? { cost } : {}), ...(row.promptId ? { promptId: row.promptId } : {}),
    };
  }

  private forget(id: string): void {
    const b = this.batches.get(id);
    if (!b) return;
    this.batches.delete(id);
    for (const c of b.cells) for (const jobId of [c.jobId, ...c.tries]) this.byJob.delete(jobId);
    this.due.get(id)?.cancel();
    this.due.delete(id);
  }

  private require(id: string): Batch {
    const b = this.batches.get(id);
    if (!b) throw coreError('not_found', msg('batches.batch.gone'));
    return b;
  }

  /** Tells the page of a change, gathered: at most once per CHANGE_EVERY_MS per batch. */
  private changedLater(id: string): void {
    if (this.due.has(id)) return;
    this.due.set(id, (this.d.setTimer ?? realTimer)(() => {
      this.due.delete(id);
      if (this.batches.has(id)) this.d.onChange(this.view(id));
    }, CHANGE_EVERY_MS));
  }

  /** Its waiting jobs start nothing until resumed (kept on disk: a restart keeps it paused); those sent go on. */
  pause(id: string): BatchView {
    return this.setPaused(id, true);
  }

  resume(id: string): BatchView {
    return this.setPaused(id, false);
  }

  private setPaused(id: string, paused: boolean): BatchView {
    const b = this.require(id);
    this.d.table.setPaused(id, paused);
    b.row.paused = paused;
    // The queue reads the hold at its next look: now.
    this.d.jobs.queue.wake();
    return this.told(id);
  }

  /** These cells' waiting jobs go first, in this order; the batch's others keep their order after them. */
  reorder(id: string, first: readonly number[]): BatchView {
    const b = this.require(id);
    const byIndex = new Map(b.cells.map((c) => [c.index, c]));
    for (const index of first) if (!byIndex.has(index)) throw coreError('invalid_input', msg('batches.batch.noCell', { cell: index + 1 }), 'first');
    this.d.jobs.putFirst([...new Set(first)].map((i) => byIndex.get(i)!.jobId), b.cells.map((c) => c.jobId));
    return this.told(id);
  }

  /** Cancels every cell not yet sent (nothing bought); what is being sent or run goes on. */
  cancelPending(id: string): BatchView {
    for (const job of this.waitingJobs(id)) this.d.jobs.cancel(job.id);
    return this.told(id);
  }

  /** Each failed, timed-out or expired cell gets a new job (its old one kept in `tries`), queued like the batch's, all in one write. */
  async retryFailed(id: string): Promise<BatchView> {
    const b = this.require(id);
    const states = this.d.jobs.statesOf(b.cells.map((c) => c.jobId));
    const failed = b.cells.filter((c) => RETRYABLE.has(states.get(c.jobId)?.state ?? 'waiting'));
    if (!failed.length) throw coreError('conflict', msg('batches.batch.nothingToRetry'));
    const specs: JobSpec[] = [];
    for (const c of failed) {
      const job = this.d.jobs.get(c.jobId) ?? (await this.d.jobs.archivedRecord(c.jobId));
      if (!job) throw coreError('not_found', msg('jobs.task.gone'));
      specs.push(specOf(job));
    }
    await this.d.jobs.enqueue(specs, {
      batch: { id, indexes: failed.map((c) => c.index) },
      within: (jobs) => jobs.forEach((job, i) => {
        const cell = failed[i];
        this.d.table.setCellJob(id, cell.index, job.id, [...cell.tries, cell.jobId]);
      }),
    }).then((jobs) => jobs.forEach((job, i) => {
      const cell = failed[i];
      cell.tries = [...cell.tries, cell.jobId];
      cell.jobId = job.id;
      this.byJob.set(job.id, id);
    }));
    return this.told(id);
  }

  /** Hides or shows a cell on the contact sheet; nothing is deleted. */
  setHidden(id: string, index: number, hidden: boolean): BatchCellView {
    const b = this.require(id);
    const cell = b.cells.find((c) => c.index === index);
    if (!cell) throw coreError('not_found', msg('batches.batch.noCell', { cell: index + 1 }));
    this.d.table.setHidden(id, index, hidden);
    cell.hidden = hidden;
    return this.get(id).cells.find((c) => c.index === index)!;
  }

  /** Forgets a batch that is over; its jobs and saved files stay (their rows show loose in Tasks). */
  remove(id: string): boolean {
    if (!this.batches.has(id)) return false;
    if (!this.isOver(id)) throw coreError('conflict', msg('batches.batch.notOver'));
    this.d.table.remove(id);
    this.forget(id);
    this.d.onRemove(id);
    return true;
  }

  /** The view after an action, told to every window now (not gathered: the creator acted). */
  private told(id: string): BatchView {
    const view = this.view(id);
    this.d.onChange(view);
    return view;
  }

  /** Whether any cell's job still runs, or may still start. */
  isOver(id: string): boolean {
    const { cells } = this.require(id);
    return cells.every((c) => {
      const job = this.d.jobs.get(c.jobId);
      return !job || (!ACTIVE.includes(job.state) && !isFollowedAfterCancel(job));
    });
  }

  /** Waiting jobs of the batch, in cell order (for the actions on what is not yet sent). */
  protected waitingJobs(id: string): JobRecord[] {
    return this.require(id).cells.map((c) => this.d.jobs.get(c.jobId)).filter((j): j is JobRecord => j?.state === 'waiting');
  }
}
