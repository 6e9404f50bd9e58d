/**
 * One poller for all jobs (docs/gateway-rules.md, "Polling cadence"): a single timer set to the
 * earliest due check, a bounded number of requests in flight, both query routes, and no work at all
 * while nothing is due.
 */
import { textOf } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import { z } from 'zod';
import { GenericTask, MultipartVideoTask } from '@shared/gateway/wire.js';
import type { GatewayClient } from '../gateway/client.js';
import { GatewayFailure } from '../gateway/failure.js';
import type { KeyMask } from '../gateway/mask-key.js';
import { AIM_MARGIN_MS, aimedIntervalMs, backoffMs, ceilingMs, floorMs, nextIntervalMs, type Cadence } from './cadence.js';
import { FinishEstimator, type Observation } from './finish-estimate.js';
import { collectUrls, isFollowedAfterCancel, isPolled, linksExpireAt, normalizeStatus, type JobRecord } from './job-record.js';
import type { JobStore } from './job-store.js';
import { isUsableTaskId, kept, keptReason, PROMPT_MAX_CHARS, STATUS_MAX_CHARS } from './gateway-words.js';
import { apartFrom, siblingsOf } from './multipart-siblings.js';

// Spec §3 does not say its lists of states are complete: a word it does not list is read as
// "still working" (normalizeStatus) and shown verbatim, not refused as a malformed answer.
const PolledTask = GenericTask.extend({ status: z.string() });
const PolledVideoTask = MultipartVideoTask.extend({ task_status: z.string() });
type Polled = z.infer<typeof PolledTask> | z.infer<typeof PolledVideoTask>;

/** What the gateway says of a task, on either route (spec §2.12, §2.13). */
const statusOf = (raw: Polled) => ('task_status' in raw ? raw.task_status : raw.status);
/**
 * Every result link of a finished task, on either route (docs/gateway-rules.md, "Task results and
 * failures").
 */
const linksOf = (raw: Polled) => collectUrls('task_status' in raw ? raw.video_url : raw.result);
/** What bears on when the task ends (finish-estimate.ts): progress, or the gateway's own times. */
const observationOf = (raw: Polled): Observation => ('task_status' in raw
  ? { status: raw.task_status, submitTime: raw.submit_time, endTime: raw.end_time }
  : { progress: raw.progress });

export interface PollerDeps {
  store: JobStore;
  clientFor(profileId: string): GatewayClient;
  cadence: Cadence;
  maxInFlight: number;
  now(): number;
  random(): number;
  /** Every change of a job (state, progress, error). */
  onChange(job: JobRecord): void;
}

export class Poller {
  private timer?: NodeJS.Timeout;
  /** When the timer fires (the earliest due check when it was set). */
  private timerAt = 0;
  private inFlight = 0;
  private readonly busy = new Set<string>();
  /** Due checks waiting for a free slot, earliest first. */
  private queue: JobRecord[] = [];
  private stopped = false;
  /**
   * Jobs polled: those tracked in this session, and from `start()` on those the last run left. A
   * job submitted in this session is polled only once tracked, which its submission does after
   * its record is on disk: no check goes out for a task a crash could then forget.
   */
  private readonly tracked = new Set<string>();
  private readonly resumed = new Set<string>();
  /** Requests made, for the polling benchmark. */
  requests = 0;
  private readonly estimates: FinishEstimator;
  /** Jobs whose next check is aimed just after their likely end: never taken early to share a wakeup. */
  private readonly aimed = new Set<string>();
  /** Checks in a row that found a job still working after its aim. */
  private readonly misses = new Map<string, number>();
  /** When each polled job's last check was sent: a sibling's end moves its next one (multipart-siblings.ts). */
  private readonly lastSent = new Map<string, number>();
  /** Clips already moved apart from a sibling: moved once, they keep the slow cadence from there (multipart-siblings.ts). */
  private readonly spread = new Set<string>();

  constructor(private readonly d: PollerDeps) {
    this.estimates = new FinishEstimator(d.cadence);
    this.estimates.restore(d.store.all(), d.now());
  }

  /** Resumes every unfinished job where it was (after a restart too). */
  start(): void {
    this.stopped = false;
    for (const j of this.d.store.all()) {
      if (!isPolled(j) || this.tracked.has(j.id)) continue;
      // Kept by a studio that did not check task ids (job-service.ts): it would wait forever.
      if (!isUsableTaskId(j.remoteId)) this.save(Object.assign(j, { state: 'failed', error: msg('jobs.task.noTaskId'), finishedAt: this.d.now() }));
      else this.resumed.add(j.id);
    }
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A new job, or one the user asked to check again. */
  track(job: JobRecord, firstCheckAt?: number): void {
    const now = this.d.now();
    const wait = this.d.cadence[job.kind].maxWaitMs;
    job.deadlineAt = now + wait;
    job.nextCheckAt = firstCheckAt ?? now + this.d.cadence.firstCheckMs;
    this.tracked.add(job.id);
    this.save(job);
    this.schedule();
  }

  /**
   * Every change reaches the UI; only the ones a restart needs rewrite the task list on disk: a
   * job ending (completed, failed, timed out) or an error appearing, changing or clearing. While
   * a job is still queued or running, its raw status, progress, check count and next check time
   * stay in memory (the record is the store's own object, so the next write includes them): a
   * restart resumes queued and running jobs alike and its first check refreshes all of them.
   * Rewriting the whole list after every poll of every job cost most of the host CPU with
   * hundreds of jobs in flight (polling benchmark).
   */
  private save(job: JobRecord, durable = true): void {
    job.updatedAt = this.d.now();
    if (durable) this.d.store.put(job);
    this.d.onChange(job);
  }

  private polled(j: JobRecord): boolean {
    return isPolled(j) && !!j.remoteId && !this.busy.has(j.id) && (this.tracked.has(j.id) || this.resumed.has(j.id));
  }

  /**
   * One pass over the jobs: with `start`, queues every due check and starts them while a slot is
   * free; then sets the one timer to the earliest check still to come. With every slot busy there
   * is no timer: each answer starts the next queued check, and the answer that leaves the queue
   * empty makes the next pass (a timer would fire at once, find no free slot and set itself
   * again, spinning the CPU for as long as the gateway is slow to answer).
   *
   * A repeat check may go up to a tenth of its kind's shortest interval early (at most 200 ms;
   * the spec's ranges are seconds wide) to share a wakeup with the one due: every wakeup of the
   * host costs CPU of its own, and 500 jobs each woken alone were about 50 a second.
   */
  private pass(start: boolean): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const now = this.d.now();
    const early = { image: Math.min(200, this.d.cadence.image.minIntervalMs / 10), video: Math.min(200, this.d.cadence.video.minIntervalMs / 10) };
    const ready: JobRecord[] = [];
    let next = Infinity;
    for (const j of this.d.store.all()) {
      if (!this.polled(j)) continue;
      const at = j.nextCheckAt ?? 0;
      if (start && at <= now + (j.checks > 0 && !this.aimed.has(j.id) ? early[j.kind] : 0)) ready.push(j);
      else if (at < next) next = at;
    }
    if (start) {
      this.queue = ready.sort((a, b) => (a.nextCheckAt ?? 0) - (b.nextCheckAt ?? 0));
      this.drain(now);
    }
    if (this.inFlight >= this.d.maxInFlight || !Number.isFinite(next)) return;
    this.timerAt = next;
    this.timer = setTimeout(() => this.pass(true), Math.max(0, next - now));
    this.timer.unref?.();
  }

  /** Starts queued checks while a slot is free. */
  private drain(now: number): void {
    while (this.queue.length && this.inFlight < this.d.maxInFlight) {
      const job = this.queue.shift()!;
      if (!this.polled(job)) continue; // cancelled, or checked again meanwhile
      if (job.deadlineAt !== undefined && now >= job.deadlineAt) {
        job.state = 'timed_out';
        job.error = msg('jobs.task.noResultAfter', { minutes: Math.round(this.d.cadence[job.kind].maxWaitMs / 60_000) });
        this.save(job);
        continue;
      }
      this.launch(job);
    }
  }

  /** Sets the timer for the earliest check, starting none now. */
  private schedule(): void {
    this.pass(false);
  }

  private launch(job: JobRecord): void {
    this.inFlight += 1;
    this.busy.add(job.id);
    void this.check(job).finally(() => {
      this.inFlight -= 1;
      this.busy.delete(job.id);
      if (this.stopped) return;
      // A queued check starts from this answer's wakeup. Once the queue is empty, the job's next
      // check is later than it was, so a timer already set stays right; only a poller without
      // one (every slot was busy) looks for the next due check again.
      if (this.queue.length) this.drain(this.d.now());
      if (!this.queue.length && (!this.timer || (job.nextCheckAt ?? 0) < this.timerAt)) this.pass(true);
    });
  }

  /** The job's task as the gateway has it now. */
  private query(job: JobRecord, idempotent: boolean, client = this.d.clientFor(job.profileId)): Promise<Polled> {
    this.requests += 1;
    const path = job.route === 'multipart' ? `/v1/videos/${encodeURIComponent(job.remoteId!)}` : `/v1/tasks/${encodeURIComponent(job.remoteId!)}`;
    return job.route === 'multipart'
      ? client.json({ method: 'GET', path, idempotent }, PolledVideoTask)
      : client.json({ method: 'GET', path, idempotent }, PolledTask);
  }

  /**
   * A finished job's result links as the gateway gives them now (a dead link is asked for again:
   * docs/gateway-rules.md, "Result links").
   */
  async freshLinks(job: JobRecord): Promise<string[]> {
    if (!job.remoteId) return [];
    const raw = await this.query(job, true);
    if (normalizeStatus(job.route, statusOf(raw)) !== 'completed') return [];
    return linksOf(raw);
  }

  private async check(job: JobRecord): Promise<void> {
    const kind = job.kind;
    const errorBefore = job.error;
    try {
      const client = this.d.clientFor(job.profileId);
      const sentAt = this.d.now();
      // The poller keeps its own cadence: the client's quick retries would only add requests.
      const raw = await this.query(job, false, client);
      // No longer followed (cancelled before cancels were followed) or removed while the answer was on its way.
      if (!isPolled(job) || this.d.store.get(job.id) !== job) return this.forget(job.id);
      this.apply(job, raw, client.mask, sentAt);
      job.errorStreak = 0;
    } catch (err) {
      // As with an answer: a job no longer followed or removed meanwhile keeps what the creator did to it.
      if (!isPolled(job) || this.d.store.get(job.id) !== job) return this.forget(job.id);
      const f = err instanceof GatewayFailure ? err : new GatewayFailure('internal', textOf(err), true);
      job.errorStreak += 1;
      if (f.code === 'not_found') {
        job.state = 'failed';
        job.error = msg('jobs.task.unknownToGateway');
      } else {
        // A cancelled job keeps its note that the result will still be saved: the studio keeps trying quietly.
        if (!isFollowedAfterCancel(job)) job.error = msg('jobs.task.checkingFailed', { message: f.text });
        job.nextCheckAt = this.d.now() + backoffMs(this.d.cadence, kind, job.errorStreak, this.d.random, f.retryAfterMs);
      }
    }
    if (this.d.store.get(job.id) !== job) return;
    job.checks += 1;
    // Messages are objects: compared by what they say.
    this.save(job, !isPolled(job) || JSON.stringify(job.error) !== JSON.stringify(errorBefore));
  }

  /**
   * Takes the gateway's word on a task. Its words the studio shows and keeps in the task list (the
   * status as said, the prompt as rewritten, a failure's reason) pass through the key mask of
   * the call first: a gateway may quote the key back in any of them (docs/security.md). A
   * failure of the call itself comes masked from the client.
   */
  private apply(job: JobRecord, raw: Polled, mask: KeyMask, sentAt: number): void {
    // Cancelled, still followed: it stays cancelled, with its note, until the gateway ends it.
    const cancelled = isFollowedAfterCancel(job) ? job.error : false;
    const status = statusOf(raw);
    job.rawStatus = kept(mask.text(status), STATUS_MAX_CHARS);
    job.state = normalizeStatus(job.route, status);
    job.error = undefined;
    if ('progress' in raw) job.progress = raw.progress;
    if ('actual_prompt' in raw && raw.actual_prompt) job.actualPrompt = kept(mask.text(raw.actual_prompt), PROMPT_MAX_CHARS);
    const now = this.d.now();
    if (job.state !== 'queued' && job.state !== 'running') {
      // The first clip of its model to end: its siblings had nothing to aim at (multipart-siblings.ts).
      const first = job.route === 'multipart' && !this.estimates.estimate(job, now);
      if (job.state === 'completed') job.learned = this.estimates.finished(job, observationOf(raw), now);
      this.forget(job.id);
      if (job.learned && first) this.bringSiblingsForward(job, now);
    }
    if (job.state === 'completed') {
      job.progress = 100;
      job.finishedAt = now;
      job.resultUrls = linksOf(raw);
      job.expiresAt = linksExpireAt(now);
      if (job.resultUrls.length === 0) {
        job.state = 'failed';
        job.error = msg('jobs.task.noResultLink');
      }
    } else if (job.state === 'failed') {
      job.finishedAt = now;
      const message = ('error' in raw && raw.error?.message) || ('message' in raw && raw.message) || undefined;
      // The gateway's own words, verbatim (masked, then cut where they are kept), inside a message of ours.
      job.error = message ? msg('jobs.task.gatewaySays', { message: keptReason(mask.text(message)) }) : msg('jobs.task.failedNoReason');
    } else {
      this.estimates.observe(job, observationOf(raw), now, sentAt);
      this.lastSent.set(job.id, sentAt);
      // Counted from when this request was sent: the interval the gateway sees between two.
      job.nextCheckAt = sentAt + this.intervalAfter(job, now, sentAt);
      if (cancelled !== false) Object.assign(job, { state: 'cancelled', error: cancelled });
    }
  }

  /**
   * The next check of a job still working (docs/gateway-rules.md, "Polling cadence"): aimed just
   * after its likely end when there is an estimate, the margin its spread plus AIM_MARGIN_MS;
   * at the slow end of the range when there is none. A job still working after its aim (the
   * estimate already past, or `overdue`: aimed where its like had all ended) is checked once more
   * at the shortest interval, then at the slow end until a new estimate points ahead again: a
   * wrong estimate never makes the studio poll faster for long. A batch's jobs are never aimed. The
   * interval runs from `sentAt`, when the last request went out; `now` is its answer.
   */
  private intervalAfter(job: JobRecord, now: number, sentAt: number): number {
    const wasAimed = this.aimed.delete(job.id);
    const slow = () => nextIntervalMs(this.d.cadence, job.kind, this.d.random);
    // A batch's jobs keep the slow end: a batch is for many results, not one soon, and its wave
    // of jobs loads the gateway, which then holds them at 99 % for longer and longer before any
    // can teach the others; each aim that misses is a check more than the slow end makes.
    if (job.batch) return slow();
    const estimate = this.estimates.estimate(job, now);
    if (!estimate && job.route === 'multipart') {
      const regular = slow();
      // Once apart, a clip stays at the slow cadence: among many siblings one is always near, and
      // moving every check made a queue of clips checked every half interval (bench/polling.ts).
      if (this.spread.has(job.id)) return regular;
      const others = siblingsOf(this.d.store.all(), job).map((j) => j.nextCheckAt ?? 0);
      const interval = apartFrom(sentAt + regular, others, sentAt + floorMs(this.d.cadence, job.kind), ceilingMs(this.d.cadence, job.kind)) - sentAt;
      // Moved toward the floor: taken early to share a wakeup, it could fall below the range.
      if (interval < regular) {
        this.aimed.add(job.id);
        this.spread.add(job.id);
      }
      return interval;
    }
    if (!estimate) return this.byLatest(job, now, sentAt, slow());
    const target = estimate.at + estimate.spread + AIM_MARGIN_MS;
    if (target <= now || (wasAimed && estimate.overdue)) {
      const missed = (this.misses.get(job.id) ?? 0) + 1;
      this.misses.set(job.id, missed);
      if (missed > 1) return this.byLatest(job, now, sentAt, slow());
      this.aimed.add(job.id);
      return floorMs(this.d.cadence, job.kind);
    }
    this.misses.delete(job.id);
    const interval = this.byLatest(job, now, sentAt, aimedIntervalMs(this.d.cadence, job.kind, sentAt, estimate.at, target));
    // The last check, or one at the range's floor: taken early, it would land before the end or below the range.
    if (sentAt + interval >= target - 1 || interval < floorMs(this.d.cadence, job.kind) + 200) this.aimed.add(job.id);
    return interval;
  }

  /**
   * A check at the slow end that would land after every earlier job of the job's model and size
   * had ended comes instead just after the latest of them (never below the range's floor): where
   * noisy progress gives no end to aim at, or promises one far off, a minute-long clip found still
   * working a moment before its end was otherwise seen nearly a whole slow interval late, 8–9 s
   * (docs/performance-findings.md, "Result latency: the tails, the first clips, the requests").
   * The check only moves earlier; one more comes only for a job longer than all its like. A job
   * at 99 % is checked next at the floor (FinishEstimator.atCap).
   */
  private byLatest(job: JobRecord, now: number, sentAt: number, interval: number): number {
    const floor = floorMs(this.d.cadence, job.kind);
    if (this.estimates.atCap(job) && interval > floor) {
      this.aimed.add(job.id); // at 99 % (FinishEstimator.atCap): in its last moments
      return floor;
    }
    const latest = this.estimates.latestEnd(job, now);
    if (latest === undefined) return interval;
    const at = latest + AIM_MARGIN_MS;
    if (at >= sentAt + interval) return interval;
    // Aimed: never taken early to share a wakeup (it could fall below the range).
    this.aimed.add(job.id);
    return Math.max(floor, Math.round(at - sentAt));
  }

  /**
   * The first multipart clip of its model and length just ended and taught its length (later
   * ones would only move checks already aimed, each a miss risked): each sibling still polled is checked next
   * just after the end that length gives it, if sooner than planned (never sooner than the floor
   * after its last check). The check only moves earlier (multipart-siblings.ts).
   */
  private bringSiblingsForward(job: JobRecord, now: number): void {
    let moved = false;
    for (const j of siblingsOf(this.d.store.all(), job)) {
      const last = this.lastSent.get(j.id);
      const estimate = this.estimates.estimate(j, now);
      if (last === undefined || !estimate || this.busy.has(j.id)) continue;
      const at = Math.max(last + floorMs(this.d.cadence, j.kind), estimate.at + estimate.spread + AIM_MARGIN_MS);
      if (at >= (j.nextCheckAt ?? Infinity)) continue;
      j.nextCheckAt = at;
      this.aimed.add(j.id);
      moved = true;
    }
    if (moved) this.schedule();
  }

  private forget(id: string): void {
    // Nothing kept per job once its polling ends: a day of jobs leaves no id behind (docs/performance.md, "day").
    this.tracked.delete(id);
    this.resumed.delete(id);
    this.estimates.forget(id);
    this.aimed.delete(id);
    this.misses.delete(id);
    this.lastSent.delete(id);
    this.spread.delete(id);
  }
}
