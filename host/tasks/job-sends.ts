/**
 * Sending jobs: every one through the host's queue, a single submit (the creator waiting on the
 * answer) as a Compare's batch (docs/robust-host.md, "The job queue"). A job is written before
 * its POST, and a POST whose fate is unknown is never sent again (job-submit.ts says which
 * failures prove nothing was bought).
 */
import { randomUUID } from 'node:crypto';
import type { GatewayClient } from '../gateway/client.js';
import type { HostEvents } from '../events.js';
import { GatewayFailure } from '../gateway/failure.js';
import { coreError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import type { SendOutcome } from '../queue/job-queue.js';
import type { JobRecord, JobState } from './job-record.js';
import type { JobStore } from './job-store.js';
import { prepareJob, specOf, type JobSpec, type PreparedJob } from './job-spec.js';
import { asFailure, backoffMs, jobBilling, MAX_SEND_ATTEMPTS, notSent, postJob, provedNotTaken } from './job-submit.js';
import { isUsableTaskId } from './gateway-words.js';
import type { JobSender } from './sender/job-sender.js';
import type { SendAnswer } from './sender/protocol.js';

export interface JobSendsDeps {
  store: JobStore;
  clientFor(profileId: string): GatewayClient;
  activeProfileId(): string;
  now(): number;
  random(): number;
  log?(line: string): void;
  onRemove?(id: string): void;
  /** Turns stand-ins such as `attachment:<id>` into what the gateway takes, for the call only. */
  resolve(spec: JobSpec): JobSpec;
  /** The service's change of a job, told to the views (durable: on disk before it resolves). */
  update(job: JobRecord, patch: Partial<JobRecord>, durable?: boolean): Promise<void>;
  changed(job: JobRecord): void;
  /** Follows a job the gateway took, by its task id. */
  track(job: JobRecord): void;
  /** Asks the queue to start what may start now. */
  wake(): void;
  /** Makes each POST in a process that outlives the host (sender/job-sender.ts); absent: in-process. */
  sender?: JobSender;
}

/** A batch run's jobs (host/batches): each one's cell, and the batch's rows written in the jobs' transaction. */
export interface EnqueueOptions {
  batch?: { id: string; indexes: readonly number[] };
  within?(jobs: readonly JobRecord[]): void;
}

/** What a single submit's caller is answered once the queue sent its job: the job as it then was, or why not. */
type Answer = { job: JobRecord } | { error: unknown };

/** A single submit's caller: whether the queue began sending its job, and its answer once it did. */
interface Asker {
  began: boolean;
  settle(answer: Answer): void;
}

export class JobSends {
  constructor(private readonly d: JobSendsDeps) {}

  private newRecord(spec: JobSpec, prepared: PreparedJob, state: JobState, batchIndex?: number): JobRecord {
    const now = this.d.now();
    return {
      id: randomUUID(), profileId: this.d.activeProfileId(), route: prepared.route, kind: prepared.kind, model: prepared.model, prompt: prepared.prompt,
      // The record keeps the stand-ins (small, and a retry resolves them again), not data URIs.
      params: spec.request, state, createdAt: now, updatedAt: now, checks: 0, errorStreak: 0, resultUrls: [], downloads: [], batchIndex,
      ...(spec.lineage?.length ? { lineage: spec.lineage } : {}),
    };
  }

  /**
   * One job, the creator waiting on the answer: queued like a batch's, so it shares the limits
   * and the pause (docs/robust-host.md, "The job queue"). When the queue starts it at once the
   * answer is its send's, as before: the task id, or the gateway's refusal thrown, no job left
   * behind. When it has to wait (the model's limit reached, the queue paused) the answer is the
   * waiting job, which the page follows by its id.
   */
  async submit(spec: JobSpec): Promise<JobRecord> {
    const prepared = prepareJob(this.d.resolve(spec));
    // A profile that cannot reach its gateway refuses now, nothing written.
    this.d.clientFor(this.d.activeProfileId());
    const job = this.newRecord(spec, prepared, 'waiting');
    let settle!: (r: Answer) => void;
    const answered = new Promise<Answer>((resolve) => (settle = resolve));
    // Listening before the record exists: any wake of the queue from then on may start it.
    const asker: Asker = { began: false, settle };
    this.askers.set(job.id, asker);
    try {
      await this.written([job], () => this.d.store.putDurable(job));
      this.d.changed(job);
      this.d.wake();
      if (!asker.began) return structuredClone(job);
      const r = await answered;
      if ('error' in r) throw r.error;
      return r.job;
    } finally {
      this.askers.delete(job.id);
    }
  }

  /** The single submits whose caller waits on the first send's answer (`submit`), by job id. */
  private readonly askers = new Map<string, Asker>();

  /** Jobs whose record is being written: the queue leaves them be, since a disk that refuses forgets them unsent. */
  private readonly unwritten = new Set<string>();

  /** Whether the queue may start this job yet: its record is on disk. */
  isWritten(id: string): boolean {
    return !this.unwritten.has(id);
  }

  private async written(jobs: JobRecord[], write: () => Promise<void>): Promise<void> {
    for (const j of jobs) this.unwritten.add(j.id);
    try {
      await write().catch(notSent);
    } finally {
      for (const j of jobs) this.unwritten.delete(j.id);
    }
  }

  /**
   * Queues jobs, every one written to disk before this resolves and before any is sent: a studio
   * killed from then on sends each of them once, after its restart if need be. A request that
   * fails the catalog's rules refuses the whole batch, nothing queued.
   */
  async enqueue(specs: JobSpec[], o: EnqueueOptions = {}): Promise<JobRecord[]> {
    // A compare run's jobs share a group (their results stack in the gallery); a batch run's stack by cell.
    const group = o.batch ? undefined : randomUUID();
    const jobs = specs.map((spec, i) => {
      const job = this.newRecord(spec, prepareJob(this.d.resolve(spec)), 'waiting', o.batch ? o.batch.indexes[i] : i);
      if (o.batch) job.batch = { id: o.batch.id, index: o.batch.indexes[i] };
      else job.group = group;
      return job;
    });
    await this.written(jobs, () => this.d.store.putAllDurable(jobs, o.within && (() => o.within!(jobs))));
    for (const job of jobs) this.d.changed(job);
    // As queued: the sends that start next change the records, and tell of it as they do.
    const queued = jobs.map((j) => structuredClone(j));
    this.d.wake();
    return queued;
  }

  /** The queue's send of one waiting job; a single submit's caller gets its answer (`submit`). */
  async send(id: string): Promise<SendOutcome> {
    const asker = this.askers.get(id);
    if (asker) asker.began = true;
    const { outcome, answer } = await this.sendOnce(id, asker !== undefined);
    if (asker) {
      const job = this.d.store.get(id);
      asker.settle(answer ?? (job ? { job: structuredClone(job) } : { error: coreError('not_found', msg('jobs.task.gone')) }));
    }
    return outcome;
  }

  /**
   * One send: what happened is recorded on the job, never thrown. `asked`: a caller waits on the
   * answer, so a refusal goes back to it (the job forgotten, as it never was bought) instead of
   * failing the job's row; without one, the row says why (the creator was not there to see it).
   */
  private async sendOnce(id: string, asked: boolean): Promise<{ outcome: SendOutcome; answer?: Answer }> {
    const done = (answer?: Answer) => ({ outcome: { kind: 'done' } as SendOutcome, answer });
    const job = this.d.store.get(id);
    if (!job || job.state !== 'waiting') return done();
    const refuse = async (f: GatewayFailure, attempts?: number) => {
      if (!asked) {
        await this.d.update(job, { state: 'failed', attempts, error: f.text, finishedAt: this.d.now() }, true);
        return done();
      }
      void this.d.store.delete(job.id);
      this.d.onRemove?.(job.id);
      return done({ error: f });
    };
    let prepared: PreparedJob;
    let client: GatewayClient;
    try {
      prepared = prepareJob(this.d.resolve(specOf(job)));
      client = this.d.clientFor(job.profileId);
    } catch (err) {
      return refuse(asFailure(err));
    }
    // On disk as being sent before the POST leaves: a kill from here on is settled at the next
    // start by the job's hand-off row (sender/job-sender.ts, recover), or, sent in-process, left
    // with its fate unknown; never a second send.
    Object.assign(job, { state: 'submitting', notBefore: undefined, updatedAt: this.d.now() });
    try {
      // The hand-off row first (sender/handoff-table.ts): a kill before the record below is
      // written leaves the job waiting, and its row is cleared at the next start.
      this.d.sender?.handOff(job.id);
      await this.d.store.flush();
    } catch (err) {
      Object.assign(job, { state: 'waiting' });
      const at = this.d.now() + backoffMs(asFailure(err), job.attempts ?? 0, this.d.random);
      this.d.log?.(`queue: a job was not sent, its record could not be written: ${(err as Error).message}`);
      return { outcome: { kind: 'again', at } };
    }
    const links = job.batchIndex !== undefined ? { batchIndex: job.batchIndex } : undefined;
    const heard = this.heard(job.id);
    const sent = await this.post(job, () => (this.d.sender ? this.d.sender.post(job.id, client, prepared, links, heard) : postJob(client, prepared, jobBilling(job.id, links, heard))));
    const r = await this.outcome(job, sent, refuse);
    this.d.sender?.done(job.id);
    return r;
  }

  /**
   * A job an earlier session handed to the sender process, whose answer that session never heard
   * (sender/job-sender.ts, recover): applied as the live send would have, once it is known. No
   * answer (the sender is gone): its fate is unknown, as for a POST the studio itself lost.
   */
  async resume(id: string, answered: Promise<SendAnswer | undefined>): Promise<void> {
    const answer = await answered;
    const job = this.d.store.get(id);
    if (!job || !['submitting', 'cancelled'].includes(job.state) || job.remoteId) return;
    if (!answer) await this.d.update(job, { state: 'unknown', error: msg('jobs.task.closedWhileSubmitting') }, true);
    else {
      const sent = await this.post(job, async () => this.d.sender!.apply(answer, this.heard(id)));
      await this.outcome(job, sent, async (f, attempts) => {
        await this.d.update(job, { state: 'failed', attempts, error: f.text, finishedAt: this.d.now() }, true);
        return { outcome: { kind: 'done' } };
      });
    }
    this.d.sender?.done(id);
    // A job proved never taken waits to be sent again.
    this.d.wake();
  }

  /**
   * The billed call of a job's POST joins the job's next committed change (the answer's: its task
   * id, its failure or its unknown fate), so the ledger's row and the record are written in one
   * transaction (job-store.ts, `billed`; docs/ledger.md, "Rows").
   */
  private heard(jobId: string): (billed: HostEvents['billed']) => void {
    return (billed) => this.d.store.billed(jobId, billed);
  }

  /** What a send's answer makes of its job: followed by its task id, sent again later, failed or unknown. */
  private async outcome(
    job: JobRecord, sent: Awaited<ReturnType<JobSends['post']>>,
    refuse: (f: GatewayFailure, attempts?: number) => Promise<{ outcome: SendOutcome; answer?: Answer }>,
  ): Promise<{ outcome: SendOutcome; answer?: Answer }> {
    const done = (answer?: Answer) => ({ outcome: { kind: 'done' } as SendOutcome, answer });
    if ('unknown' in sent) return done({ error: sent.unknown });
    if ('refused' in sent) {
      const f = sent.refused;
      const attempts = (job.attempts ?? 0) + 1;
      // Cancelled while the POST was under way, and the gateway took nothing: it stays cancelled.
      if ((job.state as JobState) === 'cancelled') {
        await this.d.update(job, { attempts, cancelledAt: undefined, error: msg('jobs.queue.cancelledUnsent'), finishedAt: this.d.now() }, true);
        return done();
      }
      if (provedNotTaken(f) && attempts < MAX_SEND_ATTEMPTS) {
        const at = this.d.now() + backoffMs(f, attempts - 1, this.d.random);
        await this.d.update(job, { state: 'waiting', attempts, notBefore: at, error: msg('jobs.queue.willRetry', { message: f.text }) }, true);
        return { outcome: { kind: 'again', at } };
      }
      return refuse(f, attempts);
    }
    try {
      return done({ job: await this.taken(job, sent.answered) });
    } catch (err) {
      this.d.log?.(`queue: ${(err as Error).message}`);
      return done({ error: err });
    }
  }

  /**
   * The POST of a job whose record says it is being sent. A failure that may have reached the
   * gateway leaves the job's fate unknown, recorded: it is never sent again.
   */
  private async post(job: JobRecord, postIt: () => Promise<unknown[]>): Promise<{ answered: unknown[] } | { refused: GatewayFailure } | { unknown: GatewayFailure }> {
    this.d.changed(job);
    try {
      return { answered: await postIt() };
    } catch (err) {
      const f = asFailure(err);
      if (!f.maybeReceived) return { refused: f };
      await this.d.update(job, { state: 'unknown', error: msg('jobs.task.mayHaveReached', { message: f.text }) }, true);
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
      await this.d.update(job, { state: 'failed', error: message, finishedAt: this.d.now() }, true);
      throw new GatewayFailure('bad_response', message, false);
    }
    // Queued in memory at once (the Tasks tab shows it), polled only once its record, with the
    // task id, is on disk: a studio that stops before then would otherwise have checked a task it
    // then forgets. The poller leaves a job of this session alone until it is tracked.
    // Cancelled while the POST was under way: it stays cancelled, and is followed for its result.
    await this.d.update(job, { state: job.state === 'cancelled' ? 'cancelled' : 'queued', remoteId: taskIds[0], submittedAt: this.d.now(), error: undefined }, true);
    const submitted = structuredClone(job);
    this.d.track(job);
    // A gateway that splits one request into several tasks gets one record per task.
    for (const extra of taskIds.slice(1)) this.d.track({ ...job, id: randomUUID(), remoteId: extra });
    return submitted;
  }
}
