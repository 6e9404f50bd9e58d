/**
 * A JobService on a real library and task list in a data folder, polling a sandbox gateway at the
 * spec's cadence sped up 100 times, for the job tests and the child processes they kill. Free of
 * vitest, so a child process can use it too.
 */
import { join } from 'node:path';
import type { Cadence } from '../cadence.js';
import { GatewayClient } from '../../gateway/client.js';
import type { DiskOps } from '../../library/disk.js';
import { Library } from '../../library/library.js';
import type { QueueLimits } from '../../queue/job-queue.js';
import type { JobRecord } from '../job-record.js';
import { JobService } from '../job-service.js';
import { type JobStoreOptions } from '../job-store.js';
import { connectionOf, storeAt } from './store-at.js';
import { JobSender, type SenderCommand } from '../sender/job-sender.js';

/** The spec's cadence (§4.9) divided by 100, for a sandbox running 100 times faster. */
export const FAST_CADENCE: Cadence = {
  firstCheckMs: 20,
  image: { minIntervalMs: 20, maxIntervalMs: 40, maxWaitMs: 10_000 },
  video: { minIntervalMs: 20, maxIntervalMs: 40, maxWaitMs: 20_000 },
};

export interface JobHarnessOptions {
  dataDir: string;
  gatewayUrl: string;
  /** The library's folder name inside the data folder. */
  libraryName?: string;
  cadence?: Cadence;
  disk?: Partial<DiskOps>;
  /**
   * Accepted and unused: the library's index was a file written after a delay; its rows now go
   * to the database as each save ends (library-table.ts). Kept so that callers need not change.
   */
  indexDelayMs?: number;
  /** Library options the test needs (no poster frames…). */
  ffmpeg?: boolean;
  onChange?(job: JobRecord): void;
  onRemove?(id: string): void;
  /** The task list's own limits (task-archive.ts), small for a test. */
  store?: JobStoreOptions;
  /** Save limits the test needs (short time limits, a small largest file). */
  downloadTimeouts?: { openMs: number; idleMs: number };
  maxBytes?: number;
  maxDownloads?: number;
  /** False leaves the last run's work waiting, as a shell does until its window is served. */
  start?: boolean;
  /** The job queue's limits (host/queue/job-queue.ts). */
  queueLimits?: Partial<QueueLimits>;
  /** POSTs made by the sender process, as the studio makes them (sender/job-sender.ts); else in-process. */
  sender?: boolean;
  /** A stand-in sender process's script (run through tsx), for a test of a sender that never claims its job. */
  senderScript?: string;
  /** How the sender is started, where a test starts it as a packaged app would (desktop-e2e/job-sender.spec.ts). */
  senderCommand?: SenderCommand;
}

export async function startJobs(o: JobHarnessOptions) {
  const library = new Library({
    root: join(o.dataDir, o.libraryName ?? 'library'), db: join(o.dataDir, 'studio.db'),
    ffmpeg: o.ffmpeg, disk: o.disk,
  });
  await library.open();
  const store = storeAt(join(o.dataDir, 'jobs.json'), undefined, undefined, o.store);
  const sender = o.sender ? new JobSender({ db: connectionOf(store), file: join(o.dataDir, 'studio.db'), log: (line) => process.stderr.write(`${line}\n`),
    entry: o.senderCommand ? () => o.senderCommand
      : o.senderScript ? () => ({ command: process.execPath, args: ['--import', 'tsx', o.senderScript!] }) : undefined,
  }) : undefined;
  const service = new JobService({
    store, sender, library, downloadsDir: join(o.dataDir, 'downloads'),
    clientFor: (key) => new GatewayClient({ baseUrl: o.gatewayUrl, apiKey: key }),
    activeProfileId: () => 'sk-sandbox',
    cadence: o.cadence ?? FAST_CADENCE, now: Date.now, random: Math.random,
    onChange: o.onChange ?? (() => undefined),
    onRemove: o.onRemove,
    downloadTimeouts: o.downloadTimeouts, maxDownloads: o.maxDownloads,
    maxBytes: o.maxBytes === undefined ? undefined : () => o.maxBytes!,
    queueLimits: o.queueLimits,
  });
  if (o.start !== false) service.start();
  /** Resolves with the job once `done` holds for it (throws after `timeoutMs`). */
  const until = async (id: string, done: (j: JobRecord) => boolean, timeoutMs = 30_000) => {
    const start = Date.now();
    for (;;) {
      const job = store.get(id)!;
      if (done(job)) return job;
      if (Date.now() - start > timeoutMs) throw new Error(`job still ${job.state}: ${job.error ?? ''}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  // Waits for the task list's last write: one still under way when a test removes its folder fails the removal.
  const close = async () => {
    await service.stop();
    await library.close();
  };
  return { library, store, service, sender, until, close };
}
