/**
 * Saves finished jobs' result files into the library (docs/robust-host.md, "Nothing paid for is stranded"):
 * nearest link expiry first, a few at a time, each download bounded in time and size. What it
 * guarantees is that nothing paid for is stranded and nothing can wedge the queue:
 * - a link that fails (expired, moved to another port, refused, stalled) is asked for again: the
 *   gateway's task is queried for fresh links once per save before the file is given up;
 * - every save ends in one of saved, expired, or "needs attention" with its reason;
 * - a slow link holds its slot for at most the idle limit: after that another save may start;
 * - a save under way when the host stopped uncleanly is counted on the file, and set aside after
 *   two such stops in a row (a file that crashes or hangs the host is not retried at every start);
 * - work left from before a restart waits for `resume()` (the window served first), then runs
 *   one job at a time.
 */
import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadFile, DOWNLOAD_TIMEOUTS, type DownloadState } from '../gateway/download.js';
import { GatewayFailure } from '../gateway/failure.js';
import { isTooLarge } from '../gateway/limits.js';
import { coreError, textOf } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import { LibraryError } from '../library/disk.js';
import type { Library } from '../library/library.js';
import type { LibraryItemMeta } from '../library/library-item.js';
import { linksExpireAt, type DownloadRecord, type JobRecord } from './job-record.js';
import type { JobStore } from './job-store.js';
import { madeFromOf } from './job-lineage.js';

export type LibrarySink = Pick<Library, 'add' | 'list'>;

export interface SaverDeps {
  store: JobStore;
  library: LibrarySink;
  downloadsDir: string;
  now(): number;
  /** Records a change of the job (durable: written before returning). */
  /** Resolves once the change is on disk when `durable`. */
  update(job: JobRecord, patch: Partial<JobRecord>, durable?: boolean): Promise<void>;
  /** Asks the gateway for the job's task again: its current result links. */
  freshLinks(job: JobRecord): Promise<string[]>;
  /**
   * The origin of the gateway the job was sent to: the only one where its links may be on this
   * computer or the local network (gateway/private-address.ts). Undefined: nowhere.
   */
  gatewayOrigin(job: JobRecord): string | undefined;
  /** The largest file saved for a kind of job (Settings → largest file to save). */
  maxBytes?(kind: JobRecord['kind']): number;
  timeouts?: { openMs: number; idleMs: number };
  maxDownloads?: number;
  log?(line: string): void;
}

/**
 * Link failures that a fresh link may cure; a full disk or a file over the limit it would not. A
 * link refused for its address (`invalid_request`: a local one off the gateway's origin, or no web
 * scheme) is asked for again too: the embedded sandbox, restarted on another port, answers a
 * query with links on its new one.
 */
const LINK_FAILURES = new Set(['not_found', 'unreachable', 'timeout', 'server_error', 'bad_response', 'invalid_request']);
/** Said when the creator stops a save: the job can be saved again from fresh links. */
export const SAVING_STOPPED = msg('jobs.task.savingStopped');
const SET_ASIDE = msg('jobs.task.setAside');

/** The gateway's rewritten prompt, kept with the item when it differs from the creator's (docs/library-files.md, "Search"). */
const rewritten = (job: JobRecord) => (job.actualPrompt && job.actualPrompt !== job.prompt ? { actualPrompt: job.actualPrompt } : {});

const sizeOf = (path: string): number | undefined => {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
};

const failureOf = (err: unknown) => (err instanceof GatewayFailure ? err : coreError('internal', textOf(err)));

interface Running {
  controller: AbortController;
  done: Promise<void>;
  /** Past the idle limit: it goes on, but no longer holds a slot. */
  released: boolean;
  /** Left from before the restart: such saves run one at a time. */
  backlog: boolean;
  /** Each kind has its own slots: see pump(). */
  kind: JobRecord['kind'];
  slotTimer: NodeJS.Timeout;
}

export class ResultSaver {
  private resumed = false;
  private stopping = false;
  /**
   * Jobs that completed (or were retried) since the start, until `resume()`: saved without waiting
   * for it. Once resumed every job is saved alike, so the set is emptied and no longer kept: a day
   * of jobs must not leave one id each behind (docs/performance.md, "day").
   */
  private readonly session = new Set<string>();
  private backlog = new Set<string>();
  private readonly running = new Map<string, Running>();
  /** Jobs whose links are known to be stale: the next save asks for fresh ones first. */
  private readonly refreshFirst = new Set<string>();
  private readonly timeouts: { openMs: number; idleMs: number };

  constructor(private readonly d: SaverDeps) {
    this.timeouts = d.timeouts ?? { openMs: DOWNLOAD_TIMEOUTS.openMs, idleMs: DOWNLOAD_TIMEOUTS.idleMs };
  }

  /**
   * At construction, before anything runs: a file still marked "downloading" was being saved when
   * the host stopped without its clean stop (which marks it pending). Counted, and set aside at two.
   */
  static countInterrupted(job: JobRecord): boolean {
    let changed = false;
    for (const dl of job.downloads) {
      if (dl.state !== 'downloading') continue;
      changed = true;
      dl.interrupted = (dl.interrupted ?? 0) + 1;
      if (dl.interrupted >= 2) Object.assign(dl, { state: 'failed', error: SET_ASIDE });
      else dl.state = 'pending';
    }
    if (changed && job.state === 'completed' && !job.downloads.some((dl) => dl.state === 'pending')) {
      job.state = 'attention';
      job.error = job.downloads.find((dl) => dl.error)?.error;
    }
    return changed;
  }

  /** Saves this job now, even before `resume()`: it finished, or was retried, in this session. */
  add(id: string, refresh = false): void {
    if (!this.resumed) this.session.add(id);
    if (refresh) this.refreshFirst.add(id);
    this.pump();
  }

  /** The work left from before the start may begin: the window has been served. */
  resume(): void {
    this.resumed = true;
    this.backlog = new Set(this.waiting().map((j) => j.id).filter((id) => !this.session.has(id)));
    this.session.clear();
    this.pump();
  }

  /** Stops a save under way: the transfer ends at once and its partial file is removed. */
  cancel(id: string): boolean {
    const run = this.running.get(id);
    run?.controller.abort();
    return run !== undefined;
  }

  isSaving(id: string): boolean {
    return this.running.has(id);
  }

  /** How many job ids the saver holds beyond its saves under way (tests: nothing grows with the day). */
  remembered(): number {
    return this.session.size + this.backlog.size + this.refreshFirst.size;
  }

  /** A clean stop: saves under way end, their files marked pending for the next start. */
  stop(): void {
    this.stopping = true;
    for (const run of this.running.values()) {
      clearTimeout(run.slotTimer);
      run.controller.abort();
    }
    for (const job of this.d.store.all()) for (const dl of job.downloads) if (dl.state === 'downloading') dl.state = 'pending';
  }

  /**
   * A finished job whose files are not all in the library yet, or whose files all are but which was
   * not marked so: a clean stop that came as its last file was taken leaves it as it was, and the
   * next start only has to say so (`finish`).
   */
  private needsSave(j: JobRecord): boolean {
    return j.state === 'completed';
  }

  private waiting(): JobRecord[] {
    return this.d.store.all()
      .filter((j) => this.needsSave(j) && !this.running.has(j.id) && (this.resumed || this.session.has(j.id)))
      .sort((a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity));
  }

  /**
   * Starts saves while a slot of their kind is free. A save holds its slot for at most the idle limit: a link
   * that trickles bytes keeps going, but no longer keeps the others waiting.
   */
  pump(): void {
    if (this.stopping) return;
    this.forgetRemoved();
    const max = this.d.maxDownloads ?? 2;
    for (const job of this.waiting()) {
      const runs = [...this.running.values()];
      if (runs.length >= max * 4) return;
      // Slots per kind: a video's save (ffmpeg for its poster and its metadata) takes seconds, an
      // image's a fraction, and images waiting behind videos were most of the delay before their
      // tile showed (docs/performance.md, "latency").
      if (runs.filter((r) => !r.released && r.kind === job.kind).length >= max) continue;
      const backlog = this.backlog.has(job.id);
      if (backlog && runs.some((r) => r.backlog)) continue;
      this.start(job, backlog);
    }
  }

  /** A job removed, or done with, before its save started leaves nothing behind here. */
  private forgetRemoved(): void {
    for (const ids of [this.session, this.backlog, this.refreshFirst]) {
      for (const id of ids) {
        const job = this.d.store.get(id);
        if (!job || (!this.needsSave(job) && !this.running.has(id))) ids.delete(id);
      }
    }
  }

  private start(job: JobRecord, backlog: boolean): void {
    const slotTimer = setTimeout(() => {
      run.released = true;
      this.pump();
    }, this.timeouts.idleMs);
    slotTimer.unref();
    // In the table before the save's first step, so nothing it sets off can start it twice.
    const run: Running = { controller: new AbortController(), done: Promise.resolve(), released: false, backlog, kind: job.kind, slotTimer };
    this.running.set(job.id, run);
    run.done = this.save(job, run.controller.signal)
      .catch((err: unknown) => this.d.log?.(`jobs: saving ${job.id} failed unexpectedly: ${failureOf(err).message}`))
      .finally(() => {
        clearTimeout(slotTimer);
        this.running.delete(job.id);
        this.backlog.delete(job.id);
        this.pump();
      });
  }

  /** Resolves once no save is under way (tests; a shell that must let saves end). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private async save(job: JobRecord, signal: AbortSignal): Promise<void> {
    const fresh = { asked: false };
    if (this.refreshFirst.delete(job.id)) await this.refresh(job, fresh).catch(() => undefined);
    if (job.downloads.length === 0) job.downloads = job.resultUrls.map((url) => ({ url, state: 'pending', received: 0 }));
    for (const [i, dl] of job.downloads.entries()) {
      if (dl.state === 'done' || dl.state === 'expired' || dl.state === 'failed') continue;
      await this.saveOne(job, dl, i, signal, fresh);
      if (signal.aborted) break;
    }
    this.finish(job, signal);
  }

  private async saveOne(job: JobRecord, dl: DownloadRecord, i: number, signal: AbortSignal, fresh: { asked: boolean }): Promise<void> {
    const partPath = join(this.d.downloadsDir, `${job.id}-${i}.part`);
    if (dl.handing) {
      // The last run was stopped while the library took this file: it may hold it already.
      const kept = this.alreadySaved(job, dl);
      if (kept) {
        Object.assign(dl, { state: 'done', libraryId: kept, error: undefined, interrupted: undefined, handing: undefined });
        void this.d.update(job, {}, true);
        return;
      }
    }
    // Downloaded whole before, but the library could not take it then (disk full, no access):
    // it is saved as it is. Asking for the rest would get 416, and its link may have expired.
    const whole = dl.total !== undefined && sizeOf(partPath) === dl.total;
    // Marked durably first: a host that dies from here on is counted against this file.
    dl.state = 'downloading';
    await this.d.update(job, { downloads: job.downloads }, true);
    try {
      const s = whole ? { received: dl.total!, total: dl.total } : await this.fetchFile(job, dl, i, partPath, signal, fresh);
      // Recorded before the library takes it, so a failed save keeps knowing the file is whole.
      Object.assign(dl, { received: s.received, total: s.total, handing: true });
      await this.d.update(job, {}, true);
      const item = await this.d.library.add({
        source: partPath,
        name: `${job.model} ${job.prompt}`.slice(0, 80),
        meta: { kind: job.kind, mime: job.kind === 'image' ? 'image/png' : 'video/mp4', prompt: job.prompt, ...rewritten(job), model: job.model, params: job.params, taskId: job.remoteId, sourceUrl: dl.url, createdAt: job.createdAt, madeFrom: madeFromOf(job), origin: originOf(job) },
      });
      Object.assign(dl, { state: 'done', libraryId: item.id, error: undefined, handing: undefined });
    } catch (err) {
      dl.handing = undefined;
      const f = failureOf(err);
      // Bytes that are no picture, video or sound would be refused again: not kept for a retry.
      if (err instanceof LibraryError && err.code === 'not_media') await rm(partPath, { force: true }).catch(() => undefined);
      if (this.stopping || signal.aborted) Object.assign(dl, { state: 'pending', received: 0, total: undefined, validator: undefined });
      else Object.assign(dl, { state: f.code === 'not_found' ? 'expired' : 'failed', error: f.text });
    }
    dl.interrupted = undefined;
    void this.d.update(job, {});
  }

  /** The library item this download became in a run that stopped before saying so, if any. */
  private alreadySaved(job: JobRecord, dl: DownloadRecord): string | undefined {
    const { items } = this.d.library.list({ kind: job.kind, model: job.model, from: job.createdAt, to: job.createdAt, limit: 1000 });
    return items.find((it) => it.taskId === job.remoteId && it.sourceUrl === dl.url)?.id;
  }

  /** The file, through its link; a link that fails is asked for again once before giving up. */
  private async fetchFile(job: JobRecord, dl: DownloadRecord, i: number, partPath: string, signal: AbortSignal, fresh: { asked: boolean }): Promise<DownloadState> {
    let last = 0;
    const attempt = () => downloadFile({
      url: dl.url, partPath, signal, state: { received: dl.received, total: dl.total, validator: dl.validator },
      localOrigins: [this.d.gatewayOrigin(job)].filter((o) => o !== undefined),
      openTimeoutMs: this.timeouts.openMs, idleTimeoutMs: this.timeouts.idleMs, maxBytes: this.d.maxBytes?.(job.kind),
      onProgress: (p) => {
        Object.assign(dl, { received: p.received, total: p.total, validator: p.validator });
        if (this.d.now() - last > 250) {
          last = this.d.now();
          void this.d.update(job, {});
        }
      },
    });
    try {
      return await attempt();
    } catch (err) {
      const f = failureOf(err);
      if (signal.aborted || this.stopping || fresh.asked || !LINK_FAILURES.has(f.code) || isTooLarge(f)) throw f;
      const before = dl.url;
      await this.refresh(job, fresh).catch(() => {
        throw f; // the gateway could not say more: the link's own failure is the reason
      });
      if (dl.url === before && f.code === 'not_found') throw f;
      Object.assign(dl, { received: 0, total: undefined, validator: undefined });
      return attempt();
    }
  }

  /** Asks the gateway for the task again and takes its links (valid 24 hours from now). */
  private async refresh(job: JobRecord, fresh: { asked: boolean }): Promise<void> {
    fresh.asked = true;
    const urls = await this.d.freshLinks(job);
    if (urls.length === 0) return;
    job.resultUrls = urls;
    job.expiresAt = linksExpireAt(this.d.now());
    for (const [i, dl] of job.downloads.entries()) if (urls[i] && dl.state !== 'done') dl.url = urls[i];
    await this.d.update(job, {}, true);
  }

  /**
   * The job's end, written at once but not waited for: the save is over, and a "check again" that
   * comes meanwhile must find it so.
   */
  private finish(job: JobRecord, signal: AbortSignal): void {
    // A clean stop leaves the job as it was: the next start resumes it.
    if (this.stopping) return;
    if (this.d.store.get(job.id) !== job) return; // removed meanwhile
    const states = job.downloads.map((dl) => dl.state);
    // Stopped, unless the files were all in the library by the time the stop came: the job waits
    // for "Retry save", which needs attention offers.
    if (signal.aborted && !states.every((s) => s === 'done')) {
      void this.d.update(job, { state: 'attention', error: SAVING_STOPPED }, true);
      return;
    }
    if (states.every((s) => s === 'done')) void this.d.update(job, { state: 'saved', error: undefined }, true);
    else if (states.includes('expired') && !states.includes('failed')) {
      void this.d.update(job, { state: states.includes('done') ? 'saved' : 'expired', error: msg('jobs.task.linksExpired') }, true);
    } else if (!states.includes('pending')) {
      void this.d.update(job, { state: 'attention', error: job.downloads.find((dl) => dl.error)?.error }, true);
    }
  }
}

/** What stacks the item with the job's other results in the gallery (docs/library-files.md, "Stacks"). */
function originOf(job: JobRecord): LibraryItemMeta['origin'] {
  return { jobId: job.id, ...(job.group ? { group: job.group } : {}), ...(job.batch ? { batch: { id: job.batch.id, index: job.batch.index } } : {}) };
}
