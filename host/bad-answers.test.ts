/**
 * Answers no honest gateway sends — a proxy's HTML page, a sign-in page under 200, a 402 in
 * plain text, envelopes missing their fields, an empty body, JSON cut short — on the balance,
 * chat, media submission and task query paths, through the real core. A real HTTP hop in front of
 * the sandbox sends them (test/gateway-hop.ts); everything else reaches the sandbox. Each ends in
 * an error a creator can read (never a crash, never the studio's "something went wrong"), or in
 * the value docs/gateway-rules.md says to tolerate ("What is tolerated from the gateway").
 */
import { englishText, type Text } from '@shared/messages/index.js';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorData } from '@shared/contract/result.js';
import { openChat } from './chat/test/chat-harness.js';
import { startHop, type Scripted } from './test/gateway-hop.js';

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
const BAD: [string, Scripted, RegExp?][] = [
  ['a proxy\'s HTML error page', { status: 502, headers: { 'Content-Type': 'text/html' }, body: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>' }, /web page \("502 Bad Gateway"\)/],
  ['a sign-in page answered 200', { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: '<html><head><title>Sign in to the Wi-Fi</title></head><body><form></form></body></html>' }, /web page \("Sign in to the Wi-Fi"\)/],
  ['a 402 that is not JSON', { status: 402, headers: { 'Content-Type': 'text/plain' }, body: 'Payment Required' }, /balance is too low.*top up/],
  ['an envelope without data', { status: 200, headers: JSON_TYPE, body: '{"code":200}' }],
  ['an envelope missing its fields', { status: 200, headers: JSON_TYPE, body: '{"code":200,"data":{"id":"x1"}}' }],
  ['an empty body', { status: 200, headers: JSON_TYPE, body: '' }],
  ['truncated JSON', { status: 200, headers: JSON_TYPE, body: '{"code":200,"data":{"task_id":"t-1","status":"compl' }],
];

/** A message a creator can act on: words, not a stack trace or a JavaScript value. */
function expectClear(error: ErrorData | undefined, says?: RegExp) {
  expect(error).toBeDefined();
  expect(ERROR_CODES).toContain(error!.code);
  expect(error!.code).not.toBe('internal');
  expect(error!.message).toMatch(/^[A-Z][^\n]{20,}$/);
  expect(error!.message).not.toMatch(/undefined|\[object|NaN|\n\s+at /);
  if (says) expect(error!.message).toMatch(says);
}

/** A core whose active profile reaches the sandbox through the hop. */
async function open() {
  const logs: string[] = [];
  const c = await openChat({ log: (l) => logs.push(l) });
  // Links lead through the hop: the profile's gateway is the only local origin links may be on.
  const hop = await startHop(c.sandboxUrl, { relink: true });
  const { id } = await c.value('profiles.save', { name: 'Behind a hop', baseUrl: hop.url, apiKey: 'sk-sandbox' });
  await c.value('profiles.activate', { id });
  const tasks = async () => (await c.value('tasks.list')) as { id: string; state: string; error?: Text; rawStatus?: string }[];
  const changes = (id: string) => c.events.filter((e) => e.event === 'tasks.onDidChange' && e.payload.id === id).map((e) => e.payload);
  return Object.assign(c, { hop, logs, tasks, changes, stop: () => hop.close() });
}

describe.each(BAD)('%s', (_name, bad, says) => {
  it('balance: a clear error, and the next read works', async () => {
    const c = await open();
    // Every attempt of both reads (the client retries GETs) gets the bad answer.
    c.hop.on('/v1/account/', bad, 8);
    const r = await c.call('account.balance', { refresh: true });
    expect(r.ok).toBe(false);
    expectClear(r.error, says);
    c.hop.clear();
    expect((await c.value('account.balance', { refresh: true })).cash.currency).toBe('CNY');
    expect(c.logs).toEqual([]);
    await c.stop();
  });

  it('chat: the reply fails with a clear error and exactly one end; the conversation goes on', async () => {
    const c = await open();
    const conv = await c.create();
    c.hop.on('/v1/chat/completions', bad);
    const { started, end } = await c.ask(conv.id, 'Hello there');
    expect(end).toMatchObject({ outcome: 'error', message: { status: 'failed' } });
    expectClear(end.message.error, says);
    expect(c.endsOf(started.streamId)).toHaveLength(1);
    expect((await c.ask(conv.id, 'Hello again')).end.message.status).toBe('complete');
    expect(c.logs).toEqual([]);
    await c.stop();
  });

  it('media submission: a job, a native image and speech each end in a clear error; nothing half-made is kept', async () => {
    const c = await open();
    c.hop.on('/v1/images/generations', bad);
    const job = await c.call('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a red kite', resolution: '1K' } });
    expectClear(job.error, says);
    // A 2xx the studio cannot read may hide a job the gateway took: it is kept as "fate unknown",
    // never dropped (a retry would pay twice) and never resubmitted; a refusal leaves nothing.
    const kept = await c.tasks();
    if (bad.status < 300) expect(kept).toEqual([expect.objectContaining({ state: 'unknown', error: expect.objectContaining({ message: expect.stringMatching(/not resubmitted/) }) })]);
    else expect(kept).toEqual([]);
    expect(c.hop.count('POST', '/v1/images/generations')).toBe(1);

    c.hop.on(':generateContent', bad);
    expectClear((await c.call('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a red kite' })).error, says);
    c.hop.on('/v1/audio/speech', bad);
    expectClear((await c.call('speech.synthesize', { model: 'tts-1', input: 'Hello there', voice: 'alloy' })).error, says);
    expect((await c.value('library.list', {})).total).toBe(0);

    // The host goes on: the same call answered properly succeeds.
    expect((await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a red kite', textOnly: true })).finishReason).toBe('STOP');
    expect(c.logs).toEqual([]);
    await c.stop();
  });

  it('task query: the job says checking failed and keeps polling, then finishes and is saved', async () => {
    const c = await open();
    c.hop.on('/v1/tasks/', bad, 2, 'GET');
    const job = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a blue kite', resolution: '1K' } });
    await c.until(async () => (await c.tasks()).find((t) => t.id === job.id)?.state === 'saved');
    const failedChecks = c.changes(job.id).filter((t) => englishText(t.error).startsWith('Checking failed:'));
    expect(failedChecks.length).toBeGreaterThan(0);
    for (const t of failedChecks) {
      expect(['queued', 'running']).toContain(t.state);
      expectClear({ code: 'bad_response', message: englishText(t.error), retryable: true }, says);
    }
    expect(c.hop.count('GET', '/v1/tasks/')).toBeGreaterThan(2);
    expect((await c.value('library.list', {})).total).toBe(1);
    expect(c.logs).toEqual([]);
    await c.stop();
  });
});

describe('a task state the spec does not list (spec §3: "whether this list is complete is not stated")', () => {
  const created = new Date().toISOString();
  it.each([
    ['generic', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a green kite', resolution: '1K' } }, '/v1/tasks/', (id: string) => ({ task_id: id, status: 'in_queue', progress: 5, created_at: created }), 'in_queue'],
    ['multipart', { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'a green kite', seconds: '3' } }, '/v1/videos/', (id: string) => ({ task_id: id, task_status: 'QUEUEING' }), 'QUEUEING'],
  ] as const)('%s route: read as still working, shown verbatim, no error; the job then completes', async (_route, submit, path, data, word) => {
    const c = await open();
    const idOf = (p: string) => decodeURIComponent(p.split('/').pop()!);
    c.hop.on(path, (seen) => ({ status: 200, headers: JSON_TYPE, body: JSON.stringify({ code: 200, data: data(idOf(seen.path)) }) }), 2, 'GET');
    const job = await c.value('tasks.submit', submit);
    await c.until(async () => (await c.tasks()).find((t) => t.id === job.id)?.state === 'saved', 40_000);
    const odd = c.changes(job.id).filter((t) => t.rawStatus === word);
    expect(odd.length).toBeGreaterThan(0);
    for (const t of odd) expect(t).toMatchObject({ state: 'running', error: undefined });
    expect(c.changes(job.id).some((t) => t.error)).toBe(false);
    await c.stop();
  });
});

describe('no answer at all to a job submission', () => {
  it.each([
    ['dropped after the gateway took it', 'drop-after'],
    ['dropped before it reached the gateway', 'drop'],
  ] as const)('%s: the job is kept as "fate unknown" and never sent again', async (_name, action) => {
    const c = await open();
    const prompt = `no answer, ${action}`;
    c.hop.on('/v1/images/generations', action);
    const r = await c.call('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
    expectClear(r.error, /Could not reach the gateway/);
    const [job] = await c.tasks();
    expect(job).toMatchObject({ state: 'unknown', error: { message: expect.stringMatching(/may still have received this job, so it was not resubmitted/) } });
    // Another job runs to its end meanwhile: a silent resubmission would have shown by then.
    const next = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'the next one', resolution: '1K' } });
    await c.until(async () => (await c.tasks()).find((t) => t.id === next.id)?.state === 'saved');
    // The hop is the studio's only way out: what it saw once, the gateway got at most once.
    expect(c.hop.seen.filter((s) => s.method === 'POST' && s.body.includes(prompt))).toHaveLength(1);
    expect((await c.tasks()).find((t) => t.id === job.id)?.state).toBe('unknown');
    await c.stop();
  });
});
