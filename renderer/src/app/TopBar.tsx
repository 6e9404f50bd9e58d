/** Always visible: the app, the active profile (with the sandbox clearly marked) and the balance. */
import { useTranslation } from 'react-i18next';
import { EMPTY, useCall } from '../api/client.js';
import { BalanceWidget } from './BalanceWidget.js';

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
            {/* The built-in sandbox is known by its kind, never its name (a creator may call theirs
                anything): its badge, in the studio's language, is its whole label. */}
            {!isSandbox && <strong>{active.name}</strong>}
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
