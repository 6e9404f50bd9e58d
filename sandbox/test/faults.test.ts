import { describe, expect, it } from 'vitest';
import { admin, call, data, pollUntilDone, readSse, useSandbox } from './harness.js';

const sandbox = useSandbox();
const url = () => sandbox().url;
const balance = () => call(url(), '/v1/account/balance');
const stream = (tokens = 50) => call(url(), '/v1/chat/completions', { body: { model: 'modela-5', stream: true, messages: [{ role: 'user', content: `[tokens:${tokens}]` }] } });

describe('fault routes under /_sandbox/', () => {
  it('lists themselves', async () => {
    const help = await (await fetch(`${url()}/_sandbox/`)).json();
    expect(Object.keys(help.routes)).toContain('POST /_sandbox/faults/fail');
  });

  it('fail the next N calls with a status and the standard error body', async () => {
    await admin(url(), 'faults/fail', { status: 503, count: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await balance();
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatchObject({ code: 503, type: 'server_error' });
    }
    expect((await balance()).status).toBe(200);
  });

  it('send Retry-After with a 429', async () => {
    await admin(url(), 'faults/fail', { status: 429, retry_after: 7 });
    const res = await balance();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect((await res.json()).error.type).toBe('rate_limit_exceeded');
  });

  it('fail in the other forms a client must tolerate: envelope, plain text, a proxy page', async () => {
    await admin(url(), 'faults/fail', { status: 502, format: 'envelope' });
    const env = await balance();
    expect(env.status).toBe(200);
    expect(await env.json()).toMatchObject({ code: 502, data: null });
    await admin(url(), 'faults/fail', { status: 500, format: 'text', message: 'upstream broke' });
    const text = await balance();
    expect([text.status, await text.text()]).toEqual([500, 'upstream broke']);
    await admin(url(), 'faults/fail', { status: 504, format: 'html' });
    const html = await balance();
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toMatch(/<html>/);
  });

  it('fail only the calls whose path matches', async () => {
    await admin(url(), 'faults/fail', { status: 500, match: '/v1/tasks/' });
    expect((await balance()).status).toBe(200);
    expect((await call(url(), '/v1/tasks/anything')).status).toBe(500);
  });

  it('add latency', async () => {
    await admin(url(), 'faults/latency', { ms: 300, count: 1 });
    const start = Date.now();
    await balance();
    expect(Date.now() - start).toBeGreaterThanOrEqual(290);
  });

  it('hold the next matching call until released, letting the ones after it through', async () => {
    await admin(url(), 'faults/hold', { match: '/v1/account/balance' });
    let answered = false;
    const held = balance().then((res) => {
      answered = true;
      return res;
    });
    await expect.poll(async () => (await (await fetch(`${url()}/_sandbox/faults/held`)).json()).held).toBe(1);
    // The next call is not held (count 1), and goes past the one held.
    expect((await balance()).status).toBe(200);
    expect(answered).toBe(false);
    const released = await fetch(`${url()}/_sandbox/faults/release`, { method: 'POST', body: '{}' });
    expect(await released.json()).toMatchObject({ released: 1 });
    expect((await held).status).toBe(200);
  });

  it('cut a stream midway: the client gets the first chunks, then the connection drops', async () => {
    await admin(url(), 'faults/stream', { mode: 'cut', after_chunks: 4 });
    const res = await stream();
    await expect(readSse(res)).rejects.toThrow();
    await admin(url(), 'faults/stream', { mode: 'cut', after_chunks: 4 });
    const reader = (await stream()).body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    await expect((async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += value;
      }
    })()).rejects.toThrow();
    expect(text.match(/^data: /gm)).toHaveLength(4);
  });

  it('end a stream without its [DONE] terminator', async () => {
    await admin(url(), 'faults/stream', { mode: 'no-terminator', after_chunks: 6 });
    const { events, done } = await readSse(await stream());
    expect(events).toHaveLength(6);
    expect(done).toBe(false);
  });

  it('stall a stream: chunks stop arriving but the connection stays open', async () => {
    await admin(url(), 'faults/stream', { mode: 'stall', after_chunks: 3 });
    const abort = new AbortController();
    const res = await fetch(`${url()}/v1/chat/completions`, {
      method: 'POST', signal: abort.signal,
      headers: { Authorization: 'Bearer sk-sandbox', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'modela-5', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });
    const reader = res.body!.getReader();
    let text = '';
    // The quiet spell is timed from the third chunk, however late a busy machine delivers it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
        if (!timer && (text.match(/^data: .*\n\n/gm) ?? []).length >= 3) timer = setTimeout(() => abort.abort(), 500);
      }
    } catch {
      // aborted by us after the stall
    }
    clearTimeout(timer);
    expect(abort.signal.aborted).toBe(true);
    expect(text.match(/^data: /gm)).toHaveLength(3);
  });

  it('cut a download midway; a Range request resumes it to the exact bytes', async () => {
    const [{ task_id }] = await data(url(), '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'resume me', resolution: '2K' } });
    const link = (await pollUntilDone(url(), `/v1/tasks/${task_id}`)).final.result.images[0].url as string;
    const whole = Buffer.from(await (await fetch(link)).arrayBuffer());
    await admin(url(), 'faults/download', { after_bytes: 20_000 });
    const got: Buffer[] = [];
    const reader = (await fetch(link)).body!.getReader();
    await expect((async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        got.push(Buffer.from(value));
      }
    })()).rejects.toThrow();
    const partial = Buffer.concat(got);
    expect(partial.length).toBeLessThan(whole.length);
    const rest = await fetch(link, { headers: { Range: `bytes=${partial.length}-` } });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([partial, Buffer.from(await rest.arrayBuffer())]).equals(whole)).toBe(true);
  });

  it('reset clears pending faults', async () => {
    await admin(url(), 'faults/fail', { status: 500, count: 5 });
    await admin(url(), 'faults/reset');
    expect((await balance()).status).toBe(200);
  });

  it('refuse malformed admin bodies', async () => {
    const res = await fetch(`${url()}/_sandbox/faults/fail`, { method: 'POST', body: JSON.stringify({ status: 99 }), headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
  });
});
