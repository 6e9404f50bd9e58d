/**
 * The job pipeline: submission that never resubmits silently, one poller for every
 * job, and downloads that save each result into the library the moment a job completes,
 * nearest link expiry first.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayClient } from '../gateway/client.js';
import { coreError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import { QueueLimits as QueueLimitsSchema } from '@shared/contract/tasks.js';
import { JobQueue, type QueueLimits, type QueueStatus } from '../queue/job-queue.js';
import type { Cadence } from './cadence.js';
import type { ArchivePage } from './tasks-table.js';
import { isFollowedAfterCancel, type JobRecord, type JobState } from './job-record.js';
import type { JobStore } from './job-store.js';
import { prepareJob, specOf, type JobSpec } from './job-spec.js';
import { JobSends, type EnqueueOptions } from './job-sends.js';
import { Poller } from './poller.js';
import type { HostEmitter } from '../events.js';
import { ResultSaver, SAVING_STOPPED, type LibrarySink } from './result-saver.js';
import type { JobSender } from './sender/job-sender.js';
import type { SendAnswer } from './sender/protocol.js';

/** Where finished files go: the library (its `add` moves the verified download into place). */
export type { LibrarySink };

export interface JobServiceDeps {
  store: JobStore;
  library: LibrarySink;
  downloadsDir: string;
  clientFor(profileId: string): GatewayClient;
  activeProfileId(): string;
  cadence: Cadence;
  now(): number;
  random(): number;
  onChange(job: JobRecord): void;
  /** A record is gone (a refused submission, a finished job moved to the archive): views showing it must drop it. */
  onRemove?(id: string): void;
  maxPollsInFlight?: number;
  maxDownloads?: number;
  /** Turns stand-ins such as `attachment:<id>` into what the gateway takes, for the call only. */
  resolveRefs?(spec: JobSpec): JobSpec;
  /** The largest result file saved per kind (Settings). */
  maxBytes?(kind: JobRecord['kind']): number;
  /** Download time limits; tests shorten them. */
  downloadTimeouts?: { openMs: number; idleMs: number };
  log?(line: string): void;
  /** Where a job that reached an end state is announced (`jobEnded`, host/events.ts). */
  events?: HostEmitter;
  /** The queue's limits (host/queue/job-queue.ts); tests make them small. */
  queueLimits?: Partial<QueueLimits>;
  onQueueStatus?(status: QueueStatus): void;
  /**
   * A backup chosen in Settings replaced the database at this start (docs/data.md, "Restoring a
   * backup"): its waiting jobs may have been sent, and paid for, after it was taken.
   */
  restored?: boolean;
  /** Makes each job's POST in a process that outlives the host (sender/job-sender.ts); absent: in-process. */
  sender?: JobSender;
}

/** Where the queue's limits are kept (tasks-table.ts, tasks_settings). */
const LIMITS_KEY = 'queue.limits';

/** Limits read back from disk: any that is not a whole number in range is left at its default. */
function limitsOf(value: unknown): Partial<QueueLimits> {
  const r = QueueLimitsSchema.partial().safeParse(value);
  return r.success ? r.data : {};
}

/** The states a job ends in; a cancelled job still followed for its result has not ended yet. */
const isEnded = (j: JobRecord) => (['saved', 'attention', 'failed', 'timed_out', 'expired'] as JobState[]).includes(j.state)
  || (j.state === 'cancelled' && !isFollowedAfterCancel(j));

export class JobService {
  readonly poller: Poller;
  readonly queue: JobQueue;
  private readonly sends: JobSends;
  private readonly saver: ResultSaver;
  /** Jobs being sent when the last session ended, by id: the answer their row held, or undefined while their sender still posts. */
  private readonly handedOver = new Map<string, Promise<SendAnswer> | undefined>();

  /**
   * Reads what the last run left, without starting any of it: a job being submitted when the
   * studio stopped is settled by its hand-off row (sender/job-sender.ts: sent again when it
   * provably was not, followed when its answer is known or a living sender still waits on it,
   * else its fate unknown), and a file being saved is counted as interrupted. The
   * work itself resumes with `start()`, once the window is served.
   */
  /** The sender process's host side, when jobs are sent through one: a storyboard's narrations use it too. */
  get sender(): JobSender | undefined {
    return this.d.sender;
  }

  constructor(private readonly d: JobServiceDeps) {
    mkdirSync(d.downloadsDir, { recursive: true });
    this.poller = new Poller({
      store: d.store, clientFor: d.clientFor, cadence: d.cadence, maxInFlight: d.maxPollsInFlight ?? 6, now: d.now, random: d.random,
      onChange: (job) => {
        this.changed(job);
        if (job.state === 'completed') this.saver.add(job.id);
      },
    });
    this.saver = new ResultSaver({
      store: d.store, library: d.library, downloadsDir: d.downloadsDir, now: d.now, maxBytes: d.maxBytes,
      timeouts: d.downloadTimeouts, maxDownloads: d.maxDownloads, log: d.log,
      update: (job, patch, durable) => this.update(job, patch, durable),
      freshLinks: (job) => this.poller.freshLinks(job),
      gatewayOrigin: (job) => {
        try {
          return d.clientFor(job.profileId).origin;
        } catch {
          return undefined; // its profile is gone: no gateway of the creator's stands behind its links
        }
      },
    });
    this.sends = new JobSends({
      store: d.store, clientFor: d.clientFor, activeProfileId: d.activeProfileId, now: d.now, random: d.random, log: d.log, onRemove: d.onRemove,
      resolve: (spec) => (d.resolveRefs ? d.resolveRefs(spec) : spec),
      update: (job, patch, durable) => this.update(job, patch, durable),
      changed: (job) => this.changed(job),
      track: (job) => this.poller.track(job),
      wake: () => this.queue.wake(),
      sender: d.sender,
    });
    this.queue = new JobQueue({
      store: {
        // A job held (its batch paused, host/batches) stays waiting, on disk, until let go.
        waiting: () => d.store.all().filter((j) => j.state === 'waiting' && this.sends.isWritten(j.id) && !this.held(j))
          .map((j) => ({ id: j.id, model: j.model, order: j.order ?? j.createdAt + (j.batchIndex ?? 0) / 1000, notBefore: j.notBefore })),
      },
      send: (id) => this.sends.send(id),
      now: d.now, limits: { ...d.queueLimits, ...limitsOf(d.store.setting(LIMITS_KEY)) }, onStatus: d.onQueueStatus, log: d.log,
    });
    let changed = false;
    for (const job of d.store.all()) {
      if (job.state === 'submitting') {
        // The studio stopped while the job was being sent: its hand-off row says how far it got
        // (sender/job-sender.ts, recover); without one, the POST may have left and its fate is unknown.
        const found = d.sender?.recover(job.id) ?? { kind: 'unknown' };
        if (found.kind === 'unsent') Object.assign(job, { state: 'waiting' });
        else if (found.kind === 'unknown') Object.assign(job, { state: 'unknown', error: msg('jobs.task.closedWhileSubmitting') });
        else this.handedOver.set(job.id, found.kind === 'answered' ? Promise.resolve(found.answer) : undefined);
        changed ||= found.kind !== 'answered' && found.kind !== 'posting';
      } else if (job.state === 'cancelled' && !job.remoteId && job.cancelledAt !== undefined && d.sender) {
        // Cancelled while being sent: a job the gateway took is billed anyway, so its answer is still followed.
        const found = d.sender.recover(job.id);
        if (found.kind === 'answered') this.handedOver.set(job.id, Promise.resolve(found.answer));
        else if (found.kind === 'posting') this.handedOver.set(job.id, undefined);
      } else if (job.state === 'waiting' && d.restored) {
        // The backup's word that it was never sent is older than the sends since: not sent again.
        Object.assign(job, { state: 'unknown', error: msg('jobs.task.restoredWaiting') });
        changed = true;
      }
      if (ResultSaver.countInterrupted(job)) changed = true;
    }
    if (changed) void d.store.save();
    d.sender?.sweep(new Set([...this.handedOver.keys()]));
    // Finished jobs moved to the archive leave the views too (task-archive.ts).
    d.store.onArchived((ids) => {
      for (const id of ids) d.onRemove?.(id);
    });
  }

  /** Which waiting jobs the queue leaves be for now (a paused batch's, host/batches). */
  private held: (job: JobRecord) => boolean = () => false;
  private readonly watchers = new Set<(job: JobRecord) => void>();

  /** Sets which waiting jobs the queue leaves be; the queue looks again at once. */
  holdWhen(held: (job: JobRecord) => boolean): void {
    this.held = held;
    this.queue.wake();
  }

  /** Hears every change of a job (a batch's counts follow its jobs); the function returned stops it. */
  watch(listener: (job: JobRecord) => void): () => void {
    this.watchers.add(listener);
    return () => void this.watchers.delete(listener);
  }

  /** The queue's limits as set (Settings), kept across restarts. */
  queueLimits(): QueueLimits {
    return this.queue.currentLimits();
  }

  /** Keeps the limits, then applies them: a disk that refuses leaves the old ones, said. */
  setQueueLimits(limits: QueueLimits): QueueLimits {
    this.d.store.setSetting(LIMITS_KEY, limits);
    this.queue.setLimits(limits);
    return this.queue.currentLimits();
  }

  /** The state and saved items of each job, listed or archived (job-store.ts). */
  statesOf(ids: readonly string[]): Map<string, { state: JobState; libraryIds: string[] }> {
    return this.d.store.statesOf(ids);
  }

  /** Checks a request as a send would (the catalog's rules, its reference pictures); throws why not. */
  prepare(spec: JobSpec): void {
    prepareJob(this.d.resolveRefs ? this.d.resolveRefs(spec) : spec);
  }

  /** A job's record from the list, else from the archive. */
  async archivedRecord(id: string): Promise<JobRecord | undefined> {
    return this.d.store.get(id) ?? (await this.d.store.archivedRecord(id));
  }

  /** A job of the list, if it is there. */
  get(id: string): JobRecord | undefined {
    return this.d.store.get(id);
  }

  /**
   * Moves waiting jobs ahead of the others in the queue, in this order (a batch's reorder): each
   * takes a place just before the earliest of `among`, which keep theirs.
   */
  putFirst(ids: readonly string[], among: readonly string[]): void {
    const orderOf = (j: JobRecord) => j.order ?? j.createdAt + (j.batchIndex ?? 0) / 1000;
    const waiting = among.map((id) => this.d.store.get(id)).filter((j): j is JobRecord => j?.state === 'waiting');
    if (!waiting.length) return;
    const base = Math.min(...waiting.map(orderOf)) - 1;
    const first = ids.map((id) => this.d.store.get(id)).filter((j): j is JobRecord => j?.state === 'waiting');
    first.forEach((job, i) => void this.update(job, { order: base + (i / Math.max(1, first.length)) }));
    this.queue.wake();
  }

  /** After a start or restart, once the window is served: unfinished jobs resume where they were. */
  start(): void {
    this.poller.start();
    this.saver.resume();
    // Jobs an earlier session's sender was sending: followed once their answer is known.
    for (const [id, answer] of this.handedOver) void this.sends.resume(id, answer ?? this.d.sender!.watch(id));
    this.handedOver.clear();
    // Jobs queued and not yet sent when the studio stopped are sent now: nothing of them left.
    this.queue.start();
  }

  /** Stops polling and saving; resolves once the task list on disk holds the last change. */
  async stop(): Promise<void> {
    // Sends under way end first (their answers recorded); nothing new starts.
    await this.queue.drain();
    this.poller.stop();
    this.saver.stop();
    // A file the library is taking finishes its move first: left running, it raced the next start's
    // save of the same job (docs/robust-host.md, "Start and shutdown").
    await this.saver.settled();
    // A move to the archive under way ends first, so the list written last no longer holds what it moved.
    await this.d.store.archived();
    await this.d.store.save();
    this.d.sender?.close();
  }

  list(): JobRecord[] {
    return this.d.store.all().sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Every change the page is told of is counted, so it can tell an older view from a newer one. */
  private changed(job: JobRecord): void {
    job.revision = (job.revision ?? 0) + 1;
    this.d.onChange(job);
    for (const w of this.watchers) w(job);
    // Every change passes here, so a job is announced once per end it reaches (a retry may end it again).
    if (!isEnded(job)) this.endedAs.delete(job.id);
    else if (this.endedAs.get(job.id) !== job.state) {
      this.endedAs.set(job.id, job.state);
      this.d.events?.emit('jobEnded', {
        id: job.id, profileId: job.profileId, kind: job.kind, model: job.model, state: job.state, remoteId: job.remoteId,
        libraryIds: job.downloads.flatMap((dl) => (dl.libraryId ? [dl.libraryId] : [])),
      });
    }
  }
  /** The end each job was last announced at. */
  private readonly endedAs = new Map<string, JobState>();

  /** Applies a change; resolves once it is on disk when `durable` (a restart must know of it). */
  private async update(job: JobRecord, patch: Partial<JobRecord>, durable = false): Promise<void> {
    Object.assign(job, patch, { updatedAt: this.d.now() });
    // Removed meanwhile (a save still winding down): it must not come back.
    if (this.d.store.get(job.id) !== job) return;
    this.changed(job);
    if (durable) await this.d.store.putDurable(job);
    else this.d.store.put(job);
  }

  /** One job, the creator waiting on the answer (job-sends.ts). */
  submit(spec: JobSpec): Promise<JobRecord> {
    return this.sends.submit(spec);
  }

  /** Jobs queued in one call, every one on disk before this resolves (job-sends.ts). */
  enqueue(specs: JobSpec[], o?: EnqueueOptions): Promise<JobRecord[]> {
    return this.sends.enqueue(specs, o);
  }

  /**
   * Cancels a job still running. The gateway has no cancel route and bills a submitted job
   * anyway, so the job stays followed and its result is saved if it finishes (job-record.ts,
   * isFollowedAfterCancel); written at once, so a restart follows it too. A job that finished
   * meanwhile is left saving: the creator's money's worth is kept either way.
   */
  cancel(id: string): JobRecord {
    const job = this.require(id);
    if (job.state === 'completed') return job;
    if (job.state === 'waiting') {
      // Never sent: nothing was bought, nothing to follow.
      void this.update(job, { state: 'cancelled', finishedAt: this.d.now(), notBefore: undefined, error: msg('jobs.queue.cancelledUnsent') }, true);
      return job;
    }
    if (!['submitting', 'queued', 'running'].includes(job.state)) throw coreError('conflict', msg('jobs.task.alreadyEnded'));
    void this.update(job, { state: 'cancelled', cancelledAt: this.d.now(), error: msg('jobs.task.cancelledStillSaving') }, true);
    return job;
  }

  /**
   * Stops saving a finished job's files: the partial file is removed and the job needs attention,
   * where "Retry save" saves it again from fresh links (it is paid for already).
   */
  stopSaving(id: string): JobRecord {
    const job = this.require(id);
    if (job.state !== 'completed') throw coreError('conflict', msg('jobs.task.notSaving'));
    // A save under way ends itself so, its partial file removed (result-saver.ts, finish).
    if (this.saver.cancel(id)) return job;
    void this.update(job, { state: 'attention', error: SAVING_STOPPED }, true);
    return job;
  }

  /** Resumes polling, or saves the files again (asking the gateway for fresh links first). */
  checkAgain(id: string): JobRecord {
    const job = this.require(id);
    const finished = job.resultUrls.length > 0;
    if (finished && ['completed', 'expired', 'attention', 'cancelled'].includes(job.state)) {
      if (this.saver.isSaving(id)) return job;
      // Links the last save could not use are probably dead: fresh ones first.
      const refresh = job.state !== 'completed' || job.downloads.some((dl) => dl.state === 'failed' || dl.state === 'expired');
      for (const dl of job.downloads) {
        if (dl.state !== 'done') Object.assign(dl, { state: 'pending', error: undefined, interrupted: undefined });
      }
      void this.update(job, { state: 'completed', error: undefined }, true);
      this.saver.add(id, refresh);
      return job;
    }
    if (!job.remoteId || !['timed_out', 'running', 'queued', 'cancelled'].includes(job.state)) throw coreError('conflict', msg('jobs.task.nothingToCheck'));
    void this.update(job, { state: 'running', error: undefined, errorStreak: 0 });
    this.poller.track(job, this.d.now());
    return job;
  }

  /** A new job with the same parameters (the UI confirms first), of a job in the list or the archive. */
  async retry(id: string): Promise<JobRecord> {
    const job = this.d.store.get(id) ?? (await this.d.store.archivedRecord(id)) ?? this.require(id);
    return this.submit(specOf(job));
  }

  /**
   * Forgets a job (not while it is being submitted: its fate would be lost). A save under way is
   * stopped and its partial files removed; files already saved stay in the library.
   */
  async remove(id: string): Promise<boolean> {
    const job = this.d.store.get(id);
    if (!job) {
      // An older job, in the archive: other windows showing it are told as for any removal.
      const forgotten = await this.d.store.forgetArchived(id);
      if (forgotten) this.d.onRemove?.(id);
      return forgotten;
    }
    if (job.state === 'submitting') throw coreError('conflict', msg('jobs.task.beingSubmitted'));
    this.saver.cancel(id);
    const forgotten = this.d.store.delete(id);
    for (const i of job.downloads.keys()) rmSync(join(this.d.downloadsDir, `${id}-${i}.part`), { force: true });
    this.d.onRemove?.(id);
    await forgotten;
    return true;
  }

  /** A page of the finished jobs that left the list (job-store.ts, archivedPage). */
  archived(o: { before?: number; limit: number; states?: readonly JobState[] }): Promise<ArchivePage> {
    return this.d.store.archivedPage(o);
  }

  /** Resolves once no save is under way. */
  settled(): Promise<void> {
    return this.saver.settled();
  }

  /** The job's result links as the gateway gave them. */
  links(id: string): string[] {
    return [...this.require(id).resultUrls];
  }

  private require(id: string): JobRecord {
    const job = this.d.store.get(id);
    if (!job) throw coreError('not_found', msg('jobs.task.gone'));
    return job;
  }
}
