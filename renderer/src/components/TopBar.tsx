/** Always visible: the app, the active profile (with the sandbox clearly marked) and the balance. */
import { EMPTY, useCall } from '../api/client.js';
import { BalanceWidget } from './BalanceWidget.js';

const SANDBOX_BADGE = 'Offline sandbox';

export function TopBar() {
  const profiles = useCall('profiles.list', EMPTY);
  const view = profiles.data;
  const active = view?.profiles.find((p) => p.id === view.activeId);
  const isSandbox = active?.kind === 'sandbox';

  return (
    <header className="topbar">
      <h1 className="brand">Gateway Studio</h1>
      <div className="active-profile" aria-live="polite" data-testid="active-profile">
        <span className="eyebrow">Profile</span>
        {active ? (
          <span className="active-profile-name">
            {/* The sandbox's own name is usually the badge text; saying it twice reads as noise. */}
            {!(isSandbox && active.name === SANDBOX_BADGE) && <strong>{active.name}</strong>}
            {isSandbox && <span className="badge badge-sandbox">{SANDBOX_BADGE}</span>}
          </span>
        ) : (
          <span className="muted">{profiles.isError ? 'Unavailable' : 'Loading…'}</span>
        )}
      </div>
      <BalanceWidget profileId={view?.activeId} />
    </header>
  );
}
