/**
 * TEMPORARY stand-in for the contact sheet, so the Tasks tab's "Contact sheet" button has what to
 * mount until the real component lands in this folder (it replaces this file whole, same props).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function ContactSheet({ batchId, onClose }: { batchId: string; onClose(): void }) {
  const { t } = useTranslation('common');
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div role="dialog" aria-modal="true" aria-label={t('close')} data-batch={batchId} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <button type="button" className="button" ref={close} onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}
