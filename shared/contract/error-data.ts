/**
 * Errors travel as data across the contract (docs/house-rules.md, "Errors travel as data"): every
 * call resolves to a Result, and a failure carries a code, a message a creator understands, and
 * whether retrying may help. Free of zod: the renderer's first load builds and reads these
 * (docs/performance.md, "Start-up"); the contract's schema of it is in result.ts.
 */
import type { Message } from '../messages/message.js';

export const ERROR_CODES = [
  'invalid_input',
  'unauthorized',
  'payment_required',
  'rate_limited',
  'not_found',
  'invalid_request',
  'server_error',
  'unreachable',
  'timeout',
  'bad_response',
  'aborted',
  'consent_required',
  /** The action waits for a confirmation the page cannot give (a code printed in the terminal). */
  'confirmation_required',
  'conflict',
  /** A budget's hard stop refuses a paid submission until its period ends or a one-time override (docs/ledger.md, "Budgets"). */
  'budget_exceeded',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * `code` is the failure's category (what retry rules and the screens branch on); `text` is what
 * to tell the creator, as message data (shared/messages/index.ts: its own code, its parameters,
 * its English), translated where it is shown; `message` is that English, for logs. Two codes for
 * two questions: "may I retry?" has a dozen answers, "what happened?" hundreds.
 * `text` is optional only for what was written before messages were data (a chat reply's error
 * in an old conversation file): such an error is shown by its `message`.
 */
export interface ErrorData {
  code: ErrorCode;
  message: string;
  text?: Message;
  retryable: boolean;
  /** The request parameter at fault, when the gateway or the host named one. */
  param?: string;
  /** HTTP status from the gateway, when there was one. */
  status?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorData };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: ErrorData): Result<never> => ({ ok: false, error });

/** ErrorData for a message (shared/messages): its English goes in `message`, the data in `text`. */
export const errorData = (code: ErrorCode, text: Message, retryable: boolean, more: Pick<ErrorData, 'param' | 'status'> = {}): ErrorData =>
  ({ code, message: text.message, text, retryable, ...more });
