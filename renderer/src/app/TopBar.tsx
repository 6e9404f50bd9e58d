/** Always visible: the app, the active profile (with the sandbox clearly marked) and the balance. */
import { useTranslation } from 'react-i18next';
import { EMPTY, useCall } from '../api/client.js';
import { BalanceWidget } from './BalanceWidget.js';

/** The built-in sandbox profile's stored name (profiles.ts); shown translated, as the badge. */
const SANDBOX_NAME = 'Offline sandbox';

export function TopBar() {
  const { t } = useTranslation(['shell', 'common']);
  const profiles = useCall('profiles.list', EMPTY);
  const view = profiles.data;
  const active = view?.profiles.find((p) => p.id === view.activeId);
  const isSandbox = active?.kind === 'sandbox';

  return (
    <header className="topbar">
      <h1 className="brand">{t('brand')}</h1>
      <div className="active-profile" aria-live="polite" data-testid="active-profile">
        <span className="eyebrow">{t('profile.label')}</span>
        {active ? (
          <span className="active-profile-name">
            {/* The sandbox's own name is usually the badge text; saying it twice reads as noise. */}
            {!(isSandbox && active.name === SANDBOX_NAME) && <strong>{active.name}</strong>}
            {isSandbox && <span className="badge badge-sandbox">{t('profile.sandbox')}</span>}
          </span>
        ) : (
          <span className="muted">{profiles.isError ? t('profile.unavailable') : t('common:loading')}</span>
        )}
      </div>
      <BalanceWidget profileId={view?.activeId} />
    </header>
  );
}
