/**
 * The browser shell's host events (`/api/events`, server-sent events), read from a fetch body and
 * parsed by eventsource-parser rather than by the browser's EventSource. Chromium's EventSource
 * parses in its own code and hands over everything that arrived while the page was busy in one
 * task: a 10 MB reply streamed while the page rendered came in tasks of 60–260 ms, and 10 MB of
 * events cost the page about 85 ms a megabyte, against 35–40 read this way
 * (docs/performance.md, "Replies of any size"). Here the page gets a turn after every YIELD_BYTES (readText).
 *
 * As EventSource does, a dropped or ended connection is opened again after a pause, and a
 * refusal (the session is gone: 403) or an answer that is not an event stream ends it for good.
 */
import { createParser } from 'eventsource-parser';
import { readText } from './read-json.js';

/** EventSource's own pause before it opens a dropped stream again (the spec leaves it to the browser; Chromium waits 3 s). */
export const RETRY_MS = 3_000;
/** The shortest pause, whatever the server asks with `retry:`: a stream that ends at once is not asked for again and again. */
export const MIN_RETRY_MS = 1_000;

export interface EventStreamOptions {
  url: string;
  fetch: typeof fetch;
  /** Each event's data, in order. */
  onData(data: string): void;
}

export interface EventStream {
  close(): void;
  /** Settles once the stream has stopped for good: closed, or refused. */
  done: Promise<void>;
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
  const parser = createParser({ onEvent: (message) => deliver(message.data), onRetry: (ms) => (retryMs = ms) });

  /** One connection: false when it was refused and must not be tried again. */
  async function connect(): Promise<boolean> {
    let response: Response;
    try {
      response = await options.fetch(options.url, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'text/event-stream' }, signal: controller.signal });
    } catch {
      return true;
    }
    if (!response.ok || !response.body || !/^text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) {
      void response.body?.cancel().catch(() => undefined);
      return false;
    }
    parser.reset();
    const reader = response.body.getReader();
    // Closed while a read waits: the read ends now, whatever the body is waiting on.
    const stop = () => void reader.cancel().catch(() => undefined);
    controller.signal.addEventListener('abort', stop);
    try {
      // What piled up while the page was busy is all readable at once: read a turn at a time.
      await readText(reader, (text) => parser.feed(text));
    } catch {
      // Dropped: opened again below.
    } finally {
      controller.signal.removeEventListener('abort', stop);
      stop();
    }
    return true;
  }

  const done = (async () => {
    while (!controller.signal.aborted) {
      if (!(await connect())) return;
      if (controller.signal.aborted) return;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          controller.signal.removeEventListener('abort', wake);
          resolve();
        };
        const timer = setTimeout(wake, pause());
        controller.signal.addEventListener('abort', wake);
      });
    }
  })();

  return {
    close: () => controller.abort(),
    done,
  };
}
