/**
 * The browser shell's event stream read from a fetch body (event-stream.ts), with real Response
 * objects whose bodies arrive in chunks as a network's would, and a fetch that counts its calls.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YIELD_BYTES } from './read-json.js';
import { MIN_RETRY_MS, openEventStream, RETRY_MS } from './event-stream.js';

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
