/**
 * The browser shell's event stream read from a fetch body (event-stream.ts), with real Response
 * objects whose bodies arrive in chunks as a network's would, and a fetch that counts its calls.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YIELD_BYTES } from './read-json.js';
import { MAX_RETRY_MS, MIN_RETRY_MS, openEventStream, RETRY_MS, STALE_HEARTBEATS } from './event-stream.js';

afterEach(() => vi.useRealTimers());

/** The pauses between connections on a fake clock; reads of the bodies still run as they come. */
const fakePauses = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
/** Lets every read and event that can go on without the clock go on. */
const settle = () => vi.advanceTimersByTimeAsync(0);

const bytes = (s: string) => new TextEncoder().encode(s);

/** A body that gives these chunks, one per read, then stays open (a live stream), ends, or fails as a dropped connection does. */
function body(chunks: Uint8Array[], end: 'hold' | 'close' | 'drop' = 'hold'): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else if (end === 'drop') controller.error(new TypeError('network error'));
      else if (end === 'close') controller.close();
      else return new Promise<void>(() => undefined);
    },
  });
}

const stream = (b: ReadableStream<Uint8Array>, status = 200) => new Response(b, { status, headers: { 'Content-Type': 'text/event-stream' } });
const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** A fetch answering each call with the next of `answers` (the last one again once they run out), counting calls. */
function fetchOf(answers: (() => Response | Promise<Response>)[]) {
  const calls: string[] = [];
  const fetcher = ((url: string) => {
    calls.push(url);
    return Promise.resolve(answers[Math.min(calls.length - 1, answers.length - 1)]());
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

describe('the event stream, read from a fetch body', () => {
  it('gives every event whole, however its bytes were cut, multi-byte characters and all', async () => {
    const text = event({ event: 'chat.onDidStream', payload: { text: 'Grüße, 日本, 😀' } }) + event({ event: 'x', payload: 2 });
    // One byte a chunk: every character and every line is cut somewhere.
    const { fetcher } = fetchOf([() => stream(body([...bytes(text)].map((b) => Uint8Array.of(b))))]);
    const got: unknown[] = [];
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: (d) => got.push(JSON.parse(d)) });
    await expect.poll(() => got.length).toBe(2);
    events.close();
    expect(got).toEqual([{ event: 'chat.onDidStream', payload: { text: 'Grüße, 日本, 😀' } }, { event: 'x', payload: 2 }]);
  });

  it('lets the page run between the events of a burst of megabytes, so it is never one long task', async () => {
    // Four YIELD_BYTES of events that came while the page was busy: all readable at once.
    const one = event({ event: 'chat.onDidStream', payload: { text: 'x'.repeat(60_000) } });
    const burst = bytes(one.repeat(Math.ceil((4 * YIELD_BYTES) / one.length)));
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < burst.length; at += 64 * 1024) chunks.push(burst.subarray(at, at + 64 * 1024));
    const { fetcher } = fetchOf([() => stream(body(chunks))]);
    const order: string[] = [];
    const total = Math.ceil((4 * YIELD_BYTES) / one.length);
    let seen = 0;
    const all = new Promise<void>((resolve) => {
      const events = openEventStream({
        url: '/api/events', fetch: fetcher,
        onData: () => {
          if (++seen === total) {
            order.push('last event');
            events.close();
            resolve();
          }
        },
      });
    });
    // Work the page has queued meanwhile (a frame, a click): a task, not a microtask.
    setTimeout(() => order.push('other task'), 0);
    await all;
    expect(order).toEqual(['other task', 'last event']);
  });

  it('opens the stream again after a dropped connection or an ended one, after EventSource\'s pause, and the events go on', async () => {
    fakePauses();
    const { calls, fetcher } = fetchOf([
      () => stream(body([bytes(event({ n: 1 }))], 'drop')),
      () => stream(body([bytes(event({ n: 2 }))], 'close')),
      () => stream(body([bytes(event({ n: 3 }))])),
    ]);
    const got: number[] = [];
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: (d) => got.push(JSON.parse(d).n) });
    await settle();
    expect(got).toEqual([1]);
    await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(got).toEqual([1, 2, 3]);
    events.close();
    await events.done;
    expect(calls.length).toBe(3);
  });

  it('opens again after the host did not answer at all', async () => {
    fakePauses();
    let tries = 0;
    const fetcher = (() => (++tries === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(stream(body([bytes(event({ n: 1 }))]))))) as unknown as typeof fetch;
    const got: number[] = [];
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: (d) => got.push(JSON.parse(d).n) });
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(got).toEqual([1]);
    events.close();
  });

  it('a stream that asks for no pause (retry: 0) and ends at once is still asked for again only every MIN_RETRY_MS', async () => {
    fakePauses();
    const { calls, fetcher } = fetchOf([() => stream(body([bytes('retry: 0\n\n' + event({ n: 1 }))], 'close'))]);
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: () => undefined });
    await settle();
    await vi.advanceTimersByTimeAsync(MIN_RETRY_MS - 1);
    expect(calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.length).toBe(2);
    // Ten seconds of it: ten more, not thousands.
    await vi.advanceTimersByTimeAsync(10 * MIN_RETRY_MS);
    expect(calls.length).toBe(12);
    events.close();
  });

  it('gives up on a refusal (signed out: 403) or an answer that is not an event stream, rather than asking again and again', async () => {
    for (const refusal of [
      () => new Response('Signed out', { status: 403 }),
      () => new Response('<html>not here</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    ]) {
      const { calls, fetcher } = fetchOf([refusal]);
      const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: () => undefined });
      await events.done;
      expect(calls.length).toBe(1);
    }
  });

  it('stops for good when closed: the body is released and nothing opens it again', async () => {
    let cancelled = false;
    const open = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes(event({ n: 1 })));
      },
      cancel() {
        cancelled = true;
      },
    });
    const { calls, fetcher } = fetchOf([() => stream(open)]);
    const got: number[] = [];
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: (d) => got.push(JSON.parse(d).n) });
    await expect.poll(() => got).toEqual([1]);
    events.close();
    await events.done;
    expect(cancelled).toBe(true);
    expect(calls.length).toBe(1);
  });

  it('a listener that throws does not stop the stream', async () => {
    const { fetcher } = fetchOf([() => stream(body([bytes(event({ n: 1 }) + event({ n: 2 }))]))]);
    const got: number[] = [];
    const events = openEventStream({
      url: '/api/events', fetch: fetcher,
      onData: (d) => {
        const n = JSON.parse(d).n;
        got.push(n);
        if (n === 1) throw new Error('a broken listener');
      },
    });
    await expect.poll(() => got).toEqual([1, 2]);
    events.close();
  });
});

describe('what the stream tells the page of its host', () => {
  const hello = (bootId: string, heartbeatMs: number) => `event: hello\ndata: ${JSON.stringify({ bootId, heartbeatMs })}\n\n`;
  const refusedFetch = () => Promise.reject(new TypeError('Failed to fetch'));

  it('says "lost" once when the host stops answering, tries again less and less often, and "open" with the host\'s run once it answers', async () => {
    fakePauses();
    let up = true;
    let tries = 0;
    const fetcher = (() => {
      tries++;
      return up ? Promise.resolve(stream(body([bytes(hello('run-1', 25_000))], tries === 1 ? 'drop' : 'hold'))) : refusedFetch();
    }) as unknown as typeof fetch;
    const said: unknown[] = [];
    up = true;
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: () => undefined, onStatus: (s) => said.push(s) });
    await settle();
    up = false;
    // The first connection dropped: said at once, not at the next try.
    expect(said).toEqual([{ state: 'open' }, { state: 'open', bootId: 'run-1' }, { state: 'lost' }]);
    // Tries that fail in a row: 3 s, 6 s, 12 s, 24 s, then 30 s at most.
    const waits = [RETRY_MS, RETRY_MS, 2 * RETRY_MS, 4 * RETRY_MS, 8 * RETRY_MS, MAX_RETRY_MS, MAX_RETRY_MS];
    for (const [i, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(tries, `try ${i + 2} not before ${wait} ms`).toBe(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(tries).toBe(i + 2);
    }
    expect(said.filter((s) => (s as { state: string }).state === 'lost')).toHaveLength(1);
    up = true;
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    expect(said.at(-1)).toEqual({ state: 'open', bootId: 'run-1' });
    events.close();
  });

  it('"Try now" opens the stream at once instead of after the pause', async () => {
    fakePauses();
    let tries = 0;
    const fetcher = (() => (++tries < 4 ? refusedFetch() : Promise.resolve(stream(body([bytes(hello('run-2', 25_000))]))))) as unknown as typeof fetch;
    const said: { state: string }[] = [];
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: () => undefined, onStatus: (s) => said.push(s) });
    await vi.advanceTimersByTimeAsync(RETRY_MS + 2 * RETRY_MS);
    expect(tries).toBe(3);
    events.retryNow();
    await settle();
    expect(tries).toBe(4);
    expect(said.at(-1)).toEqual({ state: 'open', bootId: 'run-2' });
    events.close();
  });

  it('a host that froze (no heartbeat for 2.5 of them) counts as lost, and the stream is opened again; heartbeats keep a quiet stream open', async () => {
    fakePauses();
    const heartbeat = 1_000;
    let tries = 0;
    let beats: ReadableStreamDefaultController<Uint8Array> | undefined;
    const fetcher = (() => {
      tries++;
      return Promise.resolve(stream(new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes(hello('run-3', heartbeat)));
          if (tries === 1) beats = controller;
        },
      })));
    }) as unknown as typeof fetch;
    const said: { state: string }[] = [];
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: () => undefined, onStatus: (s) => said.push(s) });
    await settle();
    // Beating: a minute of quiet with a heartbeat a second is not lost.
    for (let i = 0; i < 60; i++) {
      beats!.enqueue(bytes(': heartbeat\n\n'));
      await vi.advanceTimersByTimeAsync(heartbeat);
    }
    expect(said.map((s) => s.state)).not.toContain('lost');
    // Frozen: no heartbeat since the last one, a beat ago. Lost 2.5 beats after it, then tried again.
    await vi.advanceTimersByTimeAsync(STALE_HEARTBEATS * heartbeat - heartbeat - 1);
    expect(said.map((s) => s.state)).not.toContain('lost');
    await vi.advanceTimersByTimeAsync(1);
    expect(said.at(-1)).toEqual({ state: 'lost' });
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(tries).toBe(2);
    expect(said.at(-1)).toEqual({ state: 'open', bootId: 'run-3' });
    events.close();
  });

  it('a refusal is told with its status, so the page can say how to sign in again', async () => {
    const { fetcher } = fetchOf([() => new Response('Signed out', { status: 403 })]);
    const said: unknown[] = [];
    const events = openEventStream({ url: '/api/events', fetch: fetcher, onData: () => undefined, onStatus: (s) => said.push(s) });
    await events.done;
    expect(said).toEqual([{ state: 'refused', status: 403 }]);
  });
});
