/** Said once a batch is queued: what it is, that it runs without the window, and where to follow it (Tasks, its contact sheet). */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchView } from '@shared/contract/batches.js';
import { useFormats } from '../../../i18n/format.js';
import { useUiStore } from '../../../state/ui-store.js';
import { ContactSheet } from '../../contact-sheet/contact-sheet.js';

export function BatchDone({ batch, onDismiss }: { batch: BatchView; onDismiss(): void }) {
  const { t } = useTranslation('batch');
  const f = useFormats();
  const openTab = useUiStore((s) => s.openTab);
  const [sheet, setSheet] = useState(false);
  const sheetButton = useRef<HTMLButtonElement>(null);
  // The sheet sits beside the live region, not in it: its contents are not announced as a status.
  return (
    <>
      <div className="batch-done" role="status" data-testid="batch-done" data-batch-id={batch.id}>
        <p>{t('done.text', { count: batch.cells, number: f.number(batch.cells), name: batch.name })}</p>
        <div className="batch-done-actions">
          <button type="button" className="button" ref={sheetButton} onClick={() => setSheet(true)}>
            {t('done.sheet')}
          </button>
          <button type="button" className="button" onClick={() => openTab('tasks')}>
            {t('done.tasks')}
          </button>
          <button type="button" className="button" onClick={onDismiss}>
            {t('done.dismiss')}
          </button>
        </div>
      </div>
      {sheet && (
        <ContactSheet
          batchId={batch.id}
          onClose={() => {
            setSheet(false);
            sheetButton.current?.focus();
          }}
        />
      )}
    </>
  );
}
