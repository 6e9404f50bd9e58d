/**
 * A small pool of media workers (nothing heavy runs on the host's event loop, docs/robust-host.md
 * "Principles"; the embedded sandbox shares that loop with the studio). Workers start lazily, never
 * keep the process alive (unref'd), and a job that overruns its hard time limit gets its worker
 * terminated and replaced: the job fails, the next one runs on a fresh worker. A crash costs only
 * the job that was running.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MediaFaultMode } from '../core/faults.js';
import { INPUT_BYTES, OUTPUT_BYTES, asBuffer, prepareTransfer, type JobMessage, type MediaInput, type MediaKind, type MediaOutput, type WorkerMessage } from './media-jobs.js';

export type MediaFailure = 'timeout' | 'crash' | 'closed';

/** A job that did not fail by itself: its worker ran out of time, died, or the pool closed. */
export class MediaJobError extends Error {
  constructor(readonly reason: MediaFailure, message: string) {
    super(message);
  }
}

export interface MediaPoolOptions {
  /** Workers at most; each holds its own WASM engines (tens of MB), so keep it small. */
  size?: number;
  /** Real milliseconds a job may run once its worker is up. */
  timeLimitMs?: number;
  /** An idle worker is stopped after this long, giving its memory back. */
  idleMs?: number;
}

interface Job {
  id: number;
  kind: MediaKind;
  input: unknown;
  fault?: MediaFaultMode;
  resolve(output: unknown): void;
  reject(err: Error): void;
  startedAt?: number;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  lastKind?: MediaKind;
  idleTimer?: NodeJS.Timeout;
  startTimer?: NodeJS.Timeout;
}

/** How to start the worker in this layout: the bundle's .js beside us, else the .ts sources. */
function workerEntry(): { script: string; evalCode: boolean } {
  const here = dirname(fileURLToPath(import.meta.url));
  // electron-vite emits the worker as its own entry beside out/main/index.js; this module may
  // sit in that file or in a shared chunk one folder below it.
  for (const dir of [here, dirname(here)]) {
    const built = join(dir, 'media-worker.js');
    if (existsSync(built)) return { script: built, evalCode: false };
  }
  // Sources (tsx, Vitest). Node 20 ignores `--import tsx` in a Worker's execArgv (nodejs/node#47747),
  // so a bootstrap registers tsx's hooks inside the worker, then imports the TypeScript entry.
  // The specifier is a variable so the packaging check does not take tsx, a development-only
  // tool never reached from the bundle, for a file the app loads.
  const tsxApi = 'tsx/esm/api';
  const api = import.meta.resolve(tsxApi);
  const source = pathToFileURL(join(here, 'media-worker.ts')).href;
  return { script: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`, evalCode: true };
}

let entry: ReturnType<typeof workerEntry> | undefined;
/** Loading the sources through tsx on a busy 2-core machine takes seconds; the bundle, far less. */
const START_LIMIT_MS = 60_000;

export class MediaPool {
  private readonly size: number;
  private readonly timeLimitMs: number;
  private readonly idleMs: number;
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private closed = false;
  private seq = 0;
  private readonly counts = { started: 0, finished: 0, failed: 0, timed_out: 0, crashed: 0 };

  constructor(options: MediaPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 2);
    this.timeLimitMs = options.timeLimitMs ?? 60_000;
    this.idleMs = options.idleMs ?? 30_000;
  }

  run<K extends MediaKind>(kind: K, input: MediaInput<K>, fault?: MediaFaultMode): Promise<MediaOutput<K>> {
    if (this.closed) return Promise.reject(new MediaJobError('closed', 'The sandbox is shutting down'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.seq, kind, input, fault, resolve: resolve as (o: unknown) => void, reject });
      this.pump();
    });
  }

  /** What runs now and what ran (the admin route `GET /_sandbox/stats`, and tests). */
  stats() {
    const now = Date.now();
    const running = this.slots.flatMap((s) => (s.job ? [{ job: s.job.id, kind: s.job.kind, ms: s.job.startedAt ? now - s.job.startedAt : 0 }] : []));
    return { workers: this.slots.length, queued: this.queue.length, running, ...this.counts };
  }

  /** Stops every worker; queued and running jobs fail as 'closed'. */
  async close(): Promise<void> {
    this.closed = true;
    const closing = new MediaJobError('closed', 'The sandbox is shutting down');
    for (const job of this.queue.splice(0)) job.reject(closing);
    await Promise.all([...this.slots].map((slot) => this.retire(slot, closing)));
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const kind = this.queue[0].kind;
      const idle = this.slots.filter((s) => !s.job);
      // The same kind on the same worker reuses its warm engines (WASM compiled, fonts loaded).
      let slot = idle.find((s) => s.lastKind === kind) ?? idle[0];
      if (!slot && this.slots.length < this.size) {
        try {
          slot = this.spawn();
        } catch (err) {
          this.queue.shift()!.reject(new MediaJobError('crash', `the media worker could not start: ${(err as Error).message}`));
          continue;
        }
      }
      if (!slot) return;
      this.dispatch(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    entry ??= workerEntry();
    // execArgv: [] so the host's flags (V8 options, --import tsx, an inspector) are not inherited.
    // The heap limit makes a runaway job end as that worker's out-of-memory error, not the host's;
    // pixels, audio and WASM memory live outside it.
    const worker = new Worker(entry.script, { eval: entry.evalCode, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 512 } });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    // A worker that never comes up (a broken install) fails its job instead of holding it forever.
    slot.startTimer = setTimeout(() => {
      void this.retire(slot, new MediaJobError('crash', `the media worker did not start within ${START_LIMIT_MS / 1000} s`));
      this.pump();
    }, START_LIMIT_MS);
    worker.on('message', (msg: WorkerMessage) => this.onMessage(slot, msg));
    worker.on('error', (err) => this.onDeath(slot, err.message));
    worker.on('exit', (code) => this.onDeath(slot, `exit code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.lastKind = job.kind;
    const { value, transfer } = prepareTransfer(job.input, INPUT_BYTES[job.kind]);
    job.input = undefined; // the transferred bytes belong to the worker now
    slot.worker.postMessage({ id: job.id, kind: job.kind, input: value, fault: job.fault } satisfies JobMessage, transfer);
    if (slot.ready) this.startClock(slot, job);
  }

  private startClock(slot: Slot, job: Job): void {
    this.counts.started++;
    job.startedAt = Date.now();
    // A ref'd timer: while a job runs the process waits for it, at most this long.
    job.timer = setTimeout(() => {
      this.counts.timed_out++;
      const seconds = Math.round(this.timeLimitMs / 100) / 10;
      void this.retire(slot, new MediaJobError('timeout', `the ${job.kind} job ran past its ${seconds} s time limit and its worker was stopped`));
      this.pump();
    }, this.timeLimitMs);
  }

  private onMessage(slot: Slot, msg: WorkerMessage): void {
    if (msg.type === 'ready') {
      slot.ready = true;
      clearTimeout(slot.startTimer);
      if (slot.job) this.startClock(slot, slot.job);
      return;
    }
    const job = slot.job;
    if (!job || job.id !== msg.id) return;
    clearTimeout(job.timer);
    slot.job = undefined;
    if (msg.type === 'done') {
      this.counts.finished++;
      job.resolve(asBuffer(msg.output, OUTPUT_BYTES[job.kind]));
    } else {
      this.counts.failed++;
      job.reject(new Error(msg.message));
    }
    if (!this.closed) slot.idleTimer = setTimeout(() => void this.retire(slot), this.idleMs).unref();
    this.pump();
  }

  private onDeath(slot: Slot, why: string): void {
    if (!this.slots.includes(slot)) return; // retired on purpose
    if (slot.job) this.counts.crashed++;
    const what = slot.job ? `the ${slot.job.kind} job` : 'a job';
    void this.retire(slot, new MediaJobError('crash', `the media worker stopped unexpectedly (${why}) while running ${what}`));
    this.pump();
  }

  /** Removes a worker from the pool and stops it; its job, if any, fails with `err`. */
  private async retire(slot: Slot, err?: MediaJobError): Promise<void> {
    if (!this.slots.includes(slot)) return;
    this.slots = this.slots.filter((s) => s !== slot);
    clearTimeout(slot.idleTimer);
    clearTimeout(slot.startTimer);
    const job = slot.job;
    slot.job = undefined;
    if (job) {
      clearTimeout(job.timer);
      job.reject(err ?? new MediaJobError('closed', 'The media worker was stopped'));
    }
    await slot.worker.terminate();
  }
}
