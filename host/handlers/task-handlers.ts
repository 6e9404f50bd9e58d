/** The `tasks.*` calls: asynchronous jobs, as the task queue shows them. */
import type { DomainHandlers } from '../dispatch.js';
import type { CoreServices } from '../services.js';
import { toTaskView } from '../tasks/task-view.js';
import { attachmentIdsOf } from '../media/item-references.js';

export function taskHandlers({ jobs, afterBilledCall, attachments, log }: CoreServices): DomainHandlers<'tasks'> {
  return {
    'tasks.list': () => jobs.list().map(toTaskView),
    'tasks.submit': async (i) => {
      // The creator's reference pictures are kept for a later remix (item-references.ts); a disk
      // that refuses costs the remix its picture, never the job.
      if (i.route === 'image') {
        await attachments.keep(attachmentIdsOf(i.request.image_urls)).catch((err: unknown) => log(`attachments: not kept for a remix: ${(err as NodeJS.ErrnoException).code ?? 'error'}`));
      }
      try {
        return toTaskView(await jobs.submit(i));
      } finally {
        afterBilledCall();
      }
    },
    'tasks.submitBatch': async (i) => {
      const refs = i.requests.flatMap((r) => (r.route === 'image' ? attachmentIdsOf(r.request.image_urls) : []));
      await attachments.keep(refs).catch((err: unknown) => log(`attachments: not kept for a remix: ${(err as NodeJS.ErrnoException).code ?? 'error'}`));
      // Billed later, by the queue's sends; the balance follows the jobs' changes.
      return (await jobs.enqueue(i.requests)).map(toTaskView);
    },
    'tasks.queue': () => jobs.queue.status(),
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
    'tasks.retry': async (i) => {
      try {
        return toTaskView(await jobs.retry(i.id));
      } finally {
        afterBilledCall();
      }
    },
    'tasks.checkAgain': (i) => toTaskView(jobs.checkAgain(i.id)),
    'tasks.remove': async (i) => ({ removed: await jobs.remove(i.id) }),
    'tasks.archived': async (i) => {
      const page = await jobs.archived(i);
      return { tasks: page.records.map(toTaskView), next: page.next };
    },
    'tasks.links': (i) => ({ urls: jobs.links(i.id) }),
  };
}
