/**
 * One reply being received (docs/house-rules.md, "Every stream has an id, one end and a cancel"): it has an id, a cancel (`stop`), batched deltas, and
 * exactly one terminal `chat.onDidEnd`, whatever happens — an error before the first byte, a cut,
 * Stop, the studio closing, or a bug. The partial reply is saved at most once a second while it
 * streams, so a killed process keeps what had arrived.
 */
import { msg } from '@shared/messages/index.js';
import { LIMITS } from '../gateway/limits.js';
import type { ChatMessageView } from '@shared/contract/chat.js';
import type { EventName, EventPayload } from '@shared/contract/index.js';
import type { ErrorData } from '@shared/contract/result.js';
import type { GatewayClient } from '../gateway/client.js';
import { GatewayFailure } from '../gateway/failure.js';
import { streamedTextUnits, type BilledUnits } from '../ledger/units.js';
import { markClosed } from './conversation-file.js';
import { DeltaBatcher } from './delta-batcher.js';
import { endedMessage } from './ended-message.js';
import { ReplyAssembler, type Outcome, type Settled } from './reply-assembler.js';
import { readReply, type ReplyEnd } from './reply-reader.js';
import type { BuiltRequest } from './request-builder.js';

export interface StreamTiming {
  /** Longest gap between deltas sent to the renderer. */
  batchMs: number;
  /** Least time between saves of a partial reply. */
  saveEveryMs: number;
  /** A stream silent this long (headers included) is given up as stalled. */
  idleMs: number;
  /** How long a non-streamed answer may take. */
  wholeMs: number;
  /**
   * Arms the silence watch (idleMs or wholeMs) and returns its cancel; a real timer unless given.
   * Tests give one they fire themselves, so only the stall they made can end a stream as stalled,
   * never a slow moment of a busy machine.
   */
  idleTimer?: IdleTimer;
}

export type IdleTimer = (fire: () => void, ms: number) => () => void;

const realIdleTimer: IdleTimer = (fire, ms) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

export const DEFAULT_TIMING: StreamTiming = { batchMs: 30, saveEveryMs: 1000, idleMs: 90_000, wholeMs: 300_000 };

/** The client's own timeout would also cut a long body; this stream keeps its own watch instead. */
const NO_CLIENT_TIMEOUT = 24 * 3600 * 1000;

export type StopReason = 'user' | 'close' | 'discard';

export interface ReplyJob {
  streamId: string;
  conversationId: string;
  message: ChatMessageView;
  request: BuiltRequest;
  /** Continue: new text is appended to this choice. */
  appendTo?: number;
}

export interface ReplyStreamDeps {
  client: GatewayClient;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** Writes the conversation; `final` once, before the terminal event, which waits until it is on disk. */
  save(final: boolean): Promise<void> | void;
  /** Called after the final save and before `chat.onDidEnd`, so a new send is accepted at once. */
  release(): void;
  log: (line: string) => void;
  now: () => number;
  timing: StreamTiming;
}

export interface StreamResult {
  outcome: Outcome;
  error?: ErrorData;
  discarded: boolean;
}

export class ReplyStream {
  private readonly controller = new AbortController();
  private stopReason?: StopReason;
  private idleFired = false;
  private cancelIdle?: () => void;

  constructor(readonly job: ReplyJob, private readonly deps: ReplyStreamDeps) {}

  stop(reason: StopReason): void {
    this.stopReason ??= reason;
    this.controller.abort();
  }

  private watch(): void {
    this.cancelIdle?.();
    const ms = this.job.request.streamed ? this.deps.timing.idleMs : this.deps.timing.wholeMs;
    this.cancelIdle = (this.deps.timing.idleTimer ?? realIdleTimer)(() => {
      this.idleFired = true;
      this.controller.abort();
    }, ms);
  }

  private async trySave(final: boolean): Promise<void> {
    try {
      await this.deps.save(final);
    } catch (err) {
      // The stream goes on; the failure is already logged by the store.
      this.deps.log(`chat: could not save the reply in progress: ${(err as Error).message}`);
    }
  }

  /** Receives the reply; never throws. */
  async run(): Promise<StreamResult> {
    const { job, deps } = this;
    const assembler = new ReplyAssembler(job.message, { appendTo: job.appendTo, mask: deps.client.mask });
    // What the deltas carry per choice, and what each choice held before: the end leaves out what they carried whole (ended-message.ts).
    const before = (job.message.choices ?? []).map((c) => c.text.length);
    const streamed: number[] = [];
    let lastSave = deps.now();
    const batcher = new DeltaBatcher((deltas) => {
      for (const d of deltas) streamed[d.choice] = (streamed[d.choice] ?? 0) + d.text.length;
      deps.emit('chat.onDidStream', { streamId: job.streamId, conversationId: job.conversationId, messageId: job.message.id, deltas });
      if (deps.now() - lastSave >= deps.timing.saveEveryMs) {
        lastSave = deps.now();
        void this.trySave(false);
      }
    }, deps.timing.batchMs);

    let end: ReplyEnd | undefined;
    let thrown: unknown;
    const signal = this.controller.signal;
    this.watch();
    // The call's own usage (not the reply's, which a continuation adds to): the ledger's units.
    let callUsage: { prompt: number; completion: number; thoughts?: number } | undefined;
    let unitsRead!: (units: BilledUnits | undefined) => void;
    const units = new Promise<BilledUnits | undefined>((resolve) => (unitsRead = resolve));
    const billing = { links: { conversationId: job.conversationId, replyId: job.message.id }, units };
    try {
      const res = await deps.client.send({ method: 'POST', path: job.request.path, json: job.request.json, signal, timeoutMs: NO_CLIENT_TIMEOUT, maxBytes: LIMITS.streamBytes, billing });
      const events = readReply(res, job.request.api, { streamed: job.request.streamed, signal, log: deps.log });
      try {
        read: for (;;) {
          const next = await events.next();
          this.watch();
          if (next.done) {
            end = next.value;
            break;
          }
          for (const event of next.value) {
            if (event.type === 'usage') callUsage = event.usage;
            const delta = assembler.apply(event);
            if (delta) batcher.push(delta.choice, delta.text);
            if (assembler.failure) break read;
          }
        }
      } finally {
        await events.return({ terminated: false, whole: false });
      }
    } catch (err) {
      thrown = err;
      if (!(err instanceof GatewayFailure)) deps.log(`chat: reply ${job.streamId} failed: ${(err as Error).stack ?? String(err)}`);
    } finally {
      this.cancelIdle?.();
      unitsRead(streamedTextUnits(callUsage));
    }
    if (this.idleFired && !this.stopReason) {
      const seconds = Math.round((job.request.streamed ? deps.timing.idleMs : deps.timing.wholeMs) / 1000);
      thrown = new GatewayFailure('timeout', msg('chat.reply.stalled', { seconds }), true);
    }

    let settled: Settled;
    try {
      // What the key mask held back (the start of a possible echo) goes out before the end.
      for (const delta of assembler.drain()) batcher.push(delta.choice, delta.text);
      batcher.flush();
    } catch (err) {
      thrown ??= err;
    }
    settled = assembler.settle(end, thrown);
    if (this.stopReason && settled.outcome !== 'done') {
      settled = this.stopReason === 'close' ? { outcome: 'aborted', status: 'incomplete' } : { outcome: 'aborted', status: 'stopped' };
    }
    // The gateway finished the reply, but events it sent could not be read: the text may have
    // gaps, and the reply says so rather than passing for whole.
    if (settled.outcome === 'done' && end?.unreadable) {
      const text = msg('chat.reply.partUnreadable', { pieces: end.unreadable });
      settled = { ...settled, error: { code: 'bad_response', message: text.message, text, retryable: true } };
    }
    const message = job.message;
    message.status = settled.status;
    delete message.error;
    if (this.stopReason === 'close' && settled.outcome === 'aborted') markClosed(message);
    else if (settled.error) message.error = settled.error;

    const discarded = this.stopReason === 'discard';
    if (!discarded) await this.trySave(true);
    deps.release();
    deps.emit('chat.onDidEnd', { streamId: job.streamId, conversationId: job.conversationId, outcome: settled.outcome, message: endedMessage(message, before, streamed) });
    return { outcome: settled.outcome, error: message.error, discarded };
  }
}
