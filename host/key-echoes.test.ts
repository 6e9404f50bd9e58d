/**
 * A hostile gateway, through the real core: it quotes the saved key back (in upper case, as
 * base64 and as hex, split across stream deltas) inside reply text, a stream error event, a
 * task's failure and a native image's text; it redirects a chat call to a listener of its own;
 * and its result link redirects the download there. The key reaches neither what the renderer
 * receives, nor the data files, nor the export; and only the base URL ever gets it
 * (docs/security.md).
 */
import { englishText } from '@shared/messages/index.js';
import { describe, expect, it } from 'vitest';
import type http from 'node:http';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { openCore } from './test/open-core.js';
import { json, keyHeadersOf, listen, type Heard, type Listener } from './test/listener.js';
import { bytesOf, filesUnder } from './test/data-files.js';

const KEY = 'sk-Echo-5e1f0a9b7c3d42e8-Tail';
const b64 = Buffer.from(KEY).toString('base64');
const hex = Buffer.from(KEY).toString('hex');
/** Every form the gateway quotes; searched for case-insensitively. */
const FORMS = [KEY, b64, b64.replace(/=+$/, ''), Buffer.from(KEY).toString('base64url'), hex];
const leaks = (text: string) => FORMS.filter((f) => text.toLowerCase().includes(f.toLowerCase()));
const MASKED = `…${KEY.slice(-4)}`;
const ECHO = `Upper ${KEY.toUpperCase()}, base64 ${b64}, hex ${hex}, and as is ${KEY}`;
const PNG = renderPromptImage({ prompt: 'a kite', width: 64, height: 64 });

const sse = (res: http.ServerResponse, events: unknown[]) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  res.end(events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join(''));
};
const chunk = (content: string, finish: string | null = null) =>
  ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] });
/** `text` as deltas of five characters: every echo is split, most of them several times. */
const pieces = (text: string) => text.match(/[\s\S]{1,5}/g)!.map((p) => chunk(p));

function hostile(elsewhere: Listener) {
  return listen((req: Heard, res, self) => {
    const path = req.path;
    if (path === '/v1/account/token-balance') return json(res, { code: 200, data: { token_balance: 9, token_used: 0, token_total: 9, currency: 'CNY' } });
    if (path === '/v1/account/balance') return json(res, { code: 200, data: { balance: 9, currency: 'CNY', total_charged: 9, total_used: 0, credit_balance: 0 } });
    if (path === '/v1/chat/completions') {
      const asked = (JSON.parse(req.body) as { messages: { content: string }[] }).messages.at(-1)!.content;
      if (asked === 'redirect') return void res.writeHead(307, { Location: `${elsewhere.url}/v1/chat/completions` }).end();
      if (asked === 'echo then fail') {
        return sse(res, [...pieces(`Here is what you sent. ${ECHO}. `), { error: { message: `Incorrect API key provided: ${KEY.toUpperCase()} (Basic ${b64})`, type: 'authentication_error' } }]);
      }
      // The reply ends on a split echo: the last piece held back must still go out, masked.
      return sse(res, [...pieces(`Done: ${ECHO.toLowerCase()}`), chunk('', 'stop'), '[DONE]']);
    }
    if (path.includes(':generateContent')) {
      return json(res, { candidates: [{ content: { role: 'model', parts: [{ text: `Your key is ${hex.toUpperCase()}` }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 } });
    }
    if (path === '/v1/images/generations') {
      const prompt = (JSON.parse(req.body) as { prompt: string }).prompt;
      return json(res, { code: 200, data: [{ status: 'submitted', task_id: prompt === 'fail' ? 't-fail' : 't-ok' }] });
    }
    if (path === '/v1/tasks/t-fail') {
      return json(res, { code: 200, data: { task_id: 't-fail', status: 'failed', progress: 0, created_at: '1', error: { message: `Quota of ${ECHO} used up` } } });
    }
    if (path === '/v1/tasks/t-ok') {
      // A result link on the gateway's own origin: it still gets no key.
      return json(res, { code: 200, data: { task_id: 't-ok', status: 'completed', progress: 100, created_at: '1', result: { images: [{ url: `${self.url}/files/t-ok.png`, width: 64, height: 64 }] } } });
    }
    if (path === '/files/t-ok.png') return void res.writeHead(302, { Location: `${elsewhere.url}/cdn/t-ok.png` }).end();
    json(res, { error: { message: 'not here' } }, 404);
  });
}

async function open() {
  const elsewhere = await listen((req, res) => {
    if (req.path.startsWith('/cdn/')) return void res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length }).end(PNG);
    sse(res, [chunk('stolen', 'stop'), '[DONE]']);
  });
  const gateway = await hostile(elsewhere);
  const logs: string[] = [];
  const c = await openCore({ log: (line) => logs.push(line) });
  const saved = await c.value('profiles.save', { name: 'Hostile', baseUrl: gateway.url, apiKey: KEY });
  await c.value('profiles.activate', { id: saved.id });
  const answers: unknown[] = [];
  const value = async (method: string, input: unknown = {}) => {
    const v = await c.value(method, input);
    answers.push(v);
    return v;
  };
  const ended = async (streamId: string) => {
    await c.until(async () => c.events.some((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === streamId));
    return c.events.find((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === streamId)!.payload;
  };
  const streamed = (streamId: string) => c.events
    .filter((e) => e.event === 'chat.onDidStream' && e.payload.streamId === streamId)
    .flatMap((e) => e.payload.deltas.map((d: { text: string }) => d.text)).join('');
  const close = async () => {
    await c.core.close();
    await gateway.close();
    await elsewhere.close();
  };
  return { ...c, gateway, elsewhere, logs, answers, value, ended, streamed, close };
}


describe('a gateway that quotes the key back', () => {
  it('never gets it shown, stored or exported: replies, stream errors, task errors, native text', async () => {
    const c = await open();
    const conv = await c.value('chat.create', { settings: {} });

    const failing = await c.value('chat.send', { conversationId: conv.id, text: 'echo then fail' });
    const failed = await c.ended(failing.streamId);
    expect(failed).toMatchObject({ outcome: 'error', message: { status: 'incomplete' } });
    expect(failed.message.error.message).toMatch(/rejected the API key/);
    expect(failed.message.error.message).toContain(`Incorrect API key provided: ${MASKED} (Basic ${MASKED})`);
    expect(failed.message.choices[0].text).toBe(`Here is what you sent. Upper ${MASKED}, base64 ${MASKED}, hex ${MASKED}, and as is ${MASKED}. `);

    const complete = await c.value('chat.send', { conversationId: conv.id, text: 'echo at the end' });
    const done = await c.ended(complete.streamId);
    expect(done).toMatchObject({ outcome: 'done', message: { status: 'complete' } });
    expect(done.message.choices[0].text).toBe(`Done: upper ${MASKED}, base64 ${MASKED}, hex ${MASKED}, and as is ${MASKED}`);
    // What the renderer assembled from the deltas is what was stored.
    expect(c.streamed(complete.streamId)).toBe(done.message.choices[0].text);
    expect(c.streamed(failing.streamId)).toBe(failed.message.choices[0].text);

    const task = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'fail', resolution: '1K' } });
    await c.until(async () => (await c.value('tasks.list')).find((t: { id: string }) => t.id === task.id)?.state === 'failed');
    const [listed] = (await c.value('tasks.list')).filter((t: { id: string }) => t.id === task.id);
    expect(englishText(listed.error)).toBe(`The gateway says: Quota of Upper ${MASKED}, base64 ${MASKED}, hex ${MASKED}, and as is ${MASKED} used up`);

    const native = await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'say it', textOnly: true });
    expect(native.text).toBe(`Your key is ${MASKED}`);

    const exported = await c.value('chat.exportMarkdown', { id: conv.id });
    expect(exported.markdown).toContain(`Incorrect API key provided: ${MASKED}`);
    await c.value('chat.get', { id: conv.id });
    await c.value('tasks.list');
    const dataDir = c.ports.dataDir;
    await c.close();

    const leaking = (items: unknown[]) => items.filter((i) => leaks(JSON.stringify(i)).length > 0);
    expect(leaking(c.answers), 'contract answers').toEqual([]);
    expect(leaking(c.events), 'events').toEqual([]);
    expect(leaking(c.logs), 'log lines').toEqual([]);
    const files = filesUnder(dataDir);
    expect(files.filter((f) => leaks(bytesOf(f)).length > 0).map((f) => relative(dataDir, f))).toEqual(['keys.json']);
    // The search did read the conversation and the studio database (the task list) as written.
    const written = files.map((f) => relative(dataDir, f));
    expect(written).toContain('studio.db');
    expect(written.some((f) => /^conversations[/\\][^/\\]+\.json$/.test(f) && readFileSync(join(dataDir, f), 'utf8').includes(`and as is ${MASKED}`))).toBe(true);
  });
});

describe('a gateway that redirects the studio elsewhere', () => {
  it('does not get a chat call followed to another origin: the reply says why', async () => {
    const c = await open();
    const conv = await c.value('chat.create', { settings: {} });
    const started = await c.value('chat.send', { conversationId: conv.id, text: 'redirect' });
    const end = await c.ended(started.streamId);
    expect(end).toMatchObject({ outcome: 'error', message: { status: 'failed', error: { code: 'bad_response' } } });
    expect(end.message.error.message).toContain(`another address (${c.elsewhere.url})`);
    expect(c.elsewhere.heard).toEqual([]);
    await c.close();
  });

  it('does not get the key with a result link, and never reaches where that link redirects on this computer', async () => {
    const c = await open();
    const task = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a kite', resolution: '1K' } });
    // The hop is another local service, not the gateway: the download stops there and says why
    // (docs/gateway-rules.md, "Result links"); a redirect to a public host is saved without the key
    // (gateway/key-redirect.test.ts).
    await c.until(async () => (await c.value('tasks.list')).find((t: { id: string }) => t.id === task.id)?.state === 'attention');
    expect((await c.value('library.list', {})).total).toBe(0);
    const link = c.gateway.heard.filter((h) => h.path === '/files/t-ok.png');
    expect(link.length).toBeGreaterThan(0);
    expect(c.elsewhere.heard.filter((h) => h.path === '/cdn/t-ok.png')).toEqual([]);
    expect(link.flatMap((h) => keyHeadersOf(h, KEY))).toEqual([]);
    // The listener does see keys: the gateway's own calls carried it.
    expect(keyHeadersOf(c.gateway.heard.find((h) => h.path === '/v1/tasks/t-ok')!, KEY)).toEqual(['authorization']);
    await c.close();
  });
});
