/**
 * The host's job queue, after Signal Desktop's `JobQueue`: entries are written to disk before any
 * is sent, started under a limit per model and overall, and a send the gateway proves it did not
 * take is tried again later; a send whose fate is unknown is never tried again here (the sender
 * says which it was). Pause stops new starts; drain also waits for the ones running (a clean quit).
 * Docs: docs/robust-host.md, "The job queue".
 */

/** An entry as the queue sees it: the durable record lives in the caller's store. */
export interface QueueEntry {
  id: string;
  /** Entries of one model share its limit (a gateway's rate limits are per model). */
  model: string;
  /** Earlier entries start first. */
  order: number;
  /** Not before this time (a back-off after a 429 or a refused connection). */
  notBefore?: number;
}

/** What one send came to: over (whatever its fate), or to be tried again at `at`. */
export type SendOutcome = { kind: 'done' } | { kind: 'again'; at: number };

/** The narrow store the queue reads: the entries still waiting, as written on disk. */
export interface QueueStore {
  waiting(): QueueEntry[];
}

export interface QueueLimits {
  perModel: number;
  overall: number;
}

export const DEFAULT_QUEUE_LIMITS: QueueLimits = { perModel: 2, overall: 4 };

export interface QueueStatus {
  paused: boolean;
  draining: boolean;
  waiting: number;
  running: number;
}

export interface JobQueueDeps {
  store: QueueStore;
  send(id: string): Promise<SendOutcome>;
  now(): number;
  limits?: Partial<QueueLimits>;
  /** A timer for the next back-off; tests pass a fake clock's. */
  setTimer?(fn: () => void, ms: number): { cancel(): void };
  onStatus?(status: QueueStatus): void;
  log?(line: string): void;
}

const realTimer = (fn: () => void, ms: number) => {
  const t = setTimeout(fn, ms);
  t.unref?.();
  return { cancel: () => clearTimeout(t) };
};

export class JobQueue {
  private readonly running = new Map<string, string>();
  private limits: QueueLimits;
  private paused = false;
  private draining = false;
  private started = false;
  private timer?: { cancel(): void; at: number };
  private idle: Array<() => void> = [];
  private lastStatus = '';

  constructor(private readonly d: JobQueueDeps) {
    this.limits = { ...DEFAULT_QUEUE_LIMITS, ...d.limits };
  }

  /** Starts what waits (after a restart too: the store still holds every unsent entry). */
  start(): void {
    this.started = true;
    this.draining = false;
    this.wake();
  }

  /** Starts nothing new until `resume`; what runs finishes. */
  pause(): void {
    this.paused = true;
    this.report();
  }

  resume(): void {
    this.paused = false;
    this.draining = false;
    this.wake();
  }

  /** Starts nothing new and resolves once nothing runs (a clean quit). */
  drain(): Promise<void> {
    this.draining = true;
    this.timer?.cancel();
    this.timer = undefined;
    this.report();
    return this.running.size === 0 ? Promise.resolve() : new Promise((r) => this.idle.push(r));
  }

  /** How many it sends at once, per model and overall. */
  currentLimits(): QueueLimits {
    return { ...this.limits };
  }

  /** New limits, at once: a raised one starts what waits; a lowered one lets what runs finish. */
  setLimits(limits: QueueLimits): void {
    this.limits = { ...limits };
    this.wake();
  }

  status(): QueueStatus {
    const waiting = this.d.store.waiting().filter((e) => !this.running.has(e.id)).length;
    return { paused: this.paused, draining: this.draining, waiting, running: this.running.size };
  }

  /** Looks for entries that may start now; called after a change to the store or a send's end. */
  wake(): void {
    if (!this.started || this.paused || this.draining) {
      this.report();
      return;
    }
    const now = this.d.now();
    const perModel = new Map<string, number>();
    for (const model of this.running.values()) perModel.set(model, (perModel.get(model) ?? 0) + 1);
    let nextAt = Infinity;
    const entries = this.d.store.waiting().filter((e) => !this.running.has(e.id)).sort((a, b) => a.order - b.order);
    for (const e of entries) {
      if (this.running.size >= this.limits.overall) break;
      if ((perModel.get(e.model) ?? 0) >= this.limits.perModel) continue;
      if (e.notBefore !== undefined && e.notBefore > now) {
        nextAt = Math.min(nextAt, e.notBefore);
        continue;
      }
      perModel.set(e.model, (perModel.get(e.model) ?? 0) + 1);
      this.run(e);
    }
    this.schedule(nextAt);
    this.report();
  }

  private run(e: QueueEntry): void {
    this.running.set(e.id, e.model);
    void this.d.send(e.id)
      .catch((err: unknown): SendOutcome => {
        // The sender records its own failures; one it did not is logged and the entry left as the store has it.
        this.d.log?.(`queue: a send failed unexpectedly: ${(err as Error).message}`);
        return { kind: 'done' };
      })
      .then((outcome) => {
        this.running.delete(e.id);
        if (outcome.kind === 'again') this.schedule(outcome.at);
        if (this.running.size === 0) for (const r of this.idle.splice(0)) r();
        this.wake();
      });
  }

  private schedule(at: number): void {
    if (!Number.isFinite(at) || this.draining) return;
    if (this.timer && this.timer.at <= at) return;
    this.timer?.cancel();
    const t = (this.d.setTimer ?? realTimer)(() => {
      this.timer = undefined;
      this.wake();
    }, Math.max(0, at - this.d.now()));
    this.timer = { cancel: () => t.cancel(), at };
  }

  private report(): void {
    if (!this.d.onStatus) return;
    const s = this.status();
    const key = JSON.stringify(s);
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    this.d.onStatus(s);
  }
}
