/**
 * Turns a gateway answer (client.ts `GatewayAnswer`, its body unread) into reply events, whatever its wire
 * form: SSE (parsed by eventsource-parser through gateway/sse.ts), a streamed JSON array, or one
 * whole JSON body. Events come in batches, those of one network read (never an empty batch): a
 * fast reply is tens of thousands of events, too many for a generator step each. A malformed
 * event is skipped, logged and counted, and the stream goes on: one bad line should not cost the
 * creator the rest of a long reply, and the count lets the reply say that part of it could not be
 * read (reply-stream.ts). The end checks still catch a broken end.
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
  /** Events skipped because they were not JSON: the text the reply holds has gaps. */
  unreadable?: number;
}

export interface ReadOptions {
  streamed: boolean;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

const dropped = () => new GatewayFailure('unreachable', msg('gateway.network.streamDropped'), true);
const cancelled = () => new GatewayFailure('aborted', msg('gateway.network.cancelled'), false);

/**
 * Parses the events of one answer, counting those that cannot be read, and watching whether every
 * choice the stream began has its finish reason.
 */
class EventReader {
  unreadable = 0;
  private readonly begun = new Set<number>();
  private readonly finished = new Set<number>();
  private readonly retryAfter: string | null;

  constructor(private readonly api: TextApi, private readonly log: (line: string) => void, res: GatewayAnswer) {
    // An error the answer holds, even under HTTP 200, comes with the answer's Retry-After
    // (docs/gateway-rules.md, "Retries").
    this.retryAfter = res.header('retry-after');
  }

  parse(texts: readonly string[]): ReplyEvent[] {
    const events: ReplyEvent[] = [];
    for (const text of texts) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        this.unreadable += 1;
        // The text itself may hold the creator's words: only its size goes to the log.
        this.log(`chat: skipped a malformed ${this.api} stream event (${text.length} characters)`);
        continue;
      }
      for (const e of this.api === 'native' ? nativeEvents(value, this.retryAfter) : chatEvents(value, this.retryAfter)) {
        events.push(e);
        if (e.type === 'finish') this.finished.add(e.choice);
        else if (e.type === 'delta' || e.type === 'toolCall') this.begun.add(e.choice);
      }
    }
    return events;
  }

  /**
   * Every choice the stream began has its finish reason: the gateway said the reply is finished
   * even when no `[DONE]` follows (docs/gateway-rules.md, "Chat and responses streams").
   */
  get allFinished(): boolean {
    return this.finished.size > 0 && [...this.begun].every((c) => this.finished.has(c));
  }
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
  const retryAfter = res.header('retry-after');
  const events = api === 'native' ? nativeEvents(value, retryAfter) : chatEvents(value, retryAfter);
  if (events.length) yield events;
  return { terminated: true, whole: true };
}

async function* jsonArray(res: GatewayAnswer, log: (line: string) => void, signal?: AbortSignal): AsyncGenerator<ReplyEvent[], ReplyEnd> {
  const splitter = new JsonObjectSplitter();
  const reader = new EventReader('native', log, res);
  const body = textOf(res.body);
  let finished = false;
  try {
    for (;;) {
      let chunk: IteratorResult<string>;
      try {
        chunk = await body.next();
      } catch (err) {
        throw signal?.aborted ? cancelled() : err instanceof GatewayFailure ? err : dropped();
      }
      if (chunk.done) break;
      const events = reader.parse(splitter.push(chunk.value));
      if (events.length) yield events;
      if (splitter.closed) break;
    }
    finished = true;
    // An array needs its `]`; bare objects one after another end wherever the last one closed.
    return { terminated: splitter.closed || splitter.atRest, whole: false, unreadable: reader.unreadable };
  } finally {
    if (!finished) res.body.destroy();
  }
}

async function* sse(res: GatewayAnswer, api: TextApi, log: (line: string) => void, signal?: AbortSignal): AsyncGenerator<ReplyEvent[], ReplyEnd> {
  const events = sseData(res, signal);
  const reader = new EventReader(api, log, res);
  try {
    for (;;) {
      const next = await events.next();
      // Native SSE has no terminator (docs/gateway-rules.md, "Native streams"): a clean close is
      // its end. A chat stream whose every choice said why it finished has ended too.
      if (next.done) return { terminated: next.value.terminated || api === 'native' || reader.allFinished, whole: false, unreadable: reader.unreadable };
      const batch = reader.parse(next.value);
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
