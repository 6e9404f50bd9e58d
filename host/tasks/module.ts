/**
 * Asynchronous jobs (`tasks.*`): image and video jobs submitted, followed and saved into the
 * library, as the task queue shows them. Polling and saving start with `resume`, once the window
 * is served; a job that ends is announced (`jobEnded`, host/events.ts).
 */
import { join } from 'node:path';
import { defineModule } from '../module.js';
import { attachmentIdsOf } from '../media/item-references.js';
import { SPEC_CADENCE } from './cadence.js';
import { JobService } from './job-service.js';
import { JobStore } from './job-store.js';
import { JobSender } from './sender/job-sender.js';
import { toTaskView } from './task-view.js';

const MB = 1024 * 1024;

export const tasksModule = defineModule({
  name: 'tasks',
  open({ ports, options, log, now, emit, events, use }) {
    const { problems } = use('app');
    const { profiles, view } = use('settings');
    const { current } = use('library');
    const { attachments } = use('media');
    const database = use('db');
    const db = database.forDomain('tasks');
    // The sender process opens the same file; a database in memory (or one whose tasks could not
    // be migrated) has no file it could share, so its jobs are sent in-process.
    const shared = !database.inMemory && db === database.connection;
    const sender = shared ? new JobSender({ db, file: database.file, log, events }) : undefined;
    return new JobService({
      sender,
      store: new JobStore({
        db, dataDir: ports.dataDir, inMemory: database.inMemory === true || db !== database.connection,
        // The data folder refused the database: a job's record could not outlive this session.
        refused: database.inMemory ? Object.assign(new Error('the data folder refused the studio database'), { code: 'EACCES' }) : undefined,
      }, log, problems.reporter('jobs'), { onArchiveUnreadable: problems.reporter('task archive'), events }),
      // `list` finds a file a killed run handed to the library without recording it (result-saver.ts).
      library: { add: current.saver.add, list: (q) => current.current.list(q) },
      resolveRefs: (spec) => (spec.route === 'image' && Array.isArray(spec.request.image_urls)
        ? { ...spec, request: { ...spec.request, image_urls: attachments.resolveRefs(spec.request.image_urls, 'image_urls') as string[] } }
        : spec),
      downloadsDir: join(ports.dataDir, 'downloads'),
      clientFor: (profileId) => profiles.connect(profileId).client,
      activeProfileId: () => profiles.activeId(),
      cadence: options.cadence ?? SPEC_CADENCE,
      now,
      random: Math.random,
      maxBytes: (kind) => view().mediaLimits[kind === 'image' ? 'imageMb' : 'videoMb'] * MB,
      downloadTimeouts: options.downloadTimeouts,
      log,
      events,
      onChange: (job) => emit('tasks.onDidChange', toTaskView(job)),
      onRemove: (id) => emit('tasks.onDidRemove', { id }),
      onQueueStatus: (status) => emit('tasks.onQueueChange', status),
      restored: database.lastRestore != null && !database.lastRestore.error,
    });
  },
  // Started by resume(); stopping a service that never started is harmless.
  close: (jobs) => jobs.stop(),
  resume: (jobs) => jobs.start(),
  handlers: ({ log, use }) => {
    const jobs = use('tasks');
    const { attachments } = use('media');
    return {
      'tasks.list': () => jobs.list().map(toTaskView),
      'tasks.submit': async (i) => {
        // The creator's reference pictures are kept for a later remix (item-references.ts); a disk
        // that refuses costs the remix its picture, never the job.
        if (i.route === 'image') {
          await attachments.keep(attachmentIdsOf(i.request.image_urls)).catch((err: unknown) => log(`attachments: not kept for a remix: ${(err as NodeJS.ErrnoException).code ?? 'error'}`));
        }
        return toTaskView(await jobs.submit(i));
      },
      'tasks.submitBatch': async (i) => {
        const refs = i.requests.flatMap((r) => (r.route === 'image' ? attachmentIdsOf(r.request.image_urls) : []));
        await attachments.keep(refs).catch((err: unknown) => log(`attachments: not kept for a remix: ${(err as NodeJS.ErrnoException).code ?? 'error'}`));
        // Billed later, by the queue's sends (the gateway client announces each: host/events.ts).
        return (await jobs.enqueue(i.requests)).map(toTaskView);
      },
      'tasks.queue': () => jobs.queue.status(),
      'tasks.queueLimits': () => jobs.queueLimits(),
      'tasks.setQueueLimits': (i) => jobs.setQueueLimits(i),
      'tasks.pauseQueue': () => {
        jobs.queue.pause();
        return jobs.queue.status();
      },
      'tasks.resumeQueue': () => {
        jobs.queue.resume();
        return jobs.queue.status();
      },
      'tasks.drainQueue': async () => {
        await jobs.queue.drain();
        return jobs.queue.status();
      },
      'tasks.cancel': (i) => toTaskView(jobs.cancel(i.id)),
      'tasks.stopSaving': (i) => toTaskView(jobs.stopSaving(i.id)),
      'tasks.retry': async (i) => toTaskView(await jobs.retry(i.id)),
      'tasks.checkAgain': (i) => toTaskView(jobs.checkAgain(i.id)),
      'tasks.remove': async (i) => ({ removed: await jobs.remove(i.id) }),
      'tasks.archived': async (i) => {
        const page = await jobs.archived(i);
        return { tasks: page.records.map(toTaskView), next: page.next };
      },
      'tasks.links': (i) => ({ urls: jobs.links(i.id) }),
    };
  },
});
