/**
 * The job pipeline (issue 4): submission that never resubmits silently, one poller for every
 * job, and downloads that save each result into the library the moment a job completes,
 * nearest link expiry first.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ImageSubmission, MultipartVideoSubmission, VideoSubmission } from '../../../shared/gateway/wire.js';
import type { GatewayClient } from '../gateway/client.js';
import { downloadFile } from '../gateway/download.js';
import { GatewayFailure } from '../gateway/failure.js';
import { coreError } from '../errors.js';
import type { Cadence } from './cadence.js';
import { ACTIVE_STATES, type JobRecord } from './job-record.js';
import type { JobStore } from './job-store.js';
import { prepareJob, type JobSpec } from './job-spec.js';
import { Poller } from './poller.js';
import type { Library } from '../library/library.js';

const sizeOf = (path: string): number | undefined => {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
};

/** Where finished files go: the library (its `add` moves the verified download into place). */
export type LibrarySink = Pick<Library, 'add'>;

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
  /** A record is gone (a refused submission): views showing it must drop it. */
  onRemove?(id: string): void;
  maxPollsInFlight?: number;
  maxDownloads?: number;
  fetch?: typeof fetch;
  /** Turns stand-ins such as `attachment:<id>` into what the gateway takes, for the call only. */
  resolveRefs?(spec: JobSpec): JobSpec;
}

export class JobService {
  readonly poller: Poller;
  private downloading = 0;
  private readonly active = new Set<string>();

  constructor(private readonly d: JobServiceDeps) {
    mkdirSync(d.downloadsDir, { recursive: true });
    this.poller = new Poller({
      store: d.store, clientFor: d.clientFor, cadence: d.cadence, maxInFlight: d.maxPollsInFlight ?? 6, now: d.now, random: d.random,
      onChange: (job) => {
        d.onChange(job);
        if (job.state === 'completed') this.pumpDownloads();
      },
    });
  }

  /** After a start or restart: every unfinished job resumes where it was. */
  start(): void {
    for (const job of this.d.store.all()) {
      if (job.state === 'submitting') {
        // The studio stopped while the POST was under way: its fate is unknown.
        this.update(job, { state: 'unknown', error: 'The studio closed while this job was being submitted; it may or may not have reached the gateway. It was not resubmitted.' });
      }
      for (const dl of job.downloads) if (dl.state === 'downloading') dl.state = 'pending';
    }
    this.poller.start();
    this.pumpDownloads();
  }

  stop(): void {
    this.poller.stop();
    this.d.store.save();
  }

  list(): JobRecord[] {
    return this.d.store.all().sort((a, b) => b.createdAt - a.createdAt);
  }

  private update(job: JobRecord, patch: Partial<JobRecord>, durable = false): JobRecord {
    Object.assign(job, patch, { updatedAt: this.d.now() });
    this.d.store.put(job, durable);
    this.d.onChange(job);
    return job;
  }

  async submit(spec: JobSpec): Promise<JobRecord> {
    const prepared = prepareJob(this.d.resolveRefs ? this.d.resolveRefs(spec) : spec);
    const profileId = this.d.activeProfileId();
    const client = this.d.clientFor(profileId);
    const now = this.d.now();
    const job: JobRecord = {
      id: randomUUID(), profileId, route: prepared.route, kind: prepared.kind, model: prepared.model, prompt: prepared.prompt,
      // The record keeps the stand-ins (small, and a retry resolves them again), not data URIs.
      params: spec.request, state: 'submitting', createdAt: now, updatedAt: now, checks: 0, errorStreak: 0, resultUrls: [], downloads: [],
    };
    // Written before the POST: a crash mid-request leaves a record saying so.
    try {
      this.d.store.put(job, true);
    } catch (err) {
      if (err instanceof GatewayFailure) throw new GatewayFailure(err.code, `${err.message} The job was not sent.`, err.retryable);
      throw err;
    }
    this.d.onChange(job);
    let taskIds: string[];
    try {
      const call = { ...prepared.call, idempotent: false };
      if (prepared.route === 'multipart') taskIds = [(await client.json(call, MultipartVideoSubmission)).task_id];
      else if (prepared.kind === 'image') taskIds = (await client.json(call, ImageSubmission)).map((t) => t.task_id);
      else taskIds = [(await client.json(call, VideoSubmission)).task_id];
    } catch (err) {
      const f = err instanceof GatewayFailure ? err : coreError('internal', (err as Error).message);
      if (f.maybeReceived) {
        this.update(job, { state: 'unknown', error: `${f.message} The gateway may still have received this job, so it was not resubmitted: check its task list, or retry deliberately.` }, true);
        throw f;
      }
      // Refused for sure (validation, 402, a server error answer): nothing to track.
      this.d.store.delete(job.id);
      this.d.onRemove?.(job.id);
      throw f;
    }
    this.update(job, { state: 'queued', remoteId: taskIds[0], submittedAt: this.d.now() }, true);
    this.poller.track(job);
    // A gateway that splits one request into several tasks gets one record per task.
    for (const extra of taskIds.slice(1)) this.poller.track({ ...job, id: randomUUID(), remoteId: extra });
    return job;
  }

  cancel(id: string): JobRecord {
    const job = this.require(id);
    if (!ACTIVE_STATES.includes(job.state) && job.state !== 'timed_out') throw coreError('conflict', 'This job has already ended.');
    return this.update(job, { state: 'cancelled', error: 'Stopped tracking: the gateway may still finish it.' });
  }

  checkAgain(id: string): JobRecord {
    const job = this.require(id);
    if (job.state === 'completed' || job.state === 'expired') {
      this.update(job, { state: 'completed', error: undefined });
      for (const dl of job.downloads) if (dl.state === 'failed') dl.state = 'pending';
      this.pumpDownloads();
      return job;
    }
    if (!job.remoteId || !['timed_out', 'running', 'queued', 'cancelled'].includes(job.state)) throw coreError('conflict', 'There is nothing to check for this job.');
    this.update(job, { state: 'running', error: undefined, errorStreak: 0 });
    this.poller.track(job, this.d.now());
    return job;
  }

  /** A new job with the same parameters (the UI confirms first). */
  retry(id: string): Promise<JobRecord> {
    const job = this.require(id);
    const route = job.route === 'multipart' ? 'video-multipart' : job.kind;
    return this.submit({ route, request: job.params } as JobSpec);
  }

  /** Forgets a job that is not being submitted; saved files stay in the library. */
  remove(id: string): boolean {
    const job = this.d.store.get(id);
    if (!job) return false;
    if (job.state === 'submitting') throw coreError('conflict', 'This job is being submitted; wait for the gateway to answer first.');
    this.d.store.delete(id);
    this.d.onRemove?.(id);
    return true;
  }

  /** The job's result links as the gateway gave them. */
  links(id: string): string[] {
    return [...this.require(id).resultUrls];
  }

  private require(id: string): JobRecord {
    const job = this.d.store.get(id);
    if (!job) throw coreError('not_found', 'That job is no longer in the list.');
    return job;
  }

  /** Jobs nearest expiry download first, a few at a time. */
  private pumpDownloads(): void {
    const waiting = this.d.store.all()
      .filter((j) => j.state === 'completed' && !this.active.has(j.id)
        && (j.downloads.length === 0 || j.downloads.some((dl) => dl.state === 'pending' || dl.state === 'downloading')))
      .sort((a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity));
    for (const job of waiting) {
      if (this.downloading >= (this.d.maxDownloads ?? 2)) return;
      this.downloading += 1;
      this.active.add(job.id);
      void this.saveResults(job).finally(() => {
        this.downloading -= 1;
        this.active.delete(job.id);
        this.pumpDownloads();
      });
    }
  }

  private async saveResults(job: JobRecord): Promise<void> {
    if (job.downloads.length === 0) job.downloads = job.resultUrls.map((url) => ({ url, state: 'pending', received: 0 }));
    for (const [i, dl] of job.downloads.entries()) {
      if (dl.state === 'done' || dl.state === 'expired') continue;
      const partPath = join(this.d.downloadsDir, `${job.id}-${i}.part`);
      // Downloaded whole before, but the library could not take it then (disk full, no access):
      // it is saved as it is. Asking for the rest would get 416, and its link may have expired.
      const whole = dl.total !== undefined && sizeOf(partPath) === dl.total;
      if (!whole && job.expiresAt !== undefined && this.d.now() > job.expiresAt) {
        dl.state = 'expired';
        continue;
      }
      let last = 0;
      try {
        this.update(job, { downloads: job.downloads }, false);
        dl.state = 'downloading';
        const s = whole ? { received: dl.total!, total: dl.total } : await downloadFile({
          url: dl.url, partPath, fetch: this.d.fetch, state: { received: dl.received, total: dl.total, validator: dl.validator },
          onProgress: (p) => {
            Object.assign(dl, { received: p.received, total: p.total, validator: p.validator });
            if (this.d.now() - last > 250) {
              last = this.d.now();
              this.update(job, {});
            }
          },
        });
        // Recorded before the library takes it, so a failed save keeps knowing the file is whole.
        Object.assign(dl, { received: s.received, total: s.total });
        const item = await this.d.library.add({
          source: partPath,
          name: `${job.model} ${job.prompt}`.slice(0, 80),
          meta: { kind: job.kind, mime: job.kind === 'image' ? 'image/png' : 'video/mp4', prompt: job.prompt, model: job.model, params: job.params, taskId: job.remoteId, sourceUrl: dl.url, createdAt: job.createdAt },
        });
        Object.assign(dl, { state: 'done', received: s.received, total: s.total, libraryId: item.id, error: undefined });
      } catch (err) {
        const f = err instanceof GatewayFailure ? err : coreError('internal', (err as Error).message);
        Object.assign(dl, { state: f.code === 'not_found' ? 'expired' : 'failed', error: f.message });
      }
      this.update(job, {});
    }
    const states = job.downloads.map((d) => d.state);
    if (states.every((s) => s === 'done')) this.update(job, { state: 'saved', error: undefined }, true);
    else if (states.includes('expired') && !states.includes('failed')) {
      this.update(job, { state: states.includes('done') ? 'saved' : 'expired', error: 'Some result links expired before the files could be saved (links last 24 hours).' }, true);
    } else this.update(job, { error: job.downloads.find((d) => d.error)?.error }, true);
  }
}
