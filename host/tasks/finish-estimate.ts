/**
 * When a job will likely finish, from what the gateway says of it (docs/gateway-rules.md,
 * "Polling cadence"), so the poller can aim its last check just after that moment:
 *
 * - on the generic route (spec §2.13), from its progress: the local rate of the latest samples,
 *   a pair a few points apart so the integer rounding stays small, checked against the estimate
 *   before it; progress is capped at 99 until done, so 99 says nothing of the rate. Where earlier
 *   jobs of the same model and size say when it ends too (run-history.ts), the two windows meet:
 *   a renderer's uneven progress misleads by more than its lengths vary;
 * - on the multipart route (spec §2.12: PENDING / RUNNING, no progress), from earlier jobs of the
 *   same model and length alone: their totals and their runs after leaving the queue.
 *
 * Nothing the gateway sends is trusted: a progress that is not a finite number between 0 and 99,
 * goes backwards or stands still gives no estimate (or restarts the samples), never a crash.
 */
import type { Cadence } from './cadence.js';
import { DAY_MS, type JobRecord, type LearnedRun } from './job-record.js';
import { lengthKey, meet, remember, RunHistory, type Window } from './run-history.js';

export interface Estimate {
  /** When the job likely ends (the poller's clock, ms). */
  at: number;
  /** How far either way it may be off (ms): the poller's margin grows with it. */
  spread: number;
  /** Earlier jobs of the same model and size would all have ended by now. */
  overdue?: boolean;
}

interface Sample { t: number; p: number }

/** What one answer of the gateway says that bears on when the job ends. */
export interface Observation { progress?: unknown; status?: unknown; submitTime?: unknown; endTime?: unknown }

/** Samples kept per job, and learned lengths per model. */
const SAMPLES = 6;
/** A rate is read across at least this many points of progress when the samples allow. */
const MIN_STEP = 3;
/** The curves 1 − (1 − x)^b tried for progress that slows toward the end (fromCurve), and the samples they are fitted to. */
const CURVE_POWERS = [1.25, 1.5, 1.75, 2, 2.5, 3];
const CURVE_SAMPLES = 4;
/** Earlier jobs of a model and size it takes to prefer their length to the job's own unsteady progress. */
const TRUSTED_AFTER = 2;
/** Jobs of a model and size whose wait after their progress's end is remembered (learnWait). */
const WAITS = 12;
/** Answers in a row at 99 % after which a job is no longer taken to be in its last moments (atCap). */
const AT_CAP_CHECKS = 2;
/** Progress from which a job with unsteady readings is near its end (latestEnd). */
const NEAR_END = 90;
/** How much better than steady progress a curve must fit to be believed. */
const CLEARLY_BETTER = 0.6;

/** `YYYY-MM-DD HH:MM:SS.mmm`, UTC (spec §2.12), as epoch ms; undefined for anything else. */
export function parseSpecTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/.test(value)) return undefined;
  const ms = Date.parse(`${value.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) ? ms : undefined;
}

export class FinishEstimator {
  private readonly samples = new Map<string, Sample[]>();
  /** The last estimate from a job's readings, and the sample it was read up to. */
  private readonly previous = new Map<string, { at: number; spread: number; steady: boolean; upTo: number }>();
  /** The first estimate of a job, from one reading and an assumed start. */
  private readonly guessed = new Map<string, number>();
  /** When a job was last seen not yet started (progress 0): its run began after that. */
  private readonly idleAt = new Map<string, number>();
  /** When the last check that found a generic-route job still working was sent: its end came after. */
  private readonly workingAt = new Map<string, number>();
  private readonly history: RunHistory;
  /** The end a job's progress alone promised at its latest estimate (before any learned wait). */
  private readonly promised = new Map<string, number>();
  /** Per model and size, the recent jobs' waits between their progress's promise and their end (0 for none seen). */
  private readonly waits = new Map<string, number[]>();

  /** Answers in a row that found a generic-route job at 99 %. */
  private readonly capped = new Map<string, number>();
  /** Per kind: half its shortest interval. */
  private readonly narrowMs: Record<'image' | 'video', number>;
  /** Per kind: its longest interval. */
  private readonly widestMs: Record<'image' | 'video', number>;

  constructor(cadence: Pick<Cadence, 'firstCheckMs' | 'image' | 'video'>) {
    this.history = new RunHistory(cadence.firstCheckMs);
    this.narrowMs = { image: cadence.image.minIntervalMs / 2, video: cadence.video.minIntervalMs / 2 };
    this.widestMs = { image: cadence.image.maxIntervalMs, video: cadence.video.maxIntervalMs };
  }

  /** One answer about a job still working, to the check sent at `sentAt`. */
  observe(job: JobRecord, o: Observation, now: number, sentAt = now): void {
    if (job.route === 'multipart') return this.history.observe(job, o.status, now);
    if (job.route !== 'generic') return;
    const p = o.progress;
    remember(this.workingAt, job.id, sentAt);
    if (p === 99) remember(this.capped, job.id, (this.capped.get(job.id) ?? 0) + 1);
    else this.capped.delete(job.id);
    // Progress 0: not started (queued behind others); above: running.
    if (typeof p === 'number' && Number.isFinite(p)) this.history.observe(job, p === 0 ? 'PENDING' : p > 0 ? 'RUNNING' : undefined, now);
    if (p === 0 && !this.samples.get(job.id)?.length) remember(this.idleAt, job.id, now);
    if (typeof p !== 'number' || !Number.isFinite(p) || p <= 0 || p >= 99) return;
    const list = (this.samples.get(job.id) ?? []).filter((s) => s.p <= p); // gone backwards: start again from here
    list.push({ t: now, p });
    remember(this.samples, job.id, list.slice(-SAMPLES));
  }

  /**
   * The job ended (`now`: when the poller learned it): learn its length when the gateway says it,
   * and forget its samples. Returns what was learned, for the job's record.
   */
  finished(job: JobRecord, o: Observation, now: number): LearnedRun | undefined {
    const start = parseSpecTime(o.submitTime);
    const end = parseSpecTime(o.endTime);
    const submitted = job.submittedAt ?? job.createdAt;
    let learned: LearnedRun | undefined;
    if (job.route === 'multipart' && start !== undefined && end !== undefined && end > start && end - start <= DAY_MS) {
      learned = this.history.finished(job, { lo: end - start, hi: end - start }, now);
    } else if (job.route === 'generic' && now > submitted && now - submitted <= DAY_MS) {
      // No times from the gateway: it ended after the last check that found it working.
      learned = this.history.finished(job, { lo: Math.max(0, (this.workingAt.get(job.id) ?? submitted) - submitted), hi: now - submitted }, now);
      this.learnWait(job, now);
    }
    this.forget(job.id);
    return learned;
  }

  /** What finished jobs of the task list taught, read again as the studio starts. */
  restore(jobs: readonly JobRecord[], now: number): void {
    this.history.restore(jobs, now);
  }

  forget(id: string): void {
    this.promised.delete(id);
    this.samples.delete(id);
    this.previous.delete(id);
    this.guessed.delete(id);
    this.idleAt.delete(id);
    this.workingAt.delete(id);
    this.capped.delete(id);
    this.history.forget(id);
  }

  estimate(job: JobRecord, now: number): Estimate | undefined {
    // A window from what the gateway said of this job and earlier ones: its width is the margin.
    // On the generic route only once the job runs (earlier totals say nothing of a queue's
    // length), and only a window narrower than half the kind's shortest interval: where lengths
    // vary more (a minute-long clip's ±4 % is ±2.4 s), the window saves less than the misses it
    // risks cost (docs/gateway-rules.md, "Polling cadence").
    const multipart = job.route === 'multipart';
    const w = multipart || this.history.running(job) ? this.history.window(job, now) : undefined;
    const known = w && Number.isFinite(w.lo) && Number.isFinite(w.hi) ? w : undefined;
    if (multipart) return known && estimateOf(known);
    const byHistory = known && known.hi - known.lo < this.narrowMs[job.kind] ? known : undefined;
    const read = this.fromReadings(job, now);
    if (read) remember(this.promised, job.id, read.at);
    const byProgress = read && { ...read, at: read.at + this.waitOf(job) };
    if (!byProgress || !byHistory) return byProgress ?? (byHistory && estimateOf(byHistory));
    const own = { lo: byProgress.at - byProgress.spread, hi: byProgress.at + byProgress.spread };
    // Where the two disagree, unsteady progress (its estimate jumping from reading to reading, or
    // one reading alone) yields to jobs that agree on their length while the end they give is still
    // ahead; once it has passed, the estimate says so (`overdue`), and a job the poller aimed at
    // that end is checked once more at the shortest interval, not at a slow renderer's promise.
    // Else the later wins, as a miss costs a whole shortest interval.
    const apart = own.hi < byHistory.lo || own.lo > byHistory.hi;
    if (apart && !byProgress.steady && this.history.taught(job) >= TRUSTED_AFTER) {
      return byHistory.hi > now ? estimateOf(byHistory) : { ...estimateOf(meet(own, byHistory)), overdue: true };
    }
    return estimateOf(meet(own, byHistory));
  }

  /**
   * The latest a running generic-route job's like have taken (earlier jobs of its model and size),
   * however wide their window: too wide to aim at, it still says by when the job has most likely
   * ended. Only from two earlier jobs or more whose window is narrower than the kind's longest
   * interval (jobs that agree on their length), and only while the job's own readings are judged
   * unsteady and near their end (NEAR_END): steady progress is the better guide, and a longer job is not cut short. Never while
   * the job waits in the queue, nor on the multipart route (its window is the estimate itself).
   */
  latestEnd(job: JobRecord, now: number): number | undefined {
    const before = this.previous.get(job.id);
    const last = this.samples.get(job.id)?.at(-1);
    if (job.route !== 'generic' || !this.history.running(job) || !before || before.steady || !last || last.p < NEAR_END || this.history.taught(job) < TRUSTED_AFTER) return undefined;
    const w = this.history.window(job, now);
    return w && Number.isFinite(w.hi) && w.hi - w.lo < this.widestMs[job.kind] ? w.hi : undefined;
  }

  /**
   * Progress is capped at 99 until done: a job at 99 % is in its last moments whatever its
   * readings promised before, and a check at the slow end would find a minute-long clip up to a
   * whole slow interval late. So its next check comes at the floor, for its first AT_CAP_CHECKS
   * answers at 99 %: a loaded gateway that holds jobs there until their results are ready is not
   * polled at the floor for long (docs/gateway-rules.md, "Polling cadence").
   */
  atCap(job: JobRecord): boolean {
    const n = this.capped.get(job.id) ?? 0;
    return n > 0 && n <= AT_CAP_CHECKS;
  }

  /**
   * Progress at its end is not always the job's end: a loaded gateway holds a job at 99 % until
   * its result is ready, and an aim at the progress's promise then misses, each miss a check more
   * than the slow end would make. A job still working after that promise shows how long at least
   * (its last check that found it working) and at most (the one that found it done): the middle
   * is kept; a job that ended by its promise keeps 0. The wait added to a job's promise is the
   * longest among the last WAITS jobs of its model and size, so one late job teaches the next
   * dozen and a run of jobs on time lets it go (docs/gateway-rules.md, "Polling cadence").
   */
  private learnWait(job: JobRecord, now: number): void {
    const promised = this.promised.get(job.id);
    if (promised === undefined) return;
    const working = this.workingAt.get(job.id);
    const wait = working !== undefined && working > promised ? (working - promised + (now - promised)) / 2 : 0;
    const key = lengthKey(job);
    remember(this.waits, key, [...(this.waits.get(key) ?? []), wait].slice(-WAITS));
  }

  private waitOf(job: JobRecord): number {
    const waits = this.waits.get(lengthKey(job));
    return waits?.length ? Math.max(...waits) : 0;
  }

  /** From the job's own progress. */
  private fromReadings(job: JobRecord, now: number): (Estimate & { steady: boolean }) | undefined {
    const found = this.fromCurve(job) ?? this.fromProgress(job, now);
    if (!found || !Number.isFinite(found.at) || !Number.isFinite(found.spread)) return undefined;
    // One sample, its start assumed: a rough first guess the next sample corrects, not a sign of
    // unsteady progress.
    if (found.assumed) {
      remember(this.guessed, job.id, found.at);
      return { at: found.at, spread: found.spread, steady: false };
    }
    // No reading since the last estimate (99 % says nothing of the rate and adds none): the same
    // estimate and verdict. Read again from the same samples, it would agree with itself and pass
    // for steady progress.
    const before = this.previous.get(job.id);
    const upTo = this.samples.get(job.id)!.at(-1)!.t;
    if (before?.upTo === upTo) return before;
    // A jump from the last estimate beyond the rounding says the progress is not steady: widen
    // the margin by half of the excess. The first guess only tells whether it is steady.
    const drift = before === undefined ? 0 : Math.max(0, Math.abs(found.at - before.at) - found.spread) / 2;
    const reference = before?.at ?? this.guessed.get(job.id);
    const steady = reference !== undefined && Math.abs(found.at - reference) <= found.spread;
    const judged = { at: found.at, spread: found.spread + drift, steady, upTo };
    remember(this.previous, job.id, judged);
    return judged;
  }


  /**
   * Progress that slows toward the end (fast, then slow: renderers often report so) read at its
   * latest rate promises the end too early, and each early aim costs a miss and a check at the
   * range's floor. Fitted instead as 1 − (1 − x)^b of the run (b = 1 is steady progress): each
   * sample implies a total length for a given b, and the b whose samples agree best on it is the
   * curve. Used only when it fits clearly better than steady progress; else fromProgress reads
   * the local rate as before.
   */
  private fromCurve(job: JobRecord): (Estimate & { assumed?: boolean }) | undefined {
    const list = this.samples.get(job.id);
    if (!list || list.length < 2) return undefined;
    const origin = this.idleAt.get(job.id) ?? job.submittedAt ?? job.createdAt;
    const recent = list.slice(-CURVE_SAMPLES);
    const totals = (b: number) => recent.map((s) => (s.t - origin) / (1 - (1 - (s.p + 0.5) / 100) ** (1 / b)));
    const disagreement = (b: number) => {
      const t = totals(b);
      return (Math.max(...t) - Math.min(...t)) / t[t.length - 1];
    };
    let best = 1;
    for (const b of CURVE_POWERS) if (disagreement(b) < disagreement(best)) best = b;
    if (best === 1 || !(disagreement(best) < disagreement(1) * CLEARLY_BETTER)) return undefined;
    const t = totals(best);
    const total = t[t.length - 1];
    if (!Number.isFinite(total) || total <= 0) return undefined;
    // The samples' own disagreement, and the latest figure's rounding: half a point of the
    // remaining share R moves the time left, (total · R^(1/b)), by total · R^(1/b − 1) / b · 0.005.
    const left = Math.max(0.005, (100 - recent[recent.length - 1].p - 0.5) / 100);
    const spread = (Math.max(...t) - Math.min(...t)) / 2 + (total * left ** (1 / best - 1) * 0.005) / best;
    return { at: origin + total, spread };
  }

  private fromProgress(job: JobRecord, now: number): (Estimate & { assumed?: boolean }) | undefined {
    const list = this.samples.get(job.id);
    const last = list?.at(-1);
    if (!list || !last || now - last.t > 60_000) return undefined;
    // Local: the latest pair at least MIN_STEP points apart (else the widest), or with one sample
    // from the last answer that said the job had not started (queued behind others), else from
    // the submission. Wide: from the oldest sample kept. Where the two agree within
    // the rounding, the progress is steady and the wide pair, less rounded, is the better guide.
    let local: Sample | undefined;
    for (let i = list.length - 2; i >= 0; i--) {
      if (list[i].p < last.p) local = list[i];
      if (local && last.p - local.p >= MIN_STEP) break;
    }
    const assumed = !local;
    local ??= { t: this.idleAt.get(job.id) ?? job.submittedAt ?? job.createdAt, p: 0 };
    const near = rateOf(local, last);
    if (!near) return undefined;
    const far = list[0] !== local && list[0].p < last.p ? rateOf(list[0], last) : undefined;
    const steady = far && Math.abs(far.rate - near.rate) <= near.rate / near.step;
    const { rate, step } = steady ? far : near;
    // The gateway's figure is rounded down: the job is about half a point further on.
    const remaining = (100 - last.p - 0.5) / rate;
    // Rounding moves each end of the step by up to a point (most often well under): the rate
    // by up to 1/step of itself; the latest figure alone by half a point.
    const spread = (remaining * 0.7) / step + 0.5 / rate;
    return { at: last.t + remaining, spread, assumed };
  }
}

const estimateOf = (w: Window): Estimate => ({ at: (w.lo + w.hi) / 2, spread: (w.hi - w.lo) / 2 });

function rateOf(from: Sample, to: Sample): { rate: number; step: number } | undefined {
  const step = to.p - from.p;
  const span = to.t - from.t;
  return step > 0 && span > 0 ? { rate: step / span, step } : undefined;
}
