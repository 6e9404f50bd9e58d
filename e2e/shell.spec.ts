/**
 * Smoke test of the browser shell in Chromium: the studio loads under its CSP with an HttpOnly
 * token cookie, and a page on another local port cannot use that cookie to call the shell.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './fixtures.js';

/** A page served from another 127.0.0.1 port: same site for cookies, a different origin. */
async function startAttacker(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Not the studio</title><p>attacker</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

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

test('a page on another local port cannot call the shell, even with the cookie in the jar', async ({ page, studio }) => {
  await page.goto(studio.url);
  const shellOrigin = new URL(studio.url).origin;
  const attacker = await startAttacker();
  try {
    await page.goto(attacker.origin);
    const outcome = await page.evaluate(async (target) => {
      // A call that would change something, so a refusal can be checked after the fact too.
      const body = JSON.stringify({ name: 'pwned', baseUrl: 'https://evil.example', apiKey: 'sk-attacker-0000' });
      const attempt = async (init: RequestInit) => {
        try {
          const r = await fetch(`${target}/api/call/profiles.save`, { method: 'POST', credentials: 'include', body, ...init });
          return r.type === 'opaque' ? 'opaque' : `read ${r.status}: ${await r.text()}`;
        } catch {
          return 'blocked';
        }
      };
      const events = await new Promise<string>((resolve) => {
        const source = new EventSource(`${target}/api/events`, { withCredentials: true });
        source.onmessage = () => resolve('received');
        source.onerror = () => {
          source.close();
          resolve('blocked');
        };
      });
      return {
        json: await attempt({ headers: { 'Content-Type': 'application/json' } }),
        // A "simple" request skips the preflight: the shell refuses it (Origin, then content
        // type), and its Cross-Origin-Resource-Policy makes the browser fail even the opaque answer.
        simple: await attempt({ mode: 'no-cors', headers: { 'Content-Type': 'text/plain' } }),
        events,
      };
    }, shellOrigin);
    expect(outcome).toEqual({ json: 'blocked', simple: 'blocked', events: 'blocked' });

    // Back on the studio: nothing the attacker sent was carried out.
    await page.goto(`${shellOrigin}/`);
    const list = await page.evaluate(async () => {
      const r = await fetch('/api/call/profiles.list', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      return r.json();
    });
    expect(list.ok).toBe(true);
    expect(JSON.stringify(list)).not.toContain('pwned');
  } finally {
    await attacker.close();
  }
});
