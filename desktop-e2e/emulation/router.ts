/**
 * Every request of every page of the browser (docs/desktop-harness.md, "How it runs"): navigations
 * meet the app's `will-navigate` guards, mapped schemes their protocol handlers, and pages that
 * are not windows (a popup) nothing at all.
 */
import type { Page, Request as PageRequest, Route } from '@playwright/test';
import { record } from './records.js';
import { shared } from './state.js';
import { serveScheme } from './protocol.js';
import { contentsOf } from './window.js';

/**
 * A page the app did not create as a window (a popup from `window.open` or a link): Electron would
 * not have made it, since the app's window-open handler decided first (Page.windowOpen, window.ts), so
 * it goes at once; its requests are refused meanwhile (routeRequest).
 */
export async function closeStrayPage(page: Page): Promise<void> {
  // A popup names its opener; a page with none may still be a window being made, so wait for those.
  if (!(await page.opener())) {
    while (shared.windowsInTheMaking > 0 && !page.isClosed()) await pause(20);
    if (contentsOf(page)) return;
  }
  // A close that lands while Chromium is still setting the popup up can fail: try until it is gone.
  for (let tries = 0; tries < 50 && !page.isClosed(); tries++) {
    await page.close().catch(() => undefined);
    if (!page.isClosed()) await pause(100);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every request of every page of the context (installed by the app module at `ready`). */
export async function routeRequest(route: Route, request: PageRequest): Promise<void> {
  let page: Page | undefined;
  try {
    page = request.frame().page();
  } catch {
    page = undefined; // a worker's request: the app has none
  }
  const contents = page ? contentsOf(page) : undefined;
  if (!contents) {
    // A page that is not a window (a popup the app denied) loads nothing.
    record({ type: 'refused', what: 'request', url: request.url(), detail: 'not from a window' });
    return route.abort('blockedbyclient');
  }
  if (request.isNavigationRequest()) {
    const url = shared.schemes.fromPage(request.url());
    const isMain = request.frame() === page!.mainFrame();
    if (request.redirectedFrom()) {
      if (contents.preventable('will-redirect', url, isMain)) {
        record({ type: 'refused', what: 'redirect', url });
        return route.abort('aborted');
      }
    } else if (!(isMain && contents.takeExpected(request.url()))) {
      const frameRefused = contents.preventable('will-frame-navigate', url, isMain);
      const refused = (isMain && contents.preventable('will-navigate', url, true)) || frameRefused;
      if (refused) {
        record({ type: 'refused', what: 'navigation', url });
        return route.abort('aborted');
      }
    }
  }
  const scheme = shared.schemes.schemeOf(request.url());
  if (scheme) return serveScheme(route, request, scheme);
  return route.continue();
}
