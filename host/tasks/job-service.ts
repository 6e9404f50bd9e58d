/**
 * The job pipeline: submission that never resubmits silently, one poller for every
 * job, and downloads that save each result into the library the moment a job completes,
 * nearest link expiry first.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayClient } from '../gateway/client.js';
import { GatewayFailure } from '../gateway/failure.js';
import { coreError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import { JobQueue, type QueueLimits, type QueueStatus, type SendOutcome } from '../queue/job-queue.js';
import type { Cadence } from './cadence.js';
import type { ArchivePage } from './tasks-table.js';
import { isFollowedAfterCancel, type JobRecord, type JobState } from './job-record.js';
import type { JobStore } from './job-store.js';
import { prepareJob, specOf, type JobSpec, type PreparedJob } from './job-spec.js';
import { asFailure, backoffMs, MAX_SEND_ATTEMPTS, notSent, postJob, provedNotTaken } from './job-submit.js';
import { Poller } from './poller.js';
import { isUsableTaskId } from './gateway-words.js';
import type { HostEmitter } from '../events.js';
import { ResultSaver, SAVING_STOPPED, type LibrarySink } from './result-saver.js';

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
}

/** The states a job ends in; a cancelled job still followed for its result has not ended yet. */
const isEnded = (j: JobRecord) => (['saved', 'attention', 'failed', 'timed_out', 'expired'] as JobState[]).includes(j.state)
  || (j.state === 'cancelled' && !isFollowedAfterCancel(j));

export class JobService {
  readonly poller: Poller;
  readonly queue: JobQueue;
  private readonly saver: ResultSaver;

  /**
   * Reads what the last run left, without starting any of it: a job being submitted when the
   * studio stopped gets an unknown fate, and a file being saved is counted as interrupted. The
   * work itself resumes with `start()`, once the window is served.
   */
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
    this.queue = new JobQueue({
      store: {
        waiting: () => d.store.all().filter((j) => j.state === 'waiting')
          .map((j) => ({ id: j.id, model: j.model, order: j.createdAt + (j.batchIndex ?? 0) / 1000, notBefore: j.notBefore })),
      },
      send: (id) => this.sendQueued(id),
      now: d.now, limits: d.queueLimits, onStatus: d.onQueueStatus, log: d.log,
    });
    let changed = false;
    for (const job of d.store.all()) {
      if (job.state === 'submitting') {
        // The studio stopped while the POST was under way: its fate is unknown.
        Object.assign(job, { state: 'unknown', error: msg('jobs.task.closedWhileSubmitting') });
        changed = true;
      }
      if (ResultSaver.countInterrupted(job)) changed = true;
    }
    if (changed) void d.store.save();
    // Finished jobs moved to the archive leave the views too (task-archive.ts).
    d.store.onArchived((ids) => {
      for (const id of ids) d.onRemove?.(id);
    });
  }

  /** After a start or restart, once the window is served: unfinished jobs resume where they were. */
  start(): void {
    this.poller.start();
    this.saver.resume();
    // Jobs queued and not yet sent when the studio stopped are sent now: nothing of them left.
    this.queue.start();
  }

  /** Stops polling and saving; resolves once the task list on disk holds the last change. */
  async stop(): Promise<void> {
    // Sends under way end first (their answers recorded); nothing new starts.
    await this.queue.drain();
    this.poller.stop();
    this.saver.stop();
    // A move to the archive under way ends first, so the list written last no longer holds what it moved.
    await this.d.store.archived();
    await this.d.store.save();
  }

  list(): JobRecord[] {
    return this.d.store.all().sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Every change the page is told of is counted, so it can tell an older view from a newer one. */
  private changed(job: JobRecord): void {
    job.revision = (job.revision ?? 0) + 1;
    this.d.onChange(job);
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

  private resolve(spec: JobSpec): JobSpec {
    return this.d.resolveRefs ? this.d.resolveRefs(spec) : spec;
  }

  private newRecord(spec: JobSpec, prepared: PreparedJob, state: JobState, batchIndex?: number): JobRecord {
    const now = this.d.now();
    return {
      id: randomUUID(), profileId: this.d.activeProfileId(), route: prepared.route, kind: prepared.kind, model: prepared.model, prompt: prepared.prompt,
      // The record keeps the stand-ins (small, and a retry resolves them again), not data URIs.
      params: spec.request, state, createdAt: now, updatedAt: now, checks: 0, errorStreak: 0, resultUrls: [], downloads: [], batchIndex,
    };
  }

  /** Sends a job now, outside the queue; a refusal throws and leaves no job behind. */
  async submit(spec: JobSpec): Promise<JobRecord> {
    const prepared = prepareJob(this.resolve(spec));
    const client = this.d.clientFor(this.d.activeProfileId());
    const job = this.newRecord(spec, prepared, 'submitting');
    // Written before the POST: a crash mid-request leaves a record saying so.
    await this.d.store.putDurable(job).catch(notSent);
    const sent = await this.post(job, client, prepared);
    if ('unknown' in sent) throw sent.unknown;
    if ('refused' in sent) {
      // Refused for sure (validation, 402, a server error answer): nothing to track.
      void this.d.store.delete(job.id);
      this.d.onRemove?.(job.id);
      throw sent.refused;
    }
    return this.taken(job, sent.answered);
  }

  /**
   * Queues jobs, every one written to disk before this resolves and before any is sent: a studio
   * killed from then on sends each of them once, after its restart if need be. A request that
   * fails the catalog's rules refuses the whole batch, nothing queued.
   */
  async enqueue(specs: JobSpec[]): Promise<JobRecord[]> {
    const jobs = specs.map((spec, i) => this.newRecord(spec, prepareJob(this.resolve(spec)), 'waiting', i));
    await this.d.store.putAllDurable(jobs).catch(notSent);
    for (const job of jobs) this.changed(job);
    // As queued: the sends that start next change the records, and tell of it as they do.
    const queued = jobs.map((j) => structuredClone(j));
    this.queue.wake();
    return queued;
  }

  /** The queue's send of one waiting job: what happened is recorded on the job, never thrown. */
  private async sendQueued(id: string): Promise<SendOutcome> {
    const done: SendOutcome = { kind: 'done' };
    const job = this.d.store.get(id);
    if (!job || job.state !== 'waiting') return done;
    let prepared: PreparedJob;
    let client: GatewayClient;
    try {
      prepared = prepareJob(this.resolve(specOf(job)));
      client = this.d.clientFor(job.profileId);
    } catch (err) {
      await this.update(job, { state: 'failed', error: asFailure(err).text, finishedAt: this.d.now() }, true);
      return done;
    }
    // On disk as being sent before the POST leaves: a kill from here on leaves a fate unknown, never a second send.
    Object.assign(job, { state: 'submitting', notBefore: undefined, updatedAt: this.d.now() });
    try {
      await this.d.store.flush();
    } catch (err) {
      Object.assign(job, { state: 'waiting' });
      const at = this.d.now() + backoffMs(asFailure(err), job.attempts ?? 0, this.d.random);
      this.d.log?.(`queue: a job was not sent, its record could not be written: ${(err as Error).message}`);
      return { kind: 'again', at };
    }
    const sent = await this.post(job, client, prepared);
    if ('unknown' in sent) return done;
    if ('refused' in sent) {
      const f = sent.refused;
      const attempts = (job.attempts ?? 0) + 1;
      // Cancelled while the POST was under way, and the gateway took nothing: it stays cancelled.
      if ((job.state as JobState) === 'cancelled') {
        await this.update(job, { attempts, cancelledAt: undefined, error: msg('jobs.queue.cancelledUnsent'), finishedAt: this.d.now() }, true);
        return done;
      }
      if (provedNotTaken(f) && attempts < MAX_SEND_ATTEMPTS) {
        const at = this.d.now() + backoffMs(f, attempts - 1, this.d.random);
        await this.update(job, { state: 'waiting', attempts, notBefore: at, error: msg('jobs.queue.willRetry', { message: f.text }) }, true);
        return { kind: 'again', at };
      }
      // Refused for sure: the row says why (the creator was not there to see the answer).
      await this.update(job, { state: 'failed', attempts, error: f.text, finishedAt: this.d.now() }, true);
      return done;
    }
    await this.taken(job, sent.answered).catch((err: unknown) => this.d.log?.(`queue: ${(err as Error).message}`));
    return done;
  }

  /**
   * The POST of a job whose record says it is being sent. A failure that may have reached the
   * gateway leaves the job's fate unknown, recorded: it is never sent again.
   */
  private async post(job: JobRecord, client: GatewayClient, prepared: PreparedJob): Promise<{ answered: unknown[] } | { refused: GatewayFailure } | { unknown: GatewayFailure }> {
    this.changed(job);
    try {
      return { answered: await postJob(client, prepared) };
    } catch (err) {
      const f = asFailure(err);
      if (!f.maybeReceived) return { refused: f };
      await this.update(job, { state: 'unknown', error: msg('jobs.task.mayHaveReached', { message: f.text }) }, true);
      return { unknown: f };
    }
  }

  /** The gateway took the job: it is followed by its task id(s) from now on. */
  private async taken(job: JobRecord, answered: unknown[]): Promise<JobRecord> {
    // Taken, but nothing to follow it by: it ends here, said, instead of waiting forever (gateway-words.ts).
    const taskIds = answered.filter(isUsableTaskId);
    if (taskIds.length < answered.length) this.d.log?.(`The gateway answered a submission with ${answered.length - taskIds.length} task id(s) that cannot be followed.`);
    if (taskIds.length === 0) {
      const message = msg('jobs.task.noTaskId');
      await this.update(job, { state: 'failed', error: message, finishedAt: this.d.now() }, true);
      throw new GatewayFailure('bad_response', message, false);
    }
    // Queued in memory at once (the Tasks tab shows it), polled only once its record, with the
    // task id, is on disk: a studio that stops before then would otherwise have checked a task it
    // then forgets. The poller leaves a job of this session alone until it is tracked.
    // Cancelled while the POST was under way: it stays cancelled, and is followed for its result.
    await this.update(job, { state: job.state === 'cancelled' ? 'cancelled' : 'queued', remoteId: taskIds[0], submittedAt: this.d.now(), error: undefined }, true);
    const submitted = structuredClone(job);
    this.poller.track(job);
    // A gateway that splits one request into several tasks gets one record per task.
    for (const extra of taskIds.slice(1)) this.poller.track({ ...job, id: randomUUID(), remoteId: extra });
    return submitted;
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
