/**
 * Reads what chat completions (spec 4.3) and the responses API (4.4) send, in every form
 * docs/gateway-rules.md asks the client to accept ("Chat and responses streams"):
 * `chat.completion.chunk` deltas (bare or enveloped), a whole answer (`choices[].message`), the
 * responses API's `response.output_text.delta` / `response.completed` events, and an error object
 * inside the stream. Anything else is ignored, not fatal.
 */
import { msg } from '@shared/messages/index.js';
import { isObject, streamFailure, unwrap, usageOf, type ReplyEvent } from './reply-events.js';
import { GatewayFailure } from '../gateway/failure.js';
import { chatToolPieces, functionCallItem, responsesToolPieces, type ToolCallPiece } from './tool-call-pieces.js';

const callEvents = (pieces: ToolCallPiece[]): ReplyEvent[] => pieces.map((piece) => ({ type: 'toolCall', choice: piece.choice, piece }));

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function choiceEvents(choices: unknown[]): ReplyEvent[] {
  const out: ReplyEvent[] = [];
  choices.forEach((c, position) => {
    if (!isObject(c)) return;
    const choice = typeof c.index === 'number' ? c.index : position;
    // A streamed chunk carries `delta`; a whole answer carries `message` (the same fields).
    const part = isObject(c.delta) ? c.delta : isObject(c.message) ? c.message : undefined;
    const text = str(part?.content) ?? str(c.text);
    if (text) out.push({ type: 'delta', choice, text });
    if (part) out.push(...callEvents(chatToolPieces(choice, part, !isObject(c.delta))));
    const reason = str(c.finish_reason);
    if (reason) out.push({ type: 'finish', choice, reason });
  });
  return out;
}

/** The text of a whole answer in the common third-party responses form (`output_text` or `output[]`). */
function outputText(body: Record<string, unknown>): string | undefined {
  if (typeof body.output_text === 'string') return body.output_text;
  if (!Array.isArray(body.output)) return undefined;
  const texts = body.output.flatMap((item) => (isObject(item) && Array.isArray(item.content) ? item.content : []))
    .flatMap((p) => (isObject(p) && p.type === 'output_text' && typeof p.text === 'string' ? [p.text] : []));
  return texts.length ? texts.join('') : undefined;
}

/** A whole response object (non-streamed answer, or the one inside `response.completed`). */
function responseObject(r: Record<string, unknown>, withText: boolean, retryAfter: string | null): ReplyEvent[] {
  const out: ReplyEvent[] = [];
  if (isObject(r.error)) return [{ type: 'error', failure: streamFailure(r, retryAfter) }];
  const text = withText ? outputText(r) : undefined;
  if (text) out.push({ type: 'delta', choice: 0, text });
  // A streamed reply's calls came in their own events; a whole answer's are in `output[]`.
  const calls = Array.isArray(r.output) ? r.output.flatMap((item, index) => functionCallItem(item, index, true)) : [];
  if (withText) out.push(...callEvents(calls));
  const usage = usageOf(r.usage);
  if (usage) out.push({ type: 'usage', usage });
  const incomplete = isObject(r.incomplete_details) ? str(r.incomplete_details.reason) : undefined;
  if (r.status === 'incomplete' || incomplete) out.push({ type: 'finish', choice: 0, reason: incomplete ?? 'incomplete' });
  else if (calls.length) out.push({ type: 'finish', choice: 0, reason: 'tool_calls' });
  else if (r.status === 'completed' || text !== undefined) out.push({ type: 'finish', choice: 0, reason: 'stop' });
  return out;
}

/** Responses-API events (`type: response.*`, `error`). */
function responsesEvent(e: Record<string, unknown>, retryAfter: string | null): ReplyEvent[] {
  switch (e.type) {
    case 'response.output_text.delta': {
      const text = str(e.delta);
      return text ? [{ type: 'delta', choice: 0, text }] : [];
    }
    case 'response.completed':
    case 'response.incomplete':
    case 'response.done': {
      const r = isObject(e.response) ? e.response : {};
      const out = responseObject(e.type === 'response.incomplete' && r.status === undefined ? { ...r, status: 'incomplete' } : r, false, retryAfter);
      if (!out.some((x) => x.type === 'finish')) out.push({ type: 'finish', choice: 0, reason: 'stop' });
      return [...out, { type: 'completed' }];
    }
    case 'response.failed': {
      const r = isObject(e.response) ? e.response : {};
      return [{ type: 'error', failure: isObject(r.error) ? streamFailure(r, retryAfter) : new GatewayFailure('server_error', msg('chat.reply.failedOnGateway'), true, 500) }];
    }
    case 'error':
      return [{ type: 'error', failure: streamFailure(isObject(e.error) ? e : { error: e }, retryAfter) }];
    default:
      // Function calls; response.created, output_text.done…: nothing else the reply needs.
      return callEvents(responsesToolPieces(e));
  }
}

/**
 * Events from one JSON value a chat-completions or responses call produced (streamed or whole);
 * `retryAfter`, the answer's Retry-After header, goes to an error it holds.
 */
export function chatEvents(value: unknown, retryAfter: string | null = null): ReplyEvent[] {
  const u = unwrap(value, retryAfter);
  if ('failure' in u) return [{ type: 'error', failure: u.failure }];
  const body = u.payload;
  if (!isObject(body)) return [];
  if (typeof body.type === 'string' && (body.type.startsWith('response.') || body.type === 'error')) return responsesEvent(body, retryAfter);
  if (Array.isArray(body.choices)) {
    const out = choiceEvents(body.choices);
    const usage = usageOf(body.usage);
    if (usage) out.push({ type: 'usage', usage });
    return out;
  }
  if (body.object === 'response' || 'output' in body || 'output_text' in body) return responseObject(body, true, retryAfter);
  return [];
}
