/**
 * When a job will likely end, from earlier jobs of the same model and length (docs/gateway-rules.md,
 * "Polling cadence"): on the multipart route (spec §2.12: PENDING / RUNNING, no progress) the only
 * guide; on the generic route one beside the job's own progress, which noisy renderers make a
 * poor guide while their lengths vary little.
 *
 * A gateway queues jobs: an earlier job's total (submission to end) includes its wait in the queue,
 * so a later job that does not wait would be aimed too late, and one that waits longer too early.
 * So each finished job teaches two things:
 * - its total, and whether it was already running at its first check (no wait worth the name):
 *   only such totals guide a job that was itself running at its first check. The multipart route
 *   gives it exactly, `end_time − submit_time` (both the gateway's clock, free of skew); the
 *   generic route gives no times, so it lies between the last check that found the job working
 *   and the one that found it done;
 * - its run after leaving the queue, bounded by the last answer that said it waited (PENDING, or
 *   progress 0) and the first that said it ran: run ∈ [total − (firstRunning − submitted),
 *   total − (lastPending − submitted)]. The bounds of all earlier jobs intersect: the true run lies
 *   in each of them.
 * A job seen running ends between (its last pending + the shortest run) and (its first running +
 * the longest run); the totals narrow that when both agree, and the later of the two wins when
 * they do not.
 *
 * What each job taught is kept in its record in the task list (`learned`) and read again when the
 * studio starts, so the first jobs after a restart are aimed as the last ones before it were. Per
 * profile: another gateway, or the sandbox, takes its own time. Not what was learned over a week
 * ago: a gateway's speed changes, and a stale guide costs a miss or a late check.
 */
import type { JobRecord, LearnedRun } from './job-record.js';

export interface Window { lo: number; hi: number }

interface Seen { pendingAt: number; runningAt?: number }

const LEARNED = 12;
/** What finished jobs taught is read again at start for this long after they finished. */
export const KEPT_FOR_MS = 7 * 24 * 3_600_000;
const MAX_KEYS = 5_000;
/** A job first seen RUNNING this long after its first check was due still counts as not queued. */
const PROMPT_SLACK_MS = 1_000;

/**
 * Jobs of one model and length (a clip's seconds, a picture's size) on one route of one gateway
 * (its profile) take about as long as each other.
 */
export function lengthKey(job: JobRecord): string {
  const length = job.params.seconds ?? job.params.duration ?? job.params.resolution ?? job.params.size ?? '';
  return `${job.profileId}|${job.route}|${job.kind}|${job.model}|${typeof length === 'string' || typeof length === 'number' ? length : ''}`;
}

export function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
}

export class RunHistory {
  private readonly seen = new Map<string, Seen>();
  private readonly learned = new Map<string, LearnedRun[]>();

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

  /**
   * The job ended `total` ms after its submission (exact, or a window: see above); `now` is when
   * the poller learned it.
   */
  finished(job: JobRecord, total: Window, now: number): LearnedRun {
    const submitted = this.submitted(job);
    const s = this.seen.get(job.id) ?? { pendingAt: submitted };
    const runningAt = s.runningAt ?? now;
    const run = { lo: Math.max(0, total.lo - (runningAt - submitted)), hi: Math.max(0, total.hi - (s.pendingAt - submitted)) };
    // The bounds cross only if the clock stepped back meanwhile: then the span between them.
    const learned = { total, prompt: s.runningAt !== undefined && this.isPrompt(job, s.runningAt), run: run.lo <= run.hi ? run : { lo: run.hi, hi: run.lo } };
    this.learn(job, learned);
    this.forget(job.id);
    return learned;
  }

  private learn(job: JobRecord, learned: LearnedRun): void {
    const key = lengthKey(job);
    remember(this.learned, key, [...(this.learned.get(key) ?? []), learned].slice(-LEARNED));
  }

  /** What the task list's finished jobs taught, oldest first, those of the last week only. */
  restore(jobs: readonly JobRecord[], now: number): void {
    const taught = jobs.filter((j) => j.learned && j.finishedAt !== undefined && j.finishedAt <= now && now - j.finishedAt <= KEPT_FOR_MS);
    taught.sort((a, b) => a.finishedAt! - b.finishedAt!);
    for (const job of taught) this.learn(job, job.learned!);
  }

  forget(id: string): void {
    this.seen.delete(id);
  }

  /** How many earlier jobs of the job's model and length it has learned from. */
  taught(job: JobRecord): number {
    return this.learned.get(lengthKey(job))?.length ?? 0;
  }

  /** Whether the job has been seen running (not waiting in the gateway's queue). */
  running(job: JobRecord): boolean {
    return this.seen.get(job.id)?.runningAt !== undefined;
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
    return meet(byTotal, byRun);
  }
}

/** Where two windows of the same end overlap; where they do not, the later wins: a miss costs a whole minimum interval. */
export function meet(a: Window, b: Window): Window {
  if (a.hi < b.lo) return b;
  if (a.lo > b.hi) return a;
  return { lo: Math.max(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
}

/** The run every earlier job allows; where they disagree (lengths vary), the span between them. */
function runBounds(learned: LearnedRun[]): Window {
  const lo = Math.max(...learned.map((l) => l.run.lo));
  const hi = Math.min(...learned.map((l) => l.run.hi));
  return lo <= hi ? { lo, hi } : { lo: hi, hi: lo };
}

/**
 * One exact total is a weak guide: 2 % either way. Else the narrowest span the totals allow: no
 * later than the tightest upper bound among them, no sooner than the highest lower bound (for
 * exact totals, from the shortest to the longest).
 */
function totalWindow(submitted: number, totals: Window[]): Window {
  if (totals.length === 1 && totals[0].lo === totals[0].hi) {
    const t = totals[0].lo;
    return { lo: submitted + t * 0.98, hi: submitted + t * 1.02 };
  }
  const a = Math.min(...totals.map((t) => t.hi));
  const b = Math.max(...totals.map((t) => t.lo));
  return { lo: submitted + Math.min(a, b), hi: submitted + Math.max(a, b) };
}
