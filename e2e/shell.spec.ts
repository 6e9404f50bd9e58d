/**
 * Smoke test of the browser shell in Chromium: the studio loads under its CSP with an HttpOnly
 * token cookie. What other local pages cannot do with that cookie is in attacker.spec.ts.
 */
import { test, expect } from './fixtures.js';

test('the studio loads under its CSP, signed in by an HttpOnly cookie', async ({ page, studio }) => {
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
  expect(csp).toContain("connect-src 'self'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page).toHaveTitle(/Gateway Studio/);
  await expect(page.locator('#root > *').first()).toBeVisible();

  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'studio_token');
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe('Strict');
  // Evaluated as a string: this file is type-checked without the DOM lib.
  expect(await page.evaluate('document.cookie')).not.toContain('studio_token');

  // The page's own calls go through with that cookie.
  const own = await page.evaluate(async () => {
    const r = await fetch('/api/call/profiles.list', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    return r.json();
  });
  expect(own).toMatchObject({ ok: true, value: { activeId: 'sandbox' } });
  expect(cspViolations).toEqual([]);
});
