/**
 * Batch runs (`batches.*`, docs/batches.md): a batch's rows beside its jobs, the queue told which
 * waiting jobs to leave be (a paused batch's), and the batch's view (counts by state, cost so far
 * from the spend ledger) told to the page as its jobs change, a few times a second at most.
 */
import { defineModule } from '../module.js';
import { attachmentIdsOf } from '../media/item-references.js';
import { BatchService } from './batch-service.js';
import { BatchesTable } from './batches-table.js';
import { exportSheet } from './sheet-export.js';

export const batchesModule = defineModule({
  name: 'batches',
  open({ use, now, emit }) {
    const { costs } = use('ledger-quote');
    return new BatchService({
      table: new BatchesTable(use('db').forDomain('batches')),
      jobs: use('tasks'),
      costs: (jobIds) => costs.costs({ jobIds: [...jobIds] }).jobs,
      now,
      onChange: (view) => emit('batches.onChange', view),
      onRemove: (id) => emit('batches.onRemove', { id }),
    });
  },
  close: (batches) => batches.close(),
  handlers: (ctx) => {
    const batches = ctx.use('batches');
    const { attachments } = ctx.use('media');
    return {
      'batches.check': (i) => batches.check(i),
      'batches.create': async (i) => {
        // The creator's reference pictures are kept for a later remix, as for `tasks.submitBatch`.
        const refs = i.cells.flatMap((c) => (c.request.route === 'image' ? attachmentIdsOf(c.request.request.image_urls) : []));
        await attachments.keep(refs).catch((err: unknown) => ctx.log(`attachments: not kept for a remix: ${(err as NodeJS.ErrnoException).code ?? 'error'}`));
        return batches.create(i);
      },
      'batches.list': () => batches.list(),
      'batches.get': (i) => batches.get(i.id),
      'batches.pause': (i) => batches.pause(i.id),
      'batches.resume': (i) => batches.resume(i.id),
      'batches.reorder': (i) => batches.reorder(i.id, i.first),
      'batches.cancelPending': (i) => batches.cancelPending(i.id),
      'batches.retryFailed': (i) => batches.retryFailed(i.id),
      'batches.setHidden': (i) => batches.setHidden(i.id, i.index, i.hidden),
      'batches.remove': (i) => ({ removed: batches.remove(i.id) }),
      'batches.exportSheet': (i) => exportSheet(ctx, i),
    };
  },
});
