/**
 * Asynchronous jobs on the simulated clock. A task's state is derived from the time elapsed
 * since submission and from whether its media is ready, so polling never drives progress and
 * a restart with `--data-dir` resumes every task where it was.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import { formatSpecTime, realTimeOf } from './clock.js';
import { noisyDurationMs, noisyFraction, type ProgressMode } from './progress-curve.js';

export type TaskRoute = 'generic' | 'multipart';
export type TaskKind = 'image' | 'video';

export type Outcome =
  | { state: 'pending' }
  | { state: 'ready'; readyAt: number; result: Record<string, unknown>; videoUrl?: string }
  | { state: 'failed'; message: string; at?: number };

export interface TaskRecord {
  id: string;
  key: string;
  route: TaskRoute;
  kind: TaskKind;
  model: string;
  prompt: string;
  actualPrompt?: string;
  params: Record<string, unknown>;
  createdAt: number;
  durationMs: number;
  /** What the job was charged (ten-thousandths of a yuan) and its spend row; refunded if it fails. */
  costUnits?: number;
  chargeSeq?: number;
  /** Written by older sandboxes, in yuan: still refunded on failure. */
  costYuan?: number;
  /** The "fails but stays billed" fault: the failure is not refunded. */
  staysBilled?: boolean;
  /** Set at submission by the "fail the next task" fault: the task fails halfway through. */
  failMessage?: string;
  /** When generation began: a task waiting behind others in the queue is still "submitted". */
  startedAt?: number;
  /** Set at submission while the `noisy` progress mode is on (progress-curve.ts). */
  curve?: 'noisy';
  outcome: Outcome;
}

/** What `GET /_sandbox/tasks/<id>/timeline` answers: real wall-clock epoch ms, not simulated. */
export interface Timeline {
  task_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  created_at: number;
  /** The first moment a query answers the task completed (or failed); null before. */
  done_at: number | null;
  /** Every status query of the task this run, when it arrived. */
  queries: number[];
}

export type Generate = (task: TaskRecord) => Promise<{ result: Record<string, unknown>; videoUrl?: string }>;

/**
 * Answers a result link as the client should see it now (fresh links on query:
 * docs/gateway-rules.md, "Result links").
 */
export type Relink = (url: string) => string;
const asIs: Relink = (url) => url;

/** Every string under a task's result goes through `relink` (non-links come back unchanged). */
function relinkAll(value: unknown, relink: Relink): unknown {
  if (typeof value === 'string') return relink(value);
  if (Array.isArray(value)) return value.map((v) => relinkAll(v, relink));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relinkAll(v, relink)]));
  return value;
}

/** The simulated moment a query first answered the task ended (a worker's failure: when it failed). */
function doneSim(t: TaskRecord, p: { phase: 'done' | 'failed'; endAt: number }): number {
  return p.phase === 'failed' && t.outcome.state === 'failed' && t.outcome.at !== undefined ? t.outcome.at : p.endAt;
}

/** Simulated time a task spends queued before it is picked up. */
const QUEUED_MS = 1_500;

export class TaskStore {
  private readonly byId = new Map<string, TaskRecord>();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  /** How the next tasks report progress (`POST /_sandbox/tasks/progress`; faults/reset: linear). */
  progressMode: ProgressMode = 'linear';
  /** Real arrival times of each task's status queries, in memory only (the timeline route). */
  private readonly queries = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    saved: TaskRecord[] | undefined,
    private readonly generate: Generate,
    private readonly onChange: () => void,
    private readonly onFailed: (task: TaskRecord) => void,
  ) {
    for (const t of saved ?? []) this.byId.set(t.id, t);
    for (const t of this.byId.values()) if (t.outcome.state === 'pending' && !t.failMessage) this.enqueue(t);
  }

  list(): TaskRecord[] {
    return [...this.byId.values()];
  }

  create(init: Omit<TaskRecord, 'id' | 'createdAt' | 'outcome'>): TaskRecord {
    const prefix = init.route === 'multipart' ? 'vid' : init.kind === 'image' ? 'img' : 'gen';
    const task: TaskRecord = {
      ...init, id: `${prefix}_${randomBytes(10).toString('hex')}`, createdAt: this.clock.now(), outcome: { state: 'pending' },
      ...(this.progressMode === 'noisy' ? { curve: 'noisy' as const } : {}),
    };
    this.byId.set(task.id, task);
    if (!task.failMessage) this.enqueue(task);
    this.onChange();
    return task;
  }

  /** Only the key that submitted a task can see it; anything else is "not found". */
  find(id: string, key: string, route: TaskRoute): TaskRecord | undefined {
    const t = this.byId.get(id);
    return t && t.key === key && t.route === route ? t : undefined;
  }

  /** Any task, whoever submitted it (admin routes only). */
  get(id: string): TaskRecord | undefined {
    return this.byId.get(id);
  }

  /** Media are generated one job at a time: they are CPU-bound and the server must stay responsive. */
  private enqueue(task: TaskRecord): void {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      task.startedAt = this.clock.now();
      try {
        const out = await this.generate(task);
        task.outcome = { state: 'ready', readyAt: this.clock.now(), ...out };
      } catch (err) {
        // Stopped by close(): the task stays pending and resumes at the next start.
        if (this.stopped) return;
        task.outcome = { state: 'failed', message: `Generation failed in the sandbox: ${(err as Error).message}`, at: this.clock.now() };
        this.onFailed(task);
      }
      this.onChange();
    });
  }

  /** The task's simulated run length: its nominal one, varied per task in noisy mode. */
  private runMs(t: TaskRecord): number {
    return t.curve === 'noisy' ? noisyDurationMs(t.id, t.durationMs) : t.durationMs;
  }

  private phase(t: TaskRecord, now: number) {
    const elapsed = now - t.createdAt;
    const durationMs = this.runMs(t);
    const failAt = t.createdAt + Math.max(QUEUED_MS + 1, durationMs / 2);
    if (t.failMessage && now >= failAt) return { phase: 'failed' as const, message: t.failMessage, endAt: failAt };
    if (t.outcome.state === 'failed') return { phase: 'failed' as const, message: t.outcome.message, endAt: Math.max(now, t.outcome.at ?? now) };
    if (elapsed < QUEUED_MS || (t.startedAt === undefined && !t.failMessage)) return { phase: 'queued' as const, progress: 0 };
    // Time spent waiting behind other jobs (generation runs in workers, one task at a time) is
    // queue time: the job's own run still takes its full length, with progress from its start.
    const waited = Math.max(0, (t.startedAt ?? 0) - (t.createdAt + QUEUED_MS));
    const doneAt = t.createdAt + durationMs + waited;
    if (now >= doneAt && t.outcome.state === 'ready') {
      return { phase: 'done' as const, endAt: Math.max(doneAt, t.outcome.readyAt), outcome: t.outcome };
    }
    const x = (elapsed - waited) / durationMs;
    const progress = Math.min(99, Math.max(1, Math.floor((t.curve === 'noisy' ? noisyFraction(t.id, x) : x) * 100)));
    return { phase: 'running' as const, progress };
  }

  /** Settles a fault-failed task's bookkeeping (refund) exactly once. */
  private settle(t: TaskRecord, p: ReturnType<TaskStore['phase']>) {
    if (p.phase === 'failed' && t.failMessage && t.outcome.state === 'pending') {
      t.outcome = { state: 'failed', message: t.failMessage, at: p.endAt };
      this.onFailed(t);
      this.onChange();
    }
  }

  /**
   * When the task was created and first answered done, in real time: the latency benchmark
   * compares it with when the studio knew (docs/performance.md). It reads the phase as a query
   * would, so a fault-failed task settles here too.
   */
  timeline(t: TaskRecord): Timeline {
    const p = this.phase(t, this.clock.now());
    this.settle(t, p);
    const status = p.phase === 'done' || p.phase === 'failed' ? p.phase : p.phase === 'queued' ? 'queued' : 'running';
    return {
      task_id: t.id, status, created_at: Math.round(realTimeOf(this.clock, t.createdAt)),
      done_at: p.phase === 'queued' || p.phase === 'running' ? null : Math.round(realTimeOf(this.clock, doneSim(t, p))),
      queries: [...(this.queries.get(t.id) ?? [])],
    };
  }

  private noteQuery(t: TaskRecord): void {
    const list = this.queries.get(t.id) ?? [];
    if (!list.length) this.queries.set(t.id, list);
    if (list.length < 1_000) list.push(Date.now());
  }

  /** Spec 2.13, the generic task. */
  genericView(t: TaskRecord, relink: Relink = asIs) {
    this.noteQuery(t);
    const p = this.phase(t, this.clock.now());
    this.settle(t, p);
    const base = { task_id: t.id, created_at: new Date(t.createdAt).toISOString() };
    switch (p.phase) {
      case 'queued': return { ...base, status: 'submitted', progress: 0 };
      case 'running': return { ...base, status: 'processing', progress: p.progress };
      case 'failed': return { ...base, status: 'failed', progress: 100, error: { message: p.message } };
      case 'done': return { ...base, status: 'completed', progress: 100, result: relinkAll(p.outcome.result, relink) };
    }
  }

  /** Spec 2.12, the multipart video task (`video_url` percent-encoded). */
  multipartView(t: TaskRecord, relink: Relink = asIs) {
    this.noteQuery(t);
    const p = this.phase(t, this.clock.now());
    this.settle(t, p);
    const base = { task_id: t.id, orig_prompt: t.prompt, actual_prompt: t.actualPrompt ?? t.prompt, submit_time: formatSpecTime(t.createdAt) };
    switch (p.phase) {
      case 'queued': return { ...base, task_status: 'PENDING' };
      case 'running': return { ...base, task_status: 'RUNNING' };
      case 'failed': return { ...base, task_status: 'FAILED', end_time: formatSpecTime(p.endAt), error: { message: p.message }, message: p.message };
      case 'done': return {
        ...(relinkAll(p.outcome.result, relink) as Record<string, unknown>),
        ...base,
        task_status: 'SUCCEEDED',
        video_url: encodeURIComponent(p.outcome.videoUrl ? relink(p.outcome.videoUrl) : ''),
        end_time: formatSpecTime(p.endAt),
      };
    }
  }

  /** Starts no more generations and leaves the one being stopped pending (close()). */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves once every queued generation has run or been skipped (tests and close()). */
  idle(): Promise<void> {
    return this.queue;
  }
}
