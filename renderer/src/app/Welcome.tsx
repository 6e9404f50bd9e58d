/**
 * The first-run welcome: what the offline sandbox is and how to add a real gateway
 * key. Shown until the creator acts on it once, then never again (kept in the renderer's
 * storage). It sits above the tabs without covering them, so nothing waits on it.
 */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { readStored, writeStored } from '../state/draft-storage.js';
import { useUiStore } from '../state/ui-store.js';

/** Where "seen" is kept (e2e/fixtures.ts sets it, so only the first-run test meets the welcome). */
export const WELCOME_KEY = 'welcome';

export function Welcome() {
  const { t } = useTranslation('shell');
  const openSettings = useUiStore((s) => s.openSettings);
  const [seen, setSeen] = useState(() => readStored(WELCOME_KEY, { seen: false }).seen);
  if (seen) return null;
  const close = (then?: () => void) => {
    writeStored(WELCOME_KEY, { seen: true });
    setSeen(true);
    then?.();
  };
  const b = { b: <strong /> };
  return (
    <section className="welcome" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading">{t('welcome.heading')}</h2>
      <p>
        <Trans t={t} i18nKey="welcome.sandbox" components={b} />
      </p>
      <p>
        <Trans t={t} i18nKey="welcome.realKey" components={b} />
      </p>
      <div className="welcome-actions">
        <button type="button" className="button button-primary" onClick={() => close(() => openSettings('add-profile'))}>
          {t('welcome.addKey')}
        </button>
        <button type="button" className="button" onClick={() => close()}>
          {t('welcome.start')}
        </button>
      </div>
    </section>
  );
}
