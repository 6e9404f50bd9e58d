/**
 * The host's event-loop watchdog (docs/robust-host.md): a timer that asks to run every `periodMs`
 * and records how late it ran. Lateness is time the host's one thread spent on something else,
 * so a long one is a stall every window, chat and job felt. A few wakeups a second cost nothing
 * measurable while idle; perf_hooks' own monitor samples far more often than this needs.
 */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import type { AppHealth } from '@shared/contract/app.js';

export const STALL_MS = 100;

export interface LoopWatchdogOptions {
  periodMs?: number;
  now?: () => number;
  /** Called once per stall of at least `reportMs` (default 250), for the log. */
  onStall?(ms: number): void;
  reportMs?: number;
}

export class LoopWatchdog {
  private timer?: NodeJS.Timeout;
  private histogram: RecordableHistogram = createHistogram();
  private stalls = 0;
  private since: number;
  private readonly periodMs: number;
  private readonly now: () => number;

  constructor(private readonly o: LoopWatchdogOptions = {}) {
    this.periodMs = o.periodMs ?? 200;
    this.now = o.now ?? (() => performance.now());
    this.since = Date.now();
  }

  start(): this {
    this.arm(this.now());
    return this;
  }

  private arm(from: number): void {
    this.timer = setTimeout(() => {
      const late = Math.max(0, this.now() - from - this.periodMs);
      this.record(late);
      if (this.timer) this.arm(this.now());
    }, this.periodMs);
    this.timer.unref();
  }

  /** One observation of lateness, in ms (public for tests that drive it without a timer). */
  record(lateMs: number): void {
    this.histogram.record(Math.max(1, Math.round(lateMs)));
    if (lateMs >= STALL_MS) this.stalls += 1;
    if (lateMs >= (this.o.reportMs ?? 250)) this.o.onStall?.(Math.round(lateMs));
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Starts a fresh window of figures (a benchmark resets before its scenario). */
  reset(): void {
    this.histogram = createHistogram();
    this.stalls = 0;
    this.since = Date.now();
  }

  health(): AppHealth {
    const h = this.histogram;
    const none = h.count === 0;
    return {
      since: this.since,
      loop: {
        p50Ms: none ? 0 : h.percentile(50),
        p99Ms: none ? 0 : h.percentile(99),
        maxMs: none ? 0 : h.max,
        stalls: this.stalls,
      },
    };
  }
}
