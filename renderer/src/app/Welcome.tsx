/**
 * The first-run welcome: what the offline sandbox is and how to add a real gateway
 * key. Shown until the creator acts on it once, then never again (kept in the renderer's
 * storage). It sits above the tabs without covering them, so nothing waits on it.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored } from '../state/draft-storage.js';
import { useUiStore } from '../state/ui-store.js';

/** Where "seen" is kept (e2e/fixtures.ts sets it, so only the first-run test meets the welcome). */
export const WELCOME_KEY = 'welcome';

/**
 * A sentence with its <b>…</b> marks in bold. Not react-i18next's Trans: its markup parser was the
 * first run's costliest step of the first render (docs/performance-findings.md, "Start-up: plain
 * strings, the first formatter"), and these two sentences mark nothing but bold.
 */
const withBold = (text: string): ReactNode[] => text.split(/<b>(.*?)<\/b>/).map((part, i) => (i % 2 ? <strong key={i}>{part}</strong> : part));

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
  return (
    <section className="welcome" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading">{t('welcome.heading')}</h2>
      <p>{withBold(t('welcome.sandbox'))}</p>
      <p>{withBold(t('welcome.realKey'))}</p>
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
