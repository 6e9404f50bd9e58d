/**
 * The browser shell's host events (`/api/events`, server-sent events), read from a fetch body and
 * parsed by eventsource-parser rather than by the browser's EventSource. Chromium's EventSource
 * parses in its own code and hands over everything that arrived while the page was busy in one
 * task: a 10 MB reply streamed while the page rendered came in tasks of 60–260 ms, and 10 MB of
 * events cost the page about 85 ms a megabyte, against 35–40 read this way
 * (docs/performance-findings.md, "Replies of any size"). Here the page gets a turn after every YIELD_BYTES (readText).
 *
 * As EventSource does, a dropped or ended connection is opened again after a pause, and a
 * refusal (the session is gone: 403) or an answer that is not an event stream ends it for good.
 * Unlike it, the page is told (`onStatus`): a host that stopped is said at once, not after the
 * next failed click (docs/robust-host.md, "A page that outlives its host"). Tries that keep
 * failing wait longer each time, up to MAX_RETRY_MS, and `retryNow` skips the wait. A host that
 * froze sends nothing, not even its heartbeat: a stream silent for longer than the `hello` event
 * says it may be (STALE_HEARTBEATS of them) counts as dropped.
 */
import { createParser } from 'eventsource-parser';
import { readText } from './read-json.js';

/** EventSource's own pause before it opens a dropped stream again (the spec leaves it to the browser; Chromium waits 3 s). */
export const RETRY_MS = 3_000;
/** The shortest pause, whatever the server asks with `retry:`: a stream that ends at once is not asked for again and again. */
export const MIN_RETRY_MS = 1_000;

/** The longest pause between tries that keep failing: a host started again is found within it. */
export const MAX_RETRY_MS = 30_000;
/** Heartbeats missed in a row before a silent stream counts as dropped. */
export const STALE_HEARTBEATS = 2.5;

/**
 * What the stream knows of its host: `open` (the host answers; `bootId` names its run, from its
 * `hello`), `lost` (dropped or not answering: trying again), `refused` (a 403 or an answer that is
 * not an event stream: given up).
 */
export type StreamStatus = { state: 'open'; bootId?: string } | { state: 'lost' } | { state: 'refused'; status: number };

export interface EventStreamOptions {
  url: string;
  fetch: typeof fetch;
  /** Each event's data, in order. */
  onData(data: string): void;
  /** Each change of what the stream knows of its host. */
  onStatus?(status: StreamStatus): void;
}

export interface EventStream {
  close(): void;
  /** Opens the stream again now, when it is waiting to try again. */
  retryNow(): void;
  /** Settles once the stream has stopped for good: closed, or refused. */
  done: Promise<void>;
}

/** The host's greeting on every connection (browser-shell/server.ts): which run it is, and how often it sends a heartbeat. */
function readHello(data: string): { bootId?: string; heartbeatMs?: number } {
  try {
    const hello = JSON.parse(data) as { bootId?: unknown; heartbeatMs?: unknown };
    return {
      bootId: typeof hello.bootId === 'string' ? hello.bootId : undefined,
      heartbeatMs: typeof hello.heartbeatMs === 'number' && hello.heartbeatMs > 0 ? hello.heartbeatMs : undefined,
    };
  } catch {
    return {};
  }
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const controller = new AbortController();
  // The server may set it with `retry:`.
  let retryMs = RETRY_MS;
  const pause = () => Math.max(MIN_RETRY_MS, retryMs);
  const deliver = (data: string) => {
    try {
      options.onData(data);
    } catch (err) {
      // One broken listener must not end the stream for the others.
      console.error(err);
    }
  };
  let last: StreamStatus['state'] | undefined;
  const report = (status: StreamStatus) => {
    if (status.state === 'lost' && last === 'lost') return;
    last = status.state;
    try {
      options.onStatus?.(status);
    } catch (err) {
      console.error(err);
    }
  };
  /** How long this connection may stay silent; unknown until the host's hello says how often it beats. */
  let staleMs: number | undefined;
  let onBytes = () => undefined as void;
  const parser = createParser({
    onEvent: (message) => {
      if (message.event !== 'hello') return deliver(message.data);
      const hello = readHello(message.data);
      staleMs = hello.heartbeatMs && hello.heartbeatMs * STALE_HEARTBEATS;
      onBytes();
      report({ state: 'open', bootId: hello.bootId });
    },
    onRetry: (ms) => (retryMs = ms),
  });

  /** One connection: `refused` when it must not be tried again, `opened` when it was an event stream, else `failed`. */
  async function connect(): Promise<'refused' | 'opened' | 'failed'> {
    let response: Response;
    try {
      response = await options.fetch(options.url, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'text/event-stream' }, signal: controller.signal });
    } catch {
      return 'failed';
    }
    if (!response.ok || !response.body || !/^text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) {
      void response.body?.cancel().catch(() => undefined);
      report({ state: 'refused', status: response.status });
      return 'refused';
    }
    parser.reset();
    staleMs = undefined;
    report({ state: 'open' });
    const reader = response.body.getReader();
    // Closed while a read waits: the read ends now, whatever the body is waiting on.
    const stop = () => void reader.cancel().catch(() => undefined);
    controller.signal.addEventListener('abort', stop);
    let silence: ReturnType<typeof setTimeout> | undefined;
    // One timer per connection, set again as bytes come: none while no hello named a heartbeat.
    onBytes = () => {
      clearTimeout(silence);
      if (staleMs) silence = setTimeout(stop, staleMs);
    };
    try {
      // What piled up while the page was busy is all readable at once: read a turn at a time.
      await readText(reader, (text) => {
        parser.feed(text);
        onBytes();
      });
    } catch {
      // Dropped: opened again below.
    } finally {
      clearTimeout(silence);
      onBytes = () => undefined;
      controller.signal.removeEventListener('abort', stop);
      stop();
    }
    return 'opened';
  }

  let wakeNow: (() => void) | undefined;
  const done = (async () => {
    let failures = 0;
    while (!controller.signal.aborted) {
      const outcome = await connect();
      if (outcome === 'refused' || controller.signal.aborted) return;
      report({ state: 'lost' });
      // A stream that opened and ended waits the usual pause; tries that fail in a row wait longer each time.
      failures = outcome === 'opened' ? 0 : failures + 1;
      const wait = Math.min(MAX_RETRY_MS, pause() * 2 ** Math.max(0, failures - 1));
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakeNow = undefined;
          controller.signal.removeEventListener('abort', wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(MIN_RETRY_MS, wait));
        wakeNow = wake;
        controller.signal.addEventListener('abort', wake);
      });
    }
  })();

  return {
    close: () => controller.abort(),
    retryNow: () => wakeNow?.(),
    done,
  };
}
