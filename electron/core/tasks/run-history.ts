/**
 * When a multipart-route job (spec §2.12: PENDING / RUNNING, no progress) will likely end, from
 * earlier jobs of the same model and length (docs/gateway-rules.md, "Polling cadence").
 *
 * A gateway queues jobs: an earlier job's `end_time − submit_time` includes its wait in the queue,
 * so a later job that does not wait would be aimed too late, and one that waits longer too early.
 * So each finished job teaches two things:
 * - its total, `end_time − submit_time` (both the gateway's clock, free of skew), and whether it
 *   was already RUNNING at its first check (no wait worth the name): only such totals guide a
 *   job that was itself RUNNING at its first check;
 * - its run after leaving the queue, bounded by the last answer that said PENDING and the first
 *   that said RUNNING: run ∈ [total − (firstRunning − submitted), total − (lastPending − submitted)].
 *   The bounds of all earlier jobs intersect: the true run lies in each of them.
 * A job seen RUNNING ends between (its last PENDING + the shortest run) and (its first RUNNING +
 * the longest run); the total narrows that when both agree, and the later of the two wins when
 * they do not. Kept in memory only.
 */
import type { JobRecord } from './job-record.js';

export interface Window { lo: number; hi: number }

interface Learned { total: number; prompt: boolean; run: Window }
interface Seen { pendingAt: number; runningAt?: number }

const LEARNED = 12;
const MAX_KEYS = 5_000;
/** A job first seen RUNNING this long after its first check was due still counts as not queued. */
const PROMPT_SLACK_MS = 1_000;

/** Jobs of one model and length on one route take about as long as each other. */
export function lengthKey(job: JobRecord): string {
  const length = job.params.seconds ?? job.params.duration ?? '';
  return `${job.route}|${job.kind}|${job.model}|${typeof length === 'string' || typeof length === 'number' ? length : ''}`;
}

export function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
}

export const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export class RunHistory {
  private readonly seen = new Map<string, Seen>();
  private readonly learned = new Map<string, Learned[]>();

  constructor(private readonly firstCheckMs: number) {}

  private submitted(job: JobRecord): number {
    return job.submittedAt ?? job.createdAt;
  }

  /** One answer about a job still working: PENDING, RUNNING, or a word the spec does not list. */
  observe(job: JobRecord, status: unknown, now: number): void {
    const s = this.seen.get(job.id) ?? { pendingAt: this.submitted(job) };
    if (status === 'PENDING' && s.runningAt === undefined) s.pendingAt = now;
    else if (status === 'RUNNING' && s.runningAt === undefined) s.runningAt = now;
    else return;
    remember(this.seen, job.id, s);
  }

  /** The job ended after `total` ms by the gateway's own clock; `now` is when the poller learned it. */
  finished(job: JobRecord, total: number, now: number): void {
    const submitted = this.submitted(job);
    const s = this.seen.get(job.id) ?? { pendingAt: submitted };
    const runningAt = s.runningAt ?? now;
    const run = { lo: Math.max(0, total - (runningAt - submitted)), hi: Math.max(0, total - (s.pendingAt - submitted)) };
    const prompt = s.runningAt !== undefined && this.isPrompt(job, s.runningAt);
    const key = lengthKey(job);
    remember(this.learned, key, [...(this.learned.get(key) ?? []), { total, prompt, run }].slice(-LEARNED));
    this.forget(job.id);
  }

  forget(id: string): void {
    this.seen.delete(id);
  }

  private isPrompt(job: JobRecord, runningAt: number): boolean {
    return runningAt - this.submitted(job) <= this.firstCheckMs + PROMPT_SLACK_MS;
  }

  /** Where the job likely ends (the poller's clock), or undefined with no earlier job to go by. */
  window(job: JobRecord, now: number): Window | undefined {
    const learned = this.learned.get(lengthKey(job));
    if (!learned?.length) return undefined;
    const submitted = this.submitted(job);
    const s = this.seen.get(job.id) ?? { pendingAt: submitted };
    const run = runBounds(learned);
    const prompts = learned.filter((l) => l.prompt).map((l) => l.total);
    const totals = prompts.length ? prompts : learned.map((l) => l.total);
    const byTotal = totalWindow(submitted, totals);
    if (s.runningAt === undefined) {
      // Still waiting: it cannot end sooner than the shortest run from now. Before its first
      // answer, assume it will not wait (the total of jobs that did not).
      const floor = (s.pendingAt > submitted ? now : submitted) + run.lo;
      return byTotal.hi >= floor ? { lo: Math.max(byTotal.lo, floor), hi: byTotal.hi } : { lo: floor, hi: floor + (run.hi - run.lo) };
    }
    const byRun = { lo: s.pendingAt + run.lo, hi: s.runningAt + run.hi };
    if (!prompts.length || !this.isPrompt(job, s.runningAt)) return byRun;
    // Both this job and the ones the total comes from were running at their first check.
    // Where they do not meet, the later wins: a miss costs a whole minimum interval.
    if (byTotal.hi < byRun.lo) return byRun;
    if (byTotal.lo > byRun.hi) return byTotal;
    return { lo: Math.max(byTotal.lo, byRun.lo), hi: Math.min(byTotal.hi, byRun.hi) };
  }
}

/** The run every earlier job allows; where they disagree (lengths vary), the span between them. */
function runBounds(learned: Learned[]): Window {
  const lo = Math.max(...learned.map((l) => l.run.lo));
  const hi = Math.min(...learned.map((l) => l.run.hi));
  return lo <= hi ? { lo, hi } : { lo: hi, hi: lo };
}

/** One total is a weak guide: 2 % either way; more, as far apart as they were. */
function totalWindow(submitted: number, totals: number[]): Window {
  const typical = median(totals);
  const spread = totals.length === 1 ? typical * 0.02 : (Math.max(...totals) - Math.min(...totals)) / 2;
  return { lo: submitted + typical - spread, hi: submitted + typical + spread };
}
