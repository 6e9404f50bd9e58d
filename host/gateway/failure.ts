/**
 * One error type for every way a gateway call can fail (docs/gateway-rules.md, "Error bodies"): the
 * JSON error body, an envelope with code ≠ 200, plain text, a proxy's HTML page, a dropped
 * connection, a timeout. Each carries a message a creator understands.
 */
import type { ErrorCode, ErrorData } from '@shared/contract/result.js';
import { msg, type Message, type Param } from '@shared/messages/index.js';

/** `text` is message data (shared/messages/index.ts), never a bare string: the screens translate it. */
export class GatewayFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly text: Message,
    readonly retryable: boolean,
    readonly status?: number,
    readonly param?: string,
    /** Milliseconds the gateway asked us to wait (Retry-After). */
    readonly retryAfterMs?: number,
    /** The request may have reached the gateway although no answer came back (a job's fate is unknown). */
    readonly maybeReceived = false,
  ) {
    super(text.message);
    this.name = 'GatewayFailure';
  }

  toData(): ErrorData {
    return {
      code: this.code,
      message: this.message,
      text: this.text,
      retryable: this.retryable,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.param ? { param: this.param } : {}),
    };
  }
}

/** A gateway's own message is shown up to this length (docs/robust-host.md, "Limits"). */
const MESSAGE_CHARS = 2_000;
const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * Turns whatever the gateway sent with a failing status into readable text: the gateway's own
 * words (a string, kept verbatim), or the host's description of a web page (a message).
 */
export function detailOf(body: string, contentType: string): { message?: Param; param?: string } {
  const trimmed = body.trim();
  if (!trimmed) return {};
  if (/json/i.test(contentType) || /^[{[]/.test(trimmed)) {
    try {
      const json = JSON.parse(trimmed) as { error?: { message?: unknown; param?: unknown } | string; message?: unknown; msg?: unknown };
      const err = json.error;
      if (err && typeof err === 'object' && typeof err.message === 'string') {
        return { message: clip(err.message, MESSAGE_CHARS), param: typeof err.param === 'string' ? clip(err.param, 200) : undefined };
      }
      if (typeof err === 'string') return { message: clip(err, MESSAGE_CHARS) };
      if (typeof json.message === 'string') return { message: clip(json.message, MESSAGE_CHARS) };
      if (typeof json.msg === 'string') return { message: clip(json.msg, MESSAGE_CHARS) };
    } catch {
      // not JSON after all: fall through to text
    }
  }
  if (/html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed)) {
    const title = /<title>([^<]*)<\/title>/i.exec(trimmed)?.[1] ?? /<h1>([^<]*)<\/h1>/i.exec(trimmed)?.[1];
    return { message: title ? msg('gateway.failure.webPage', { title: clip(title.trim(), 80) }) : msg('gateway.failure.webPageNoTitle') };
  }
  return { message: clip(trimmed) };
}

function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The failure for an HTTP status (or an envelope's code) and its body. */
export function failureFromStatus(status: number, body: string, contentType: string, retryAfter: string | null, now = Date.now()): GatewayFailure {
  const { message: detail, param } = detailOf(body, contentType);
  // The gateway's own words go in as a parameter, verbatim, in every language.
  const said: Param = detail ? msg('gateway.failure.said', { detail }) : '';
  const wait = parseRetryAfter(retryAfter, now);
  switch (true) {
    case status === 401 || status === 403:
      return new GatewayFailure('unauthorized', msg('gateway.failure.rejectedKey', { said }), false, status);
    case status === 402:
      return new GatewayFailure('payment_required', msg('gateway.failure.paymentRequired', { said }), false, status);
    case status === 429: {
      const when = wait !== undefined ? msg('gateway.failure.retryIn', { seconds: Math.ceil(wait / 1000) }) : msg('gateway.failure.retryShortly');
      return new GatewayFailure('rate_limited', msg('gateway.failure.rateLimited', { when, said }), true, status, undefined, wait);
    }
    case status === 404 || status === 410:
      return new GatewayFailure('not_found', msg('gateway.failure.notFound', { said }), false, status, param);
    case status === 400 || status === 413 || status === 415 || status === 422:
      return new GatewayFailure('invalid_request', detail ? msg('gateway.failure.refused', { detail }) : msg('gateway.failure.refusedInvalid'), false, status, param);
    case status === 408:
      return new GatewayFailure('timeout', msg('gateway.failure.timedOut', { said }), true, status, undefined, wait);
    case status === 409:
      return new GatewayFailure('conflict', msg('gateway.failure.conflict', { said }), true, status, undefined, wait);
    case status >= 500:
      return new GatewayFailure('server_error', msg('gateway.failure.serverError', { status, said }), true, status, undefined, wait);
    default:
      return new GatewayFailure('bad_response', msg('gateway.failure.unexpected', { status, said }), false, status);
  }
}

/**
 * A 2xx answer whose body cannot be read (empty, cut short, a sign-in page): said as it is, not
 * as a failure status the gateway never sent. The gateway may well have acted on the request.
 */
export function failureFromUnreadable(status: number, body: string, contentType: string): GatewayFailure {
  const trimmed = body.trim();
  const page = /html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed);
  const what = !trimmed ? msg('gateway.failure.unreadableEmpty') : page ? detailOf(trimmed, 'text/html').message! : msg('gateway.failure.unreadableCut');
  return new GatewayFailure('bad_response', msg('gateway.failure.unreadable', { what }), true, status, undefined, undefined, true);
}

/** A network-level failure: nothing usable came back. */
export function failureFromNetwork(err: unknown, timedOut: boolean, aborted: boolean): GatewayFailure {
  if (aborted) return new GatewayFailure('aborted', msg('gateway.network.cancelled'), false);
  if (timedOut) return new GatewayFailure('timeout', msg('gateway.network.noAnswerInTime'), true, undefined, undefined, undefined, true);
  // Already worded (a link of a scheme the studio does not open, say).
  if (err instanceof GatewayFailure) return err;
  const cause = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  // Refused or unresolvable: nothing was sent. Anything else may have dropped after the request left.
  const neverSent = cause === 'ENOTFOUND' || cause === 'ECONNREFUSED' || cause === 'EAI_AGAIN';
  const why = msg(cause === 'ENOTFOUND' ? 'gateway.network.addressNotFound' : cause === 'ECONNREFUSED' ? 'gateway.network.nothingListening' : 'gateway.network.connectionFailed');
  return new GatewayFailure('unreachable', msg('gateway.network.unreachable', { why }), true, undefined, undefined, undefined, !neverSent);
}
