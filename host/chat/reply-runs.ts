/**
 * The replies being written, by conversation and by stream id. A conversation is busy while any
 * of its replies streams: one after a send, several after a message sent to several models at
 * once (docs/chat-versions.md, "Side by side"). Each reply starts once the conversation, with
 * the new turns marked as streaming, is on disk: a kill mid-reply then loses nothing sent.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessageView, StreamStarted } from '@shared/contract/chat.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import type { GatewayClient } from '../gateway/client.js';
import type { Conversation } from './conversation-file.js';
import type { ChatDeps } from './chat-deps.js';
import type { BuiltRequest } from './request-builder.js';
import { ReplyStream, type StreamTiming } from './reply-stream.js';

export interface ReplyRunsDeps {
  d: Pick<ChatDeps, 'emit' | 'log' | 'now'>;
  timing: StreamTiming;
  /** Keeps a change soon (`final`: resolves once on disk, the reply's calls settled first). */
  save(c: Conversation, reply: ChatMessageView, request: BuiltRequest, final: boolean): Promise<void> | void;
  saveDurable(c: Conversation): Promise<void>;
  /** A conversation being written stays in memory (conversation-store.ts `pin`). */
  pin(id: string, on: boolean): void;
  /** After a reply ended and was kept, unless discarded. */
  ended(c: Conversation, reply: ChatMessageView, error: ErrorData | undefined): void;
  changed(id: string): void;
}

export interface NewReply {
  reply: ChatMessageView;
  request: BuiltRequest;
  /** Continue: the choice the stream appends to. */
  appendTo?: number;
}

export class ReplyRuns {
  private readonly active = new Map<string, Set<ReplyStream>>();
  private readonly streams = new Map<string, { stream: ReplyStream; done: Promise<unknown> }>();

  constructor(private readonly r: ReplyRunsDeps) {}

  busy = (conversationId: string) => (this.active.get(conversationId)?.size ?? 0) > 0;

  /** Stopping a reply that already ended is not an error: the two can cross. */
  stop(streamId: string): void {
    this.streams.get(streamId)?.stream.stop('user');
  }

  /** Ends the conversation's replies, dropping what they wrote (the conversation is being removed). */
  async discard(conversationId: string): Promise<void> {
    const running = [...(this.active.get(conversationId) ?? [])];
    for (const s of running) s.stop('discard');
    await Promise.all(running.map((s) => this.streams.get(s.job.streamId)?.done));
  }

  /** Ends every reply (kept as incomplete) before the studio closes. */
  async closeAll(): Promise<void> {
    const running = [...this.streams.values()];
    for (const r of running) r.stream.stop('close');
    await Promise.all(running.map((r) => r.done));
  }

  private release(c: Conversation, stream: ReplyStream): void {
    const set = this.active.get(c.id);
    set?.delete(stream);
    if (!set?.size) {
      this.active.delete(c.id);
      this.r.pin(c.id, false);
    }
    this.streams.delete(stream.job.streamId);
  }

  /**
   * Starts the replies once the conversation is written. It counts as busy from the first moment,
   * so a second send meanwhile is refused, and closing meanwhile ends the replies as it ends any
   * other. A refused write starts none of them, and is thrown.
   */
  async start(c: Conversation, client: GatewayClient, replies: readonly NewReply[]): Promise<string[]> {
    const started = replies.map(({ reply, request, appendTo }) => {
      reply.status = 'streaming';
      reply.api = request.api;
      reply.model = request.model;
      delete reply.error;
      const streamId: string = randomUUID();
      const stream = new ReplyStream({ streamId, conversationId: c.id, message: reply, request, appendTo }, {
        client,
        emit: this.r.d.emit,
        save: (final) => this.r.save(c, reply, request, final),
        release: () => this.release(c, stream),
        log: this.r.d.log,
        now: this.r.d.now,
        timing: this.r.timing,
      });
      return { stream, reply };
    });
    c.updatedAt = this.r.d.now();
    const set = this.active.get(c.id) ?? new Set();
    this.active.set(c.id, set);
    for (const { stream } of started) set.add(stream);
    this.r.pin(c.id, true);
    const written = this.r.saveDurable(c);
    for (const { stream, reply } of started) {
      const streamId = stream.job.streamId;
      const done = written.then(() => stream.run().then((r) => {
        if (!r.discarded) this.r.ended(c, reply, r.error);
      }), () => undefined).catch((err: unknown) => this.r.d.log(`chat: after reply ${streamId}: ${(err as Error).stack ?? String(err)}`));
      this.streams.set(streamId, { stream, done });
    }
    try {
      await written;
    } catch (err) {
      // Never sent: the disk refused the conversation (the creator is told why).
      for (const { stream, reply } of started) {
        this.release(c, stream);
        reply.status = 'failed';
      }
      throw err;
    }
    this.r.changed(c.id);
    return started.map(({ stream }) => stream.job.streamId);
  }
}

/** What a send answers: the stream, and its turns as the page is sent them. */
export const startedOf = (streamId: string, c: Conversation, reply: ChatMessageView, user: ChatMessageView | undefined, preview: (m: ChatMessageView) => ChatMessageView): StreamStarted => ({
  streamId, conversationId: c.id, ...(user ? { user: structuredClone(preview(user)) } : {}), reply: structuredClone(preview(reply)),
});
