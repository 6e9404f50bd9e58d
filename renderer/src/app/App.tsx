/** The shell: top bar, navigation, the unreadable-files notice, top-up banner and the (lazily loaded) tab panels. */
import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMPTY, useCall } from '../api/client.js';
import { useContractEvents } from './contract-events.js';
import { FEATURE_SLOTS } from './feature-slots.js';
import { FeatureSlotsProvider } from '../components/feature-slots.js';
import { setLanguage } from '../i18n/index.js';
import './strings/languages.js';
import { resolveLanguage, systemLanguages } from '../i18n/languages.js';
import { useUiStore } from '../state/ui-store.js';
import { ConnectionBanner, useReconnectRefresh } from './ConnectionBanner.js';
import { PaymentBanner } from './PaymentBanner.js';
import { BudgetBanner } from './BudgetBanner.js';
import { useOfflinePage } from './offline-page.js';
import { StartupProblemsNotice } from './StartupProblemsNotice.js';
import { tabForKey } from '../components/shortcuts/shortcuts.js';
import { PromptPaletteHost } from '../components/prompt-palette/palette-host.js';
import { TabNav } from './TabNav.js';
import { TopBar } from './TopBar.js';
import { TABS } from './tab-registry.js';
import { panelDomId, tabDomId } from '../state/tab-ids.js';
import { Welcome } from './Welcome.js';

/**
 * Applies the theme and language settings; a `system` theme is left to prefers-color-scheme in
 * the CSS, a `system` language follows the system's preferred languages.
 */
function useLookSettings() {
  const settings = useCall('settings.get', EMPTY).data;
  const theme = settings?.theme ?? 'system';
  const language = settings?.language;
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    if (language === undefined) return;
    const apply = () => void setLanguage(resolveLanguage(language, systemLanguages()));
    apply();
    // The system's language may change while the studio runs.
    window.addEventListener('languagechange', apply);
    return () => window.removeEventListener('languagechange', apply);
  }, [language]);
}

/**
 * Browser shell only: job notifications the user opted into (in Tasks) resume on load, without
 * waiting for the Tasks tab to be opened. The notifier is a small chunk loaded only then.
 */
function useJobNotifications() {
  useEffect(() => {
    if (window.studio || localStorage.getItem('studio.notifyJobs') !== 'on') return;
    void import('../features/tasks/model/job-notifier.js').then((m) => m.notificationsWanted() && m.startJobNotifier());
  }, []);
}

/** Ctrl/⌘ + 1…7 open the tabs from anywhere (components/shortcuts/shortcuts.ts), focus following to the tab. */
function useTabShortcuts() {
  const openTab = useUiStore((s) => s.openTab);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const tab = tabForKey(e);
      if (!tab) return;
      e.preventDefault();
      openTab(tab);
      document.getElementById(tabDomId(tab))?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [openTab]);
}

/**
 * The parts that take no props, made once. A tab switch renders App again, and elements made
 * anew there rendered all of them again with it: the top bar, the notices and every visited
 * tab's panel, the whole Chat tab among them, half the click's task on the Gallery's tab
 * (docs/performance-findings.md, "Opening a tab"). The same element is skipped; each part still follows
 * its own data and the contexts it reads.
 */
const TOP_BAR = <TopBar />;
const CONNECTION = <ConnectionBanner />;
const NOTICES = (
  <>
    <Welcome />
    <StartupProblemsNotice />
    <PaymentBanner />
    <BudgetBanner />
  </>
);
const PROMPT_PALETTE = <PromptPaletteHost />;
const PANELS = new Map(TABS.map(({ id, Panel }) => [id, <Panel />]));

export function App() {
  const { t } = useTranslation(['shell', 'common']);
  useContractEvents(useQueryClient());
  useReconnectRefresh();
  useOfflinePage();
  useJobNotifications();
  useLookSettings();
  useTabShortcuts();
  const current = useUiStore((s) => s.tab);
  const visited = useUiStore((s) => s.visited);

  return (
    <FeatureSlotsProvider value={FEATURE_SLOTS}>
      <div className="app">
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        {TOP_BAR}
        {CONNECTION}
        <div className="workspace">
          <TabNav />
          <main id="main" className="content" tabIndex={-1}>
            {NOTICES}
            {TABS.filter((tab) => visited.includes(tab.id)).map(({ id }) => (
              <section
                key={id}
                role="tabpanel"
                id={panelDomId(id)}
                aria-labelledby={tabDomId(id)}
                hidden={id !== current}
                className="panel"
              >
                <Suspense fallback={<p className="muted">{t('common:loading')}</p>}>
                  {PANELS.get(id)}
                </Suspense>
              </section>
            ))}
          </main>
        </div>
        {PROMPT_PALETTE}
      </div>
    </FeatureSlotsProvider>
  );
}
