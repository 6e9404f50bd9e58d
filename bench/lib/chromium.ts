/**
 * The browser side of the benchmarks: the same Chromium, with the same flags, as the end-to-end
 * tests (playwright.config.ts), and pages that start cold: a new context each, so no cache, no
 * storage, no cookies, except the shell's session: its cookie and the tab's session secret, set
 * as the `?token=` redirect sets them.
 */
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import config from '../../playwright.config.js';
import type { SignedIn } from '../../browser-shell/test/sign-in.js';
import { readyProbe, type PageKind } from './page-probes.js';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...config.use?.launchOptions });
}

export interface ColdPage {
  context: BrowserContext;
  page: Page;
  /** The shell's origin, e.g. http://127.0.0.1:PORT */
  origin: string;
}

/**
 * A page in a fresh context, holding a session of the shell (browser-shell/test/sign-in.ts)
 * and carrying the readiness probe for `kind` (plus any further init scripts). Skipping the
 * sign-in redirect keeps one round trip that is not the page's own out of every navigation.
 */
export async function coldPage(browser: Browser, session: SignedIn, kind: PageKind, initScripts: string[] = []): Promise<ColdPage> {
  const context = await browser.newContext();
  await context.addCookies([{ name: session.cookieName, value: session.cookieValue, url: session.origin, httpOnly: true, sameSite: 'Strict' }]);
  // What renderer/src/api/session.ts keeps once the redirect's fragment handed it over.
  const held = `sessionStorage.setItem('gateway-studio:session', ${JSON.stringify(`${session.api}.${session.media}`)})`;
  for (const script of [held, readyProbe(kind), ...initScripts]) await context.addInitScript({ content: script });
  const page = await context.newPage();
  trackRequests(page);
  return { context, page, origin: session.origin };
}

/** Each cold page's requests in flight, but its event stream's, which stays open for the page's life. */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (new URL(r.url()).pathname !== '/api/events') open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Playwright's `networkidle` (no request for 500 ms) for a page of coldPage. Playwright leaves an
 * EventSource out of it, but the studio reads its events from a fetch body
 * (renderer/src/api/event-stream.ts), which `networkidle` would wait on for ever.
 */
export async function networkIdle(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkIdle needs a page of coldPage');
  const start = Date.now();
  let quietSince = Date.now();
  for (;;) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() - start > timeoutMs) throw new Error(`the page's requests did not settle within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Navigates to the page and resolves with the ms from navigation start until it was interactive. */
export async function openUntilReady(page: Page, origin: string, timeoutMs = 30_000): Promise<number> {
  await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page was not interactive within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return Number(await Promise.race([page.evaluate('window.__benchReady'), timeout]));
  } finally {
    clearTimeout(timer);
  }
}

/** The studio reopens on the tab last shown: a pass that opens a tab starts on the first one, as a new session would. */
export async function startOnFirstTab(session: SignedIn): Promise<void> {
  await fetch(`${session.origin}/api/call/app.keepWorkspace`, {
    method: 'POST',
    headers: { ...session.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: 'ui:tab', value: { tab: 'chat' } }),
  });
}

/**
 * A cold page of the studio opened on its first tab, ready and its network quiet: for a pass that
 * times the click on another tab. The page a previous pass closed writes its last tab to the host
 * as it goes (renderer/src/state/draft-storage.ts), and that write can land after startOnFirstTab:
 * the page would then open on the tab to be timed, already drawn, and the click's figure be
 * nothing (once −34 ms). Such a page is closed and opened again.
 */
export async function coldOnFirstTab(browser: Browser, session: SignedIn, initScripts: string[] = []): Promise<ColdPage> {
  for (let tries = 1; ; tries++) {
    await startOnFirstTab(session);
    const cold = await coldPage(browser, session, 'studio', initScripts);
    await openUntilReady(cold.page, cold.origin);
    await networkIdle(cold.page);
    if ((await cold.page.getByRole('tab', { name: 'Chat', exact: true }).getAttribute('aria-selected')) === 'true') return cold;
    await cold.context.close();
    if (tries === 3) throw new Error('The studio kept opening on another tab than its first.');
  }
}
