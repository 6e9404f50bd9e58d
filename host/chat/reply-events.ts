/**
 * What every reply parser (chat, responses, native) turns the gateway's JSON into: one small
 * vocabulary of events, so a reply is assembled the same way whichever API and wire form
 * (streamed chunk, envelope, whole answer) brought it.
 */
import type { ChatUsage } from '@shared/contract/chat.js';
import { failureFromStatus, type GatewayFailure } from '../gateway/failure.js';
import type { ToolCallPiece } from './tool-call-pieces.js';
import { isObject } from './is-object.js';

export interface Rating {
  category: string;
  probability: string;
}

export type ReplyEvent =
  | { type: 'delta'; choice: number; text: string }
  /** A piece of a function call the model asks for (tool-call-pieces.ts). */
  | { type: 'toolCall'; choice: number; piece: ToolCallPiece }
  | { type: 'finish'; choice: number; reason: string }
  | { type: 'safety'; choice: number; ratings: Rating[] }
  | { type: 'promptSafety'; ratings: Rating[] }
  | { type: 'usage'; usage: ChatUsage }
  /** An explicit end-of-reply event (responses `response.completed`): the reply is whole. */
  | { type: 'completed' }
  /** The gateway reported an error inside the stream (or inside a 200 answer). */
  | { type: 'error'; failure: GatewayFailure };

// Re-exported: the chunk readers take it from here with the rest.
export { isObject };

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Error `type`s of docs/gateway-rules.md, "Error bodies" (and a few common aliases) as HTTP
 * statuses, for one failure mapping.
 */
const TYPE_STATUS: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  payment_required: 402,
  insufficient_quota: 402,
  not_found: 404,
  not_found_error: 404,
  rate_limit_exceeded: 429,
  rate_limit_error: 429,
  server_error: 500,
  api_error: 500,
  overloaded_error: 503,
};

/**
 * The failure an error object inside a stream stands for (`{ error: { code, message, type } }` and
 * kin). `retryAfter` is the answer's Retry-After header: an error sent under HTTP 200 still asks
 * the client to wait (docs/gateway-rules.md, "Retries").
 */
export function streamFailure(body: Record<string, unknown>, retryAfter: string | null = null): GatewayFailure {
  const err = isObject(body.error) ? body.error : body;
  const status = num(err.code) ?? num(body.code) ?? (typeof err.type === 'string' ? TYPE_STATUS[err.type] : undefined)
    ?? (typeof err.code === 'string' ? TYPE_STATUS[err.code] : undefined) ?? 500;
  return failureFromStatus(status >= 400 ? status : 500, JSON.stringify(body), 'application/json', retryAfter);
}

/**
 * Unwraps `{ code: 200, data }` (chunks may be enveloped: docs/gateway-rules.md, "Chat and
 * responses streams"); an envelope with another code, or a bare `{ error }` object, becomes an
 * error event.
 */
export function unwrap(value: unknown, retryAfter: string | null = null): { payload: unknown } | { failure: GatewayFailure } {
  if (isObject(value) && typeof value.code === 'number' && !('choices' in value) && !('candidates' in value)) {
    if (value.code !== 200) return { failure: streamFailure(value, retryAfter) };
    if ('data' in value) return { payload: value.data };
  }
  if (isObject(value) && isObject(value.error) && !('choices' in value) && !('candidates' in value)) return { failure: streamFailure(value, retryAfter) };
  return { payload: value };
}

/** `usage` in either naming: chat's prompt_/completion_tokens or responses' input_/output_tokens. */
export function usageOf(u: unknown): ChatUsage | undefined {
  if (!isObject(u)) return undefined;
  const prompt = num(u.prompt_tokens) ?? num(u.input_tokens);
  const completion = num(u.completion_tokens) ?? num(u.output_tokens);
  if (prompt === undefined && completion === undefined) return undefined;
  const total = num(u.total_tokens) ?? (prompt ?? 0) + (completion ?? 0);
  return { prompt: prompt ?? 0, completion: completion ?? 0, total };
}

export function ratingsOf(v: unknown): Rating[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter((r): r is Rating => isObject(r) && typeof r.category === 'string' && typeof r.probability === 'string')
    .map((r) => ({ category: r.category, probability: r.probability }));
}
