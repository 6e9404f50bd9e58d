/** Every keyboard shortcut of the studio, as Settings lists them (shortcuts.ts). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './shortcuts.js';

export function ShortcutList() {
  const { t } = useTranslation('shell');
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('shortcuts.heading')}</h3>
      <table className="shortcut-list">
        <thead>
          <tr>
            <th scope="col">{t('shortcuts.keys')}</th>
            <th scope="col">{t('shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={`${s.what}-${s.keys.join('+')}`}>
              <td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && (s.what === 'shortcuts.tabs' ? ' ' : ' + ')}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{s.tab ? t(s.what, { tab: t(`tabs.${s.tab}`) }) : t(s.what)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
