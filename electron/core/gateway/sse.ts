/**
 * Server-sent events from a gateway stream, parsed by eventsource-parser (never by hand).
 * Yields the data of the events each network read completed, together; a `[DONE]` data line
 * ends the stream (DESIGN §4). Together, not one by one: a fast model's reply is tens of
 * thousands of small events, and a generator step per event cost the host about as much CPU as
 * parsing them (bench/stream.ts).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { GatewayFailure } from './failure.js';

export interface SseEnd {
  /** True when the stream ended with its terminator (`[DONE]`), false when it just stopped. */
  terminated: boolean;
}

export async function* sseData(res: Response, signal?: AbortSignal): AsyncGenerator<string[], SseEnd> {
  if (!res.body) return { terminated: false };
  let batch: string[] = [];
  let done = false;
  const parser = createParser({
    onEvent(e: EventSourceMessage) {
      if (e.data === '[DONE]') done = true;
      else batch.push(e.data);
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      if (signal?.aborted) throw new GatewayFailure('aborted', 'Cancelled.', false);
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        if (signal?.aborted) throw new GatewayFailure('aborted', 'Cancelled.', false);
        throw new GatewayFailure('unreachable', 'The connection dropped while the reply was streaming.', true);
      }
      if (chunk.done) break;
      parser.feed(chunk.value);
      if (batch.length) {
        const events = batch;
        batch = [];
        yield events;
      }
      if (done) return { terminated: true };
    }
    return { terminated: done };
  } finally {
    // Stop the download when the consumer leaves early (Stop pressed, or an error).
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
