import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName } from '@shared/contract/index.js';
import { createCore, type Core } from './index.js';
import { DEFAULT_MEDIA_LIMITS } from '@shared/contract/settings.js';
import { DEFAULT_CHAT_DEFAULTS } from '@shared/contract/chat.js';
import { testPorts } from './test/file-ports.js';

const KEY = 'sk-sandbox';
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function open(overrides: Parameters<typeof testPorts>[0] = {}) {
  const ports = testPorts(overrides);
  const core = await createCore(ports);
  const events: { event: EventName; payload: unknown }[] = [];
  core.subscribe((event, payload) => events.push({ event, payload }));
  cleanups.push(() => ports.cleanup(), () => core.close());
  const call = async (method: string, input: unknown = {}) => core.dispatch(method, input) as Promise<any>;
  const value = async (method: string, input: unknown = {}) => {
    const r = await call(method, input);
    if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
    return r.value;
  };
  return { core, ports, events, call, value };
}

/** A second sandbox stands in for a real gateway the user adds. */
async function gateway(c: Awaited<ReturnType<typeof open>>) {
  return (await c.value('app.info')).sandboxUrl as string;
}

describe('the core in process', () => {
  it('answers typed calls and tells a listener only of its own event, until it stops listening', async () => {
    const { core } = await open();
    const themes: string[] = [];
    const stop = core.on('settings.onDidChange', (settings) => themes.push(settings.theme));
    const changed = await core.call('settings.update', { theme: 'dark' });
    expect(changed.ok && changed.value.theme).toBe('dark');
    await core.call('profiles.list', {});
    stop();
    await core.call('settings.update', { theme: 'light' });
    expect(themes).toEqual(['dark']);
    // A transport's untyped call still goes through the contract's checks.
    const refused = await core.dispatch('settings.update', { theme: 'neon' });
    expect(refused.ok ? 'accepted' : refused.error.code).toBe('invalid_input');
  });
});

describe('the core on a fresh data folder', () => {
  it('starts on the built-in offline sandbox and reads its balance', async () => {
    const c = await open();
    const info = await c.value('app.info');
    expect(info.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const list = await c.value('profiles.list');
    expect(list.activeId).toBe('sandbox');
    expect(list.profiles[0]).toMatchObject({ id: 'sandbox', kind: 'sandbox', name: 'Offline sandbox', hasKey: true });
    const balance = await c.value('account.balance', {});
    expect(balance.tokens.token_total).toBe(balance.tokens.token_balance + balance.tokens.token_used);
    expect(balance.cash.currency).toBe('CNY');
    expect(balance.low).toBe(false);
    expect(c.events.some((e) => e.event === 'account.onDidChangeBalance')).toBe(true);
  });

  it('refuses bad input as data, naming the field', async () => {
    const c = await open();
    const r = await c.call('profiles.save', { name: '', baseUrl: 'ftp://x', apiKey: 'short' });
    expect(r.ok).toBe(false);
    expect(r.error).toMatchObject({ code: 'invalid_input', retryable: false });
    expect(['name', 'baseUrl', 'apiKey']).toContain(r.error.param);
    expect((await c.call('no.such.method')).error.code).toBe('not_found');
  });
});

describe('profiles and keys', () => {
  it('keeps the key write-only: views show hasKey and a masked tail, never the key', async () => {
    const c = await open();
    const url = await gateway(c);
    const canary = 'sk-canary-7f3a9c1e55d0';
    const saved = await c.value('profiles.save', { name: 'Work', baseUrl: `${url}/`, apiKey: canary });
    expect(saved).toMatchObject({ kind: 'gateway', hasKey: true, keyTail: '…55d0', baseUrl: url });
    const everything = JSON.stringify([saved, await c.value('profiles.list'), c.events, await c.value('settings.get')]);
    expect(everything).not.toContain(canary);
    expect(readFileSync(join(c.ports.dataDir, 'settings.json'), 'utf8')).not.toContain(canary);
  });

  it('tests a connection: good key, rejected key, unreachable URL, balance problem', async () => {
    const c = await open();
    const url = await gateway(c);
    const add = async (name: string, baseUrl: string, apiKey: string) => (await c.value('profiles.save', { name, baseUrl, apiKey })).id;
    const test = async (id: string) => c.value('profiles.test', { id });
    expect(await test(await add('Good', url, KEY))).toMatchObject({ outcome: 'ok', currency: 'CNY' });
    expect((await test(await add('Bad', url, 'sk-not-a-real-key'))).outcome).toBe('rejected_key');
    expect((await test(await add('Down', 'http://127.0.0.1:9', KEY))).outcome).toBe('unreachable');
    expect((await test(await add('Broke', url, 'sk-sandbox-broke'))).outcome).toBe('balance_problem');
  });

  it('switching profiles switches the balance; a broke account is flagged low', async () => {
    const c = await open();
    const url = await gateway(c);
    const { id } = await c.value('profiles.save', { name: 'Broke', baseUrl: url, apiKey: 'sk-sandbox-broke' });
    await c.value('account.balance', {});
    const list = await c.value('profiles.activate', { id });
    expect(list.activeId).toBe(id);
    const balance = await c.value('account.balance', {});
    expect(balance).toMatchObject({ profileId: id, low: true });
    expect(balance.tokens.token_balance).toBe(0);
  });

  it('clears a key, removes a profile, and falls back to the sandbox when the active one goes', async () => {
    const c = await open();
    const url = await gateway(c);
    const { id } = await c.value('profiles.save', { name: 'Temp', baseUrl: url, apiKey: KEY });
    await c.value('profiles.activate', { id });
    expect(await c.value('profiles.clearKey', { id })).toMatchObject({ hasKey: false });
    expect((await c.call('account.balance', { refresh: true })).error.code).toBe('unauthorized');
    const after = await c.value('profiles.remove', { id });
    expect(after.activeId).toBe('sandbox');
    expect(after.profiles).toHaveLength(1);
    expect((await c.call('profiles.remove', { id: 'sandbox' })).error.code).toBe('invalid_input');
  });

  it('asks before storing a key where only plaintext storage exists', async () => {
    const plain = await open({ secrets: { backend: () => 'plaintext', get: () => undefined, set: () => undefined, delete: () => undefined } });
    expect(await plain.value('profiles.keyStorage')).toEqual({ backend: 'plaintext', consentGiven: false });
    const url = await gateway(plain);
    const refused = await plain.call('profiles.save', { name: 'X', baseUrl: url, apiKey: KEY });
    expect(refused.error).toMatchObject({ code: 'consent_required', param: 'apiKey' });
    await plain.value('profiles.allowPlaintextKeys', { allow: true });
    expect((await plain.call('profiles.save', { name: 'X', baseUrl: url, apiKey: KEY })).ok).toBe(true);
  });

  it('keeps profiles and the active choice across restarts', async () => {
    const ports = testPorts();
    cleanups.push(() => ports.cleanup());
    const first = await createCore(ports);
    const url = (await first.dispatch('app.info', {}) as any).value.sandboxUrl;
    const { value: saved } = await first.dispatch('profiles.save', { name: 'Kept', baseUrl: url, apiKey: KEY }) as any;
    await first.dispatch('profiles.activate', { id: saved.id });
    await first.close();
    const second = await createCore(ports);
    cleanups.push(() => second.close());
    const list = (await second.dispatch('profiles.list', {}) as any).value;
    expect(list.activeId).toBe(saved.id);
    expect(list.profiles[1]).toMatchObject({ name: 'Kept', hasKey: true });
  });
});

describe('settings and payment', () => {
  it('sets the library folder (created on the spot) and the theme', async () => {
    const c = await open();
    const dir = join(c.ports.dataDir, 'My Library');
    expect(await c.value('settings.update', { libraryDir: dir, theme: 'dark', language: 'zh-CN' })).toEqual({ libraryDir: dir, theme: 'dark', language: 'zh-CN', mediaLimits: DEFAULT_MEDIA_LIMITS, chatSendKey: 'enter', chatDefaults: DEFAULT_CHAT_DEFAULTS });
    expect((await c.call('settings.update', { libraryDir: 'relative/path' })).error.param).toBe('libraryDir');
  });

  it('keeps the chat send key a creator chooses (Enter by default) and refuses any other', async () => {
    const c = await open();
    expect((await c.value('settings.get')).chatSendKey).toBe('enter');
    expect((await c.value('settings.update', { chatSendKey: 'mod-enter' })).chatSendKey).toBe('mod-enter');
    expect((await c.call('settings.update', { chatSendKey: 'space' })).ok).toBe(false);
    expect((await c.value('settings.get')).chatSendKey).toBe('mod-enter');
  });

  it('keeps the media size limits a creator sets, refuses nonsense, and fills the rest from the defaults', async () => {
    const c = await open();
    expect((await c.value('settings.update', { mediaLimits: { videoMb: 50 } })).mediaLimits).toEqual({ ...DEFAULT_MEDIA_LIMITS, videoMb: 50 });
    for (const bad of [{ imageMb: 0 }, { videoMb: -5 }, { audioMb: 1.5 }, { imageMb: '10' }, { videoMb: 1e9 }]) {
      const r = await c.call('settings.update', { mediaLimits: bad });
      expect(r.ok).toBe(false);
    }
    expect((await c.value('settings.get')).mediaLimits).toEqual({ ...DEFAULT_MEDIA_LIMITS, videoMb: 50 });
  });

  it('a 402 anywhere is announced so the renderer can show the top-up banner', async () => {
    const c = await open();
    const url = await gateway(c);
    await fetch(`${url}/_sandbox/faults/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 402, count: 2 }) });
    const r = await c.call('account.balance', { refresh: true });
    expect(r.error.code).toBe('payment_required');
    expect(c.events.find((e) => e.event === 'account.onDidRequirePayment')?.payload).toMatchObject({ profileId: 'sandbox' });
  });

  it('survives a damaged settings file', async () => {
    const ports = testPorts({ settings: { read: () => ({ version: 99, junk: true }), write: () => undefined, setAside: () => undefined } });
    cleanups.push(() => ports.cleanup());
    const core: Core = await createCore(ports);
    cleanups.push(() => core.close());
    expect(((await core.dispatch('profiles.list', {})) as any).value.activeId).toBe('sandbox');
  });
});
