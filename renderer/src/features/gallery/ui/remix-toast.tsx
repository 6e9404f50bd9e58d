/**
 * Confirms a remix after the studio has switched to the generator tab. The gallery stays mounted
 * (hidden) when another tab is shown, so the notice is portalled to <body> to stay visible there.
 */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './gallery-detail.css';

const SHOW_MS = 8_000;

/** A `warning` (a reference picture left behind) stays until dismissed: it must not pass unread. */
export function RemixToast({ message, warning = false, onDismiss }: { message: string; warning?: boolean; onDismiss(): void }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (warning) return;
    const timer = window.setTimeout(onDismiss, SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [message, warning, onDismiss]);
  return createPortal(
    <div className={warning ? 'toast toast-warning' : 'toast'} role="status" data-testid="remix-toast">
      <span>{message}</span>
      <button type="button" className="button" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>,
    document.body,
  );
}
