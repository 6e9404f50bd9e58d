/**
 * The browser side of the benchmarks: the same Chromium, with the same flags, as the end-to-end
 * tests (playwright.config.ts), and pages that start cold: a new context each, so no cache, no
 * storage, no cookies, except the shell's sign-in cookie, set as its `?token=` redirect sets it.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import config from '../../playwright.config.js';
import { TOKEN_COOKIE } from '../../electron/browser-shell/server.js';
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
 * A page in a fresh context, signed in to the shell at `signInUrl` and carrying the readiness
 * probe for `kind` (plus any further init scripts). Skipping the sign-in redirect keeps one
 * round trip that is not the page's own out of every navigation.
 */
export async function coldPage(browser: Browser, signInUrl: string, kind: PageKind, initScripts: string[] = []): Promise<ColdPage> {
  const url = new URL(signInUrl);
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`not a sign-in link: ${url.origin}${url.pathname}`);
  const context = await browser.newContext();
  await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: url.origin, httpOnly: true, sameSite: 'Strict' }]);
  for (const script of [readyProbe(kind), ...initScripts]) await context.addInitScript({ content: script });
  return { context, page: await context.newPage(), origin: url.origin };
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
