/**
 * Smoke test of the browser shell in Chromium: the studio loads under its CSP, signed in by an
 * HttpOnly cookie and a secret its tab holds. What other local pages and servers cannot do with
 * that cookie is in attacker.spec.ts.
 */
import { test, expect } from './fixtures.js';
import { pageCall } from './pages/page-call.js';

test('the studio loads under its CSP, signed in by an HttpOnly cookie and the tab\'s secret', async ({ page, studio }) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  const response = await page.goto(studio.url);
  expect(response?.status()).toBe(200);
  // The token moved from the address bar into the cookie.
  expect(page.url()).not.toContain('token=');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self' studio-media:");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page).toHaveTitle(/Gateway Studio/);
  await expect(page.locator('#root > *').first()).toBeVisible();

  // The session secret came in the fragment and left the address bar at once.
  expect(page.url()).not.toContain('studio-session');
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === `studio_session_${new URL(page.url()).port}`);
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Strict');
  // Evaluated as a string: this file is type-checked without the DOM lib.
  expect(await page.evaluate('document.cookie')).not.toContain('studio_session');

  // The page's own calls go through with that cookie and the tab's secret…
  expect(await pageCall(page, 'profiles.list')).toMatchObject({ ok: true, value: { activeId: 'sandbox' } });
  // …and not with the cookie alone.
  const cookieOnly = await page.evaluate(async () => (await fetch('/api/call/profiles.list', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status);
  expect(cookieOnly).toBe(403);
  expect(cspViolations).toEqual([]);
});
