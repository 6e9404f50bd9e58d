/** Said once a batch is queued: what it is, that it runs without the window, and where to follow it (Tasks, its contact sheet). */
import { useTranslation } from 'react-i18next';
import type { BatchView } from '@shared/contract/batches.js';
import { useFormats } from '../../../i18n/format.js';
import { useUiStore } from '../../../state/ui-store.js';
import { ContactSheetButton } from '../../contact-sheet/contact-sheet-button.js';

export function BatchDone({ batch, onDismiss }: { batch: BatchView; onDismiss(): void }) {
  const { t } = useTranslation('batch');
  const f = useFormats();
  const openTab = useUiStore((s) => s.openTab);
  // The sheet it opens goes to <body>, not into the live region: its contents are no status.
  return (
    <div className="batch-done" role="status" data-testid="batch-done" data-batch-id={batch.id}>
      <p>{t('done.text', { count: batch.cells, number: f.number(batch.cells), name: batch.name })}</p>
      <div className="batch-done-actions">
        <ContactSheetButton batchId={batch.id}>{t('done.sheet')}</ContactSheetButton>
        <button type="button" className="button" onClick={() => openTab('tasks')}>
          {t('done.tasks')}
        </button>
        <button type="button" className="button" onClick={onDismiss}>
          {t('done.dismiss')}
        </button>
      </div>
    </div>
  );
}
