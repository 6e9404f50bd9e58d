/**
 * Builds the assistant message from reply events as they arrive (the message object itself is
 * updated, so a periodic save always holds what has arrived), then decides how the reply ended:
 * complete only when the gateway said so (docs/house-rules.md, "Every stream has an id, one end and
 * a cancel"); a stream that just stops, or ends without its terminator or a finish reason, is
 * `incomplete` with its text kept.
 */
import { mapStrings, msg } from '@shared/messages/index.js';
import type { ChatMessageView, ChatUsage } from '@shared/contract/chat.js';
import type { ErrorData } from '@shared/contract/result.js';
import { GatewayFailure } from '../gateway/failure.js';
import type { EchoFilter, KeyMask } from '../gateway/mask-key.js';
import type { Rating, ReplyEvent } from './reply-events.js';
import type { ReplyEnd } from './reply-reader.js';
import { ToolCallAssembler } from './tool-call-pieces.js';

export interface AssembleOptions {
  /** Continue: the reply's only choice is appended to this existing choice. */
  appendTo?: number;
  /**
   * The key of the call (its client's `mask`): every text of the reply passes through it before
   * it is kept or forwarded, so what is saved, streamed, shown and exported never holds the key
   * a gateway quoted back (docs/security.md).
   */
  mask?: KeyMask;
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

const maskData = (data: ErrorData, mask?: KeyMask): ErrorData => (mask
  ? {
    ...data,
    message: mask.text(data.message),
    ...(data.text ? { text: mapStrings(data.text, (s) => mask.text(s)) } : {}),
    ...(data.param !== undefined ? { param: mask.text(data.param) } : {}),
  }
  : data);

export class ReplyAssembler {
  private readonly seen = new Set<number>();
  /**
   * Per choice, the reply's text on its way through the key mask: an echo split across two
   * deltas is held back until it is whole and masked (mask-key.ts), then released.
   */
  private readonly filters = new Map<number, EchoFilter>();
  private readonly finished = new Set<number>();
  private readonly calls = new ToolCallAssembler();
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

  private text(s: string): string {
    return this.opts.mask ? this.opts.mask.text(s) : s;
  }

  private ratings(ratings: Rating[]): Rating[] {
    return this.opts.mask ? ratings.map((r) => ({ category: this.text(r.category), probability: this.text(r.probability) })) : ratings;
  }

  private filter(choice: number): EchoFilter | undefined {
    if (!this.opts.mask) return undefined;
    let f = this.filters.get(choice);
    if (!f) this.filters.set(choice, (f = this.opts.mask.stream()));
    return f;
  }

  /** Applies one event; returns the text to forward to the renderer, if any. */
  apply(e: ReplyEvent): { choice: number; text: string } | undefined {
    if (e.type === 'error') {
      const f = e.failure;
      this.failure ??= this.opts.mask
        ? new GatewayFailure(f.code, mapStrings(f.text, (s) => this.text(s)), f.retryable, f.status, f.param && this.text(f.param), f.retryAfterMs, f.maybeReceived)
        : f;
      return undefined;
    }
    if (e.type === 'usage') {
      this.message.usage = addUsage(this.baseUsage, e.usage);
      return undefined;
    }
    if (e.type === 'promptSafety') {
      this.message.promptSafetyRatings = this.ratings(e.ratings);
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
    if (e.type === 'toolCall') {
      // Joined here, written to the choice once the reply ends (drain): a call can only be answered
      // then, and building every call again at each of a stream's pieces cost time quadratic in
      // them (docs/robust-host.md, "Limits").
      this.calls.add({ ...e.piece, choice: at });
      return undefined;
    }
    if (e.type === 'delta') {
      const text = this.filter(at)?.push(e.text) ?? e.text;
      slot.text += text;
      return text ? { choice: at, text } : undefined;
    }
    if (e.type === 'finish') {
      slot.finishReason = this.text(e.reason);
      this.finished.add(e.choice);
    } else slot.safetyRatings = this.ratings(e.ratings);
    return undefined;
  }

  /**
   * Releases the text still held back by the key mask (the reply has ended, one way or another):
   * it is added to the message, and returned for the renderer.
   */
  drain(): { choice: number; text: string }[] {
    for (const choice of this.calls.choices()) {
      this.slot(choice).toolCalls = this.calls.result(choice).map((c) => ({
        id: this.text(c.id), name: this.text(c.name), arguments: this.text(c.arguments), ...(c.refused !== undefined ? { argumentsRefused: c.refused } : {}),
      }));
    }
    const out: { choice: number; text: string }[] = [];
    for (const [choice, f] of this.filters) {
      const text = f.end();
      if (!text) continue;
      this.slot(choice).text += text;
      out.push({ choice, text });
    }
    return out;
  }

  private hasText(): boolean {
    return (this.message.choices ?? []).some((c) => c.text !== '');
  }

  /**
   * How the reply ended: `end` when the body was read to its end, `thrown` for a failure that
   * interrupted it, `stopped` when the creator pressed Stop.
   */
  settle(end: ReplyEnd | undefined, thrown?: unknown, stopped = false): Settled {
    this.drain();
    if (stopped) return { outcome: 'aborted', status: 'stopped' };
    const failure = this.failure ?? (thrown !== undefined ? asFailure(thrown) : undefined);
    if (!failure && end) {
      const allFinished = this.seen.size > 0 && [...this.seen].every((c) => this.finished.has(c));
      if (this.completed || (end.terminated && (allFinished || (end.whole && this.seen.size > 0)))) return { outcome: 'done', status: 'complete' };
    }
    const cause = failure ?? (end?.whole
      ? new GatewayFailure('bad_response', msg('chat.reply.noText'), true)
      : new GatewayFailure('bad_response', msg('chat.reply.stoppedEarly'), true));
    // A failure thrown while reading (a whole body that was no reply, say) may quote the key too.
    const data = maskData(cause.toData(), this.opts.mask);
    // A partial reply can always be continued or regenerated.
    if (this.hasText()) {
      const text = msg('chat.reply.textKept', { message: data.text ?? data.message });
      return { outcome: 'error', status: 'incomplete', error: { ...data, retryable: true, message: text.message, text } };
    }
    return { outcome: 'error', status: 'failed', error: data };
  }
}

/** Any thrown value as a failure; a bug shows a plain message (the caller logs the detail). */
export function asFailure(err: unknown): GatewayFailure {
  if (err instanceof GatewayFailure) return err;
  return new GatewayFailure('internal', msg('chat.reply.receiveFailed'), true);
}
