/**
 * Turns a gateway answer (client.ts `GatewayAnswer`, its body unread) into reply events, whatever its wire
 * form: SSE (parsed by eventsource-parser through gateway/sse.ts), a streamed JSON array, or one
 * whole JSON body. Events come in batches, those of one network read (never an empty batch): a
 * fast reply is tens of thousands of events, too many for a generator step each. A malformed
 * event is skipped and logged and the stream goes on: one bad line should not cost the creator
 * the rest of a long reply (the end checks still catch a broken end).
 */
import { msg } from '@shared/messages/index.js';
import { failureFromUnreadable, GatewayFailure } from '../gateway/failure.js';
import type { GatewayAnswer } from '../gateway/client.js';
import { sseData, textOf } from '../gateway/sse.js';
import { readText } from '../gateway/transport.js';
import { chatEvents } from './chat-chunks.js';
import { JsonObjectSplitter } from './json-array-stream.js';
import { nativeEvents } from './native-chunks.js';
import type { ReplyEvent } from './reply-events.js';

export type TextApi = 'chat' | 'responses' | 'native';

export interface ReplyEnd {
  /**
   * The answer reached its proper end: `[DONE]` (chat, responses), a clean close (native SSE,
   * which has no terminator), the array's closing `]`, or a whole JSON body.
   */
  terminated: boolean;
  /** A whole (non-streamed) body: no per-choice finish reason is needed to call it complete. */
  whole: boolean;
}

export interface ReadOptions {
  streamed: boolean;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

const dropped = () => new GatewayFailure('unreachable', msg('gateway.network.streamDropped'), true);
const cancelled = () => new GatewayFailure('aborted', msg('gateway.network.cancelled'), false);

function parse(text: string, api: TextApi, log: (line: string) => void): ReplyEvent[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The text itself may hold the creator's words: only its size goes to the log.
    log(`chat: skipped a malformed ${api} stream event (${text.length} characters)`);
    return [];
  }
  return api === 'native' ? nativeEvents(value) : chatEvents(value);
}

function parseAll(texts: readonly string[], api: TextApi, log: (line: string) => void): ReplyEvent[] {
  const events: ReplyEvent[] = [];
  for (const text of texts) events.push(...parse(text, api, log));
  return events;
}

async function* wholeBody(res: GatewayAnswer, api: TextApi, signal?: AbortSignal): AsyncGenerator<ReplyEvent[], ReplyEnd> {
  let text: string;
  try {
    text = await readText(res.body);
  } catch (err) {
    throw signal?.aborted ? cancelled() : err instanceof GatewayFailure ? err : dropped();
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw failureFromUnreadable(res.status, text, res.header('content-type') ?? '');
  }
  const events = api === 'native' ? nativeEvents(value) : chatEvents(value);
  if (events.length) yield events;
  return { terminated: true, whole: true };
}

async function* jsonArray(res: GatewayAnswer, log: (line: string) => void, signal?: AbortSignal): AsyncGenerator<ReplyEvent[], ReplyEnd> {
  const splitter = new JsonObjectSplitter();
  const reader = textOf(res.body);
  let finished = false;
  try {
    for (;;) {
      let chunk: IteratorResult<string>;
      try {
        chunk = await reader.next();
      } catch (err) {
        throw signal?.aborted ? cancelled() : err instanceof GatewayFailure ? err : dropped();
      }
      if (chunk.done) break;
      const events = parseAll(splitter.push(chunk.value), 'native', log);
      if (events.length) yield events;
      if (splitter.closed) break;
    }
    finished = true;
    // An array needs its `]`; bare objects one after another end wherever the last one closed.
    return { terminated: splitter.closed || splitter.atRest, whole: false };
  } finally {
    if (!finished) res.body.destroy();
  }
}

async function* sse(res: GatewayAnswer, api: TextApi, log: (line: string) => void, signal?: AbortSignal): AsyncGenerator<ReplyEvent[], ReplyEnd> {
  const events = sseData(res, signal);
  try {
    for (;;) {
      const next = await events.next();
      // Native SSE has no terminator (docs/gateway-rules.md, "Native streams"): a clean close is
      // its end.
      if (next.done) return { terminated: next.value.terminated || api === 'native', whole: false };
      const batch = parseAll(next.value, api, log);
      if (batch.length) yield batch;
    }
  } finally {
    // Leaving early (an error event, Stop) closes the body too.
    await events.return({ terminated: false });
  }
}

export function readReply(res: GatewayAnswer, api: TextApi, opts: ReadOptions): AsyncGenerator<ReplyEvent[], ReplyEnd> {
  const log = opts.log ?? (() => undefined);
  const type = res.header('content-type') ?? '';
  if (!opts.streamed) return wholeBody(res, api, opts.signal);
  if (/event-stream/i.test(type)) return sse(res, api, log, opts.signal);
  // A web page (a proxy's error, a sign-in page) is no stream: read whole, it is named as such.
  if (/html/i.test(type)) return wholeBody(res, api, opts.signal);
  if (api === 'native') return jsonArray(res, log, opts.signal);
  // Asked to stream, the gateway answered whole (a JSON body): accept that too.
  if (/json/i.test(type)) return wholeBody(res, api, opts.signal);
  return sse(res, api, log, opts.signal);
}
