/**
 * A distinctive "canary" API key, saved through profiles.save and then used for everything the
 * studio does with a gateway, must come back out nowhere (docs/house-rules.md, "Secrets are
 * write-only"): not in a contract response or event, a log line, the settings file, a saved job,
 * conversation or library sidecar, nor an export; only in the key store itself. The gateway is a
 * separate sandbox (a stand-in for a remote server), so every file under the data folder is the
 * studio's own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { relative, sep } from 'node:path';
import { startSandbox } from '@sandbox/server.js';
import { openCore } from './test/open-core.js';
import { bytesOf, filesUnder } from './test/data-files.js';

const CANARY = 'sk-canary-7f3a9c1e55d04b2a-never-leak';
const KEY_FILE = 'keys.json'; // the test ports' key store (file-ports.ts)
/** The key as text, and in the encodings a careless serializer would produce. */
const FORMS = [CANARY, Buffer.from(CANARY).toString('base64'), Buffer.from(CANARY).toString('hex'), encodeURIComponent(CANARY).replace(/-/g, '%2D')];
const leaks = (text: string) => FORMS.filter((form) => text.includes(form));

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function gatewayWithCanary() {
  const gateway = await startSandbox({ port: 0, speed: 100, streamPaceMs: 0 });
  closers.push(() => gateway.close());
  const admin = async (path: string, body: unknown) => {
    const res = await fetch(`${gateway.url}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.ok, path).toBe(true);
  };
  // The canary is a real, funded key on this gateway: every call below succeeds with it.
  await admin(`keys/${encodeURIComponent(CANARY)}/balances`, { token_balance: 5_000_000, balance: 200 });
  return { url: gateway.url, admin };
}

describe('a canary API key', () => {
  it('never leaves the key store, even when the gateway quotes it back in an error', async () => {
    const gateway = await gatewayWithCanary();
    const logs: string[] = [];
    const c = await openCore({ log: (line) => logs.push(line) });
    const answers: unknown[] = [];
    const value = async (method: string, input: unknown = {}) => {
      const r = await c.call(method, input);
      answers.push({ method, r });
      if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
      return r.value;
    };
    const failure = async (method: string, input: unknown = {}) => {
      const r = await c.call(method, input);
      answers.push({ method, r });
      expect(r.ok, method).toBe(false);
      return r.error;
    };
    const replyEnd = async (streamId: string) => {
      await c.until(async () => c.events.some((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === streamId));
      return c.events.find((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === streamId)!.payload;
    };

    // Settings: save, test, activate, read back every view of profiles and settings.
    const saved = await value('profiles.save', { name: 'Canary gateway', baseUrl: gateway.url, apiKey: CANARY });
    expect(saved.keyTail).toBe(`…${CANARY.slice(-4)}`);
    expect(await value('profiles.test', { id: saved.id })).toMatchObject({ outcome: 'ok' });
    await value('profiles.activate', { id: saved.id });
    await value('profiles.list');
    await value('profiles.keyStorage');
    await value('settings.get');
    await value('app.info');
    expect((await value('account.balance', { refresh: true })).profileId).toBe(saved.id);

    // Work with the key: an image job saved to the library, a native image, a chat reply.
    const task = await value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a canary on a wire', resolution: '1K' } });
    await c.until(async () => (await value('tasks.list')).find((t: { id: string }) => t.id === task.id)?.state === 'saved');
    await value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a paper canary' });
    const library = await value('library.list', {});
    expect(library.total).toBe(2);
    await value('library.get', { id: library.items[0].id });
    const conversation = await value('chat.create', { settings: {} });
    const ok = await value('chat.send', { conversationId: conversation.id, text: 'Hello, gateway' });
    expect(await replyEnd(ok.streamId)).toMatchObject({ outcome: 'done', message: { status: 'complete' } });

    // A gateway that quotes the key in its errors (as some do for a 401), in each error form. Many
    // failures are queued, so balance refreshes running in the background cannot use them all up.
    const echo = `Incorrect API key provided: ${CANARY}. You can find your API key at https://gateway.example/keys`;
    const quoting = async (status: number, match: string, format: string, act: () => Promise<void>) => {
      await gateway.admin('faults/fail', { status, count: 100, match, message: echo, format });
      await act();
      await gateway.admin('faults/reset', {});
    };
    await quoting(401, '/v1/chat/completions', 'json', async () => {
      const refused = await value('chat.send', { conversationId: conversation.id, text: 'Hello again' });
      expect(await replyEnd(refused.streamId)).toMatchObject({ message: { status: 'failed' } });
    });
    await quoting(401, '/v1/account/', 'text', async () => {
      // The creator still reads what the gateway said, with the key masked as everywhere else.
      expect(await failure('account.balance', { refresh: true })).toMatchObject({ code: 'unauthorized', message: expect.stringContaining(`Incorrect API key provided: …${CANARY.slice(-4)}`) });
      expect(await value('profiles.test', { id: saved.id })).toMatchObject({ outcome: 'rejected_key' });
    });
    await quoting(403, '/v1/images/', 'envelope', async () => {
      const request = { model: 'seedream-4-0', prompt: 'again', resolution: '1K' };
      expect((await failure('tasks.submit', { route: 'image', request })).code).toBe('unauthorized');
    });
    await quoting(401, 'models/', 'html', async () => {
      expect((await failure('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'x' })).code).toBe('unauthorized');
    });

    // The export, and every other read of the conversation.
    const exported = await value('chat.exportMarkdown', { id: conversation.id });
    expect(exported.markdown).toContain('Hello again');
    await value('chat.get', { id: conversation.id });
    await value('chat.list', {});
    await value('tasks.list');
    await c.core.close();

    const leaking = (items: unknown[], name: (item: any) => string) => items.filter((i) => leaks(JSON.stringify(i)).length > 0).map(name);
    expect(leaking(answers, (a) => a.method), 'contract answers').toEqual([]);
    expect(leaking(c.events, (e) => e.event), 'events').toEqual([]);
    expect(leaking(logs, (line) => line), 'log lines').toEqual([]);
    const files = filesUnder(c.ports.dataDir);
    const found = files.filter((file) => leaks(bytesOf(file)).length > 0).map((file) => relative(c.ports.dataDir, file));
    // Only the key store holds it: which proves the search above would have found it elsewhere.
    expect(found).toEqual([KEY_FILE]);
    // The search covered what the studio writes: settings, conversations, library sidecars, the database (jobs, library rows).
    const written = files.map((file) => relative(c.ports.dataDir, file).split(sep).join('/'));
    for (const pattern of [/^settings\.json$/, /^conversations\/[^/]+\.json$/, /^Library\/.+\.png\.json$/, /^studio\.db$/]) {
      expect(written.some((file) => pattern.test(file)), String(pattern)).toBe(true);
    }
  });
});
