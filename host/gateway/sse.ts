/**
 * Server-sent events from a gateway stream, parsed by eventsource-parser (never by hand).
 * Yields the data of the events each network read completed, together; a `[DONE]` data line
 * ends the stream (docs/gateway-rules.md, "Chat and responses streams"). Together, not one by one:
 * a fast model's reply is tens of thousands of small events, and a generator step per event cost
 * the host about as much CPU as parsing them (bench/stream.ts).
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { msg } from '@shared/messages/index.js';
import { GatewayFailure } from './failure.js';
import { LIMITS, tooLarge } from './limits.js';

export interface SseEnd {
  /** True when the stream ended with its terminator (`[DONE]`), false when it just stopped. */
  terminated: boolean;
}

export async function* sseData(res: { body: Readable }, signal?: AbortSignal, maxEventChars: number = LIMITS.eventBytes): AsyncGenerator<string[], SseEnd> {
  let batch: string[] = [];
  let done = false;
  /** Text fed since the last event ended: the parser holds it until its line ends. */
  let open = 0;
  let endsInCr = false;
  const parser = createParser({
    onEvent(e: EventSourceMessage) {
      open = 0;
      if (e.data === '[DONE]') done = true;
      else batch.push(e.data);
    },
  });
  const reader = textOf(res.body);
  try {
    for (;;) {
      if (signal?.aborted) throw new GatewayFailure('aborted', msg('gateway.network.cancelled'), false);
      let chunk: IteratorResult<string>;
      try {
        chunk = await reader.next();
      } catch (err) {
        if (signal?.aborted) throw new GatewayFailure('aborted', msg('gateway.network.cancelled'), false);
        if (err instanceof GatewayFailure) throw err; // the whole reply was over its limit
        throw new GatewayFailure('unreachable', msg('gateway.network.streamDropped'), true);
      }
      if (chunk.done) {
        // SSE lines may end in a lone CR; the parser holds a CR that ends its input for the LF of
        // a CRLF that may follow in the next read. The end of the body says none will: that CR
        // ends its line (and, after an empty line, the last event). An LF completes it as one line
        // end; fed otherwise, it could end an event the gateway never finished.
        if (endsInCr) parser.feed('\n');
        if (batch.length) {
          const events = batch;
          batch = [];
          yield events;
        }
        break;
      }
      endsInCr = chunk.value.endsWith('\r');
      // One endless line would grow the parser's buffer without bound: what is counted is the text
      // since the last whole event, so a large read of many small events is not taken for one.
      open += chunk.value.length;
      parser.feed(chunk.value);
      if (open > maxEventChars) throw tooLarge(maxEventChars, 'streamEvent');
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
    if (!done) res.body.destroy();
  }
}

/** A body's text, chunk by chunk, UTF-8 decoded across chunk borders (a character split in two stays whole). */
export async function* textOf(body: Readable): AsyncGenerator<string, void> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of body) {
    const text = decoder.write(chunk as Buffer);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}
