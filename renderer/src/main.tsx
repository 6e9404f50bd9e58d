/** Renderer entry: one query client for host-owned data, then the shell. */
// Before anything: the browser shell's sign-in secret leaves the address bar (api/session.ts).
import './api/session.js';
// Then: its requests leave before the rest of the bundle (React DOM above all) is evaluated.
import { EARLY_CHAT_LIST, EARLY_SETTINGS, EARLY_WORKSPACE, FIRST_SCREEN, FIRST_SCREEN_CODE, openedByWorkspace } from './app/first-screen.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SettingsView } from '@shared/contract/settings.js';
import { App } from './app/App.js';
import { preloadTabs } from './app/tab-registry.js';
import { fillFromHost, keepWorkspaceIn } from './state/draft-storage.js';
import { call } from './api/transport.js';
import { restoreTab } from './state/ui-store.js';
import { i18n, setLanguage } from './i18n/index.js';
import { formatsFor } from './i18n/format.js';
// Before the first setLanguage: the features' translations, which i18n/ may not import itself.
import './app/strings/languages.js';
import { resolveLanguage, systemLanguages } from './i18n/languages.js';
import './app/theme.css';
import './app/shell.css';
import './components/controls.css';

// Cache changes reach components in the task that made them, not a task later: a host event (a
// reply's end) then renders before the next frame instead of after it (bench/stream.ts).
notifyManager.setScheduler(queueMicrotask);

// Drafts and recent prompts are written through to the host's copy (state/draft-storage.ts).
keepWorkspaceIn((key, value) => call('app.keepWorkspace', { key, value }));

const queryClient = new QueryClient({
  defaultOptions: {
    // Host events push every change (nothing polls while idle: docs/performance.md, "Targets"), and
    // the host already applies the gateway retry rules, so the renderer neither refetches on its
    // own nor retries.
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
    mutations: { retry: false },
  },
});

/** How long the first render waits for the first screen's data: the host answers in milliseconds, unless something is wrong. */
const FIRST_SCREEN_WAIT_MS = 300;

// The first render speaks the chosen language (Chinese is fetched first when it is the one).
const languageSet = (EARLY_SETTINGS.answer as Promise<SettingsView>).then((s) => setLanguage(resolveLanguage(s.language, systemLanguages()))).catch(() => undefined);

// The sidebar shows each conversation's time, and the page's first date formatter loads ICU's
// locale data (~14 ms in one task). Made in an idle period while a returning user's page waits
// for the open conversation's code, it is not made inside the first render (docs/performance-findings.md,
// "Start-up: the returning user's code"); a first run, with no conversation, makes none.
void Promise.all([languageSet, EARLY_CHAT_LIST.answer]).then(([, list]) => {
  if (!Array.isArray(list) || list.length === 0 || typeof requestIdleCallback !== 'function') return;
  requestIdleCallback(() => {
    const f = formatsFor(i18n.language);
    f.clock(new Date());
    f.monthDay(new Date());
  });
}, () => undefined);

const answered = Promise.all([
  ...FIRST_SCREEN.map(({ queryKey, answer }) => queryClient.prefetchQuery({ queryKey, queryFn: () => answer })),
  ...FIRST_SCREEN_CODE.map((chunk) => chunk.catch(() => undefined)),
  languageSet,
  // Another origin of the same studio (the browser shell on another port) finds its drafts and tab.
  (EARLY_WORKSPACE.answer as Promise<Record<string, unknown>>).then((entries) => {
    const filled = fillFromHost(entries);
    if (filled.includes('ui:tab')) restoreTab();
    const { calls, code } = openedByWorkspace(filled);
    return Promise.all([
      ...calls.map(({ queryKey, answer }) => queryClient.prefetchQuery({ queryKey, queryFn: () => answer })),
      ...code.map((chunk) => chunk.catch(() => undefined)),
    ]);
  }).catch(() => undefined),
]);

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
}

// One first render with the data in place, rather than "Loading…" placeholders laid out and
// painted only to be replaced a moment later; a slow host gets its placeholders after the wait.
void Promise.race([answered, new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))]).then(() => {
  render();
  preloadTabs(queryClient);
});
