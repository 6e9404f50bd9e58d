/**
 * Builds the assistant message from reply events as they arrive (the message object itself is
 * updated, so a periodic save always holds what has arrived), then decides how the reply ended:
 * complete only when the gateway said so (DESIGN §3.6); a stream that just stops, or ends without
 * its terminator or a finish reason, is `incomplete` with its text kept.
 */
import type { ChatMessageView, ChatUsage } from '../../../shared/contract/chat.js';
import type { ErrorData } from '../../../shared/contract/result.js';
import { GatewayFailure } from '../gateway/failure.js';
import type { ReplyEvent } from './reply-events.js';
import type { ReplyEnd } from './reply-reader.js';

export interface AssembleOptions {
  /** Continue: the reply's only choice is appended to this existing choice. */
  appendTo?: number;
}

export type Outcome = 'done' | 'error' | 'aborted';

export interface Settled {
  outcome: Outcome;
  status: NonNullable<ChatMessageView['status']>;
  error?: ErrorData;
}

const addUsage = (a: ChatUsage | undefined, b: ChatUsage): ChatUsage => {
  if (!a) return b;
  const thoughts = (a.thoughts ?? 0) + (b.thoughts ?? 0);
  return { prompt: a.prompt + b.prompt, completion: a.completion + b.completion, total: a.total + b.total, ...(a.thoughts !== undefined || b.thoughts !== undefined ? { thoughts } : {}) };
};

export class ReplyAssembler {
  private readonly seen = new Set<number>();
  private readonly finished = new Set<number>();
  private readonly baseUsage: ChatUsage | undefined;
  private completed = false;
  /** An error the gateway reported inside the answer. */
  failure?: GatewayFailure;

  constructor(private readonly message: ChatMessageView, private readonly opts: AssembleOptions = {}) {
    this.message.choices ??= [];
    this.baseUsage = opts.appendTo !== undefined ? message.usage : undefined;
  }

  /** Where an incoming choice lands, or undefined when it has no place (a continue gets one choice). */
  private target(choice: number): number | undefined {
    if (this.opts.appendTo !== undefined) return choice === 0 ? this.opts.appendTo : undefined;
    return choice >= 0 && choice < 64 ? choice : undefined;
  }

  private slot(choice: number) {
    const choices = this.message.choices!;
    while (choices.length <= choice) choices.push({ text: '' });
    return choices[choice];
  }

  /** Applies one event; returns the text to forward to the renderer, if any. */
  apply(e: ReplyEvent): { choice: number; text: string } | undefined {
    if (e.type === 'error') {
      this.failure ??= e.failure;
      return undefined;
    }
    if (e.type === 'usage') {
      this.message.usage = addUsage(this.baseUsage, e.usage);
      return undefined;
    }
    if (e.type === 'promptSafety') {
      this.message.promptSafetyRatings = e.ratings;
      return undefined;
    }
    if (e.type === 'completed') {
      this.completed = true;
      return undefined;
    }
    const at = this.target(e.choice);
    if (at === undefined) return undefined;
    this.seen.add(e.choice);
    const slot = this.slot(at);
    if (e.type === 'delta') {
      slot.text += e.text;
      return { choice: at, text: e.text };
    }
    if (e.type === 'finish') {
      slot.finishReason = e.reason;
      this.finished.add(e.choice);
    } else slot.safetyRatings = e.ratings;
    return undefined;
  }

  private hasText(): boolean {
    return (this.message.choices ?? []).some((c) => c.text !== '');
  }

  /**
   * How the reply ended: `end` when the body was read to its end, `thrown` for a failure that
   * interrupted it, `stopped` when the creator pressed Stop.
   */
  settle(end: ReplyEnd | undefined, thrown?: unknown, stopped = false): Settled {
    if (stopped) return { outcome: 'aborted', status: 'stopped' };
    const failure = this.failure ?? (thrown !== undefined ? asFailure(thrown) : undefined);
    if (!failure && end) {
      const allFinished = this.seen.size > 0 && [...this.seen].every((c) => this.finished.has(c));
      if (this.completed || (end.terminated && (allFinished || (end.whole && this.seen.size > 0)))) return { outcome: 'done', status: 'complete' };
    }
    const cause = failure ?? (end?.whole
      ? new GatewayFailure('bad_response', 'The gateway answered without any text.', true)
      : new GatewayFailure('bad_response', 'The reply stopped before the gateway said it was finished.', true));
    const data = cause.toData();
    // A partial reply can always be continued or regenerated.
    if (this.hasText()) return { outcome: 'error', status: 'incomplete', error: { ...data, retryable: true, message: `${data.message} The text so far is kept.` } };
    return { outcome: 'error', status: 'failed', error: data };
  }
}

/** Any thrown value as a failure; a bug shows a plain message (the caller logs the detail). */
export function asFailure(err: unknown): GatewayFailure {
  if (err instanceof GatewayFailure) return err;
  return new GatewayFailure('internal', 'Something went wrong in the studio while receiving the reply; please try again.', true);
}
