/** The shell: top bar, navigation, top-up banner and the (lazily loaded) tab panels. */
import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EMPTY, useCall, useContractEvents } from '../api/client.js';
import { useUiStore } from '../state/ui-store.js';
import { PaymentBanner } from './PaymentBanner.js';
import { TabNav } from './TabNav.js';
import { TopBar } from './TopBar.js';
import { TABS, panelDomId, tabDomId } from './tab-registry.js';

/** Applies the theme setting; `system` leaves it to prefers-color-scheme in the CSS. */
function useThemeSetting() {
  const theme = useCall('settings.get', EMPTY).data?.theme ?? 'system';
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}

/**
 * Browser shell only: job notifications the user opted into (in Tasks) resume on load, without
 * waiting for the Tasks tab to be opened. The notifier is a small chunk loaded only then.
 */
function useJobNotifications() {
  useEffect(() => {
    if (window.studio || localStorage.getItem('studio.notifyJobs') !== 'on') return;
    void import('../features/tasks/job-notifier.js').then((m) => m.notificationsWanted() && m.startJobNotifier());
  }, []);
}

export function App() {
  useContractEvents(useQueryClient());
  useJobNotifications();
  useThemeSetting();
  const current = useUiStore((s) => s.tab);
  const visited = useUiStore((s) => s.visited);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <div className="workspace">
        <TabNav />
        <main id="main" className="content" tabIndex={-1}>
          <PaymentBanner />
          {TABS.filter((tab) => visited.includes(tab.id)).map(({ id, Panel }) => (
            <section
              key={id}
              role="tabpanel"
              id={panelDomId(id)}
              aria-labelledby={tabDomId(id)}
              hidden={id !== current}
              className="panel"
            >
              <Suspense fallback={<p className="muted">Loading…</p>}>
                <Panel />
              </Suspense>
            </section>
          ))}
        </main>
      </div>
    </div>
  );
}
