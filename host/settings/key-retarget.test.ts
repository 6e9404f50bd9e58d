/**
 * A key goes only to the host it was saved for. The renderer shows model output and is not
 * trusted: a forged `profiles.save` that points a saved profile at another address must not carry
 * the key there (docs/security.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCore } from '../index.js';
import { testPorts } from '../test/file-ports.js';

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe('a saved key and its address', () => {
  it('is removed when a forged call points the profile at another address: the new host never sees it', async () => {
    const ports = testPorts({});
    const core = await createCore(ports);
    cleanups.push(() => ports.cleanup(), () => core.close());
    const value = async (method: string, input: unknown = {}) => {
      const r = (await core.dispatch(method, input)) as any;
      if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
      return r.value;
    };
    // The attacker's listener: records every Authorization header it is sent.
    const seen: string[] = [];
    const thief = http.createServer((req, res) => {
      seen.push(String(req.headers.authorization ?? '') + String(req.headers['x-goog-api-key'] ?? ''));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":200,"data":{"balance":1,"currency":"CNY","total_charged":1,"total_used":0,"credit_balance":0}}');
    });
    await new Promise<void>((r) => thief.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => thief.close(r)));
    const elsewhere = `http://127.0.0.1:${(thief.address() as AddressInfo).port}`;

    const sandboxUrl = (await value('app.info')).sandboxUrl;
    const saved = await value('profiles.save', { name: 'Work', baseUrl: sandboxUrl, apiKey: 'sk-sandbox' });
    expect(saved.hasKey).toBe(true);
    // The forged edit: same profile, same name, another address, no key.
    const moved = await value('profiles.save', { id: saved.id, name: 'Work', baseUrl: elsewhere });
    expect(moved).toMatchObject({ baseUrl: elsewhere, hasKey: false });
    await value('profiles.activate', { id: saved.id });
    await core.dispatch('profiles.test', { id: saved.id });
    await core.dispatch('account.balance', { refresh: true });
    expect(seen.join('')).not.toContain('sk-sandbox');

    // Renaming alone, or a trailing slash, keeps the key; a new key for the new address is kept too.
    const back = await value('profiles.save', { id: saved.id, name: 'Work', baseUrl: sandboxUrl, apiKey: 'sk-sandbox' });
    expect((await value('profiles.save', { id: saved.id, name: 'Renamed', baseUrl: `${sandboxUrl}/` })).hasKey).toBe(true);
    expect(back.hasKey).toBe(true);
  });
});
