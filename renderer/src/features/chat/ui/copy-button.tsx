/** Copies a message's text, and says so (or says it could not) for a moment. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation(['chat', 'common']);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 1500);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <button type="button" className="button chat-small" onClick={() => void copy()} aria-live="polite">
      {state === 'copied' ? t('common:copied') : state === 'failed' ? t('reply.copyFailed') : (label ?? t('common:copy'))}
    </button>
  );
}
