/**
 * Byte-level test boundary: a gateway answer (client.ts `GatewayAnswer`) built from chunks the test chooses (split anywhere,
 * optionally cut with a network error), read by the real reader into the real assembler.
 */
import { Readable } from 'node:stream';
import type { ChatMessageView } from '@shared/contract/chat.js';
import type { GatewayAnswer } from '../../gateway/client.js';
import { ReplyAssembler, type Settled } from '../reply-assembler.js';
import { readReply, type ReplyEnd, type TextApi } from '../reply-reader.js';

export interface BodyOptions {
  contentType?: string;
  /** End with a network error after the last chunk instead of a clean close. */
  cut?: boolean;
}

const bytes = (c: string | Uint8Array) => (typeof c === 'string' ? new TextEncoder().encode(c) : c);

export function responseOf(chunks: (string | Uint8Array)[], opts: BodyOptions = {}): GatewayAnswer {
  // An empty chunk is no network read: skipped, as a socket never delivers one.
  const reads = chunks.map(bytes).filter((c) => c.length > 0);
  let i = 0;
  const body = new Readable({
    read() {
      if (i < reads.length) this.push(Buffer.from(reads[i++]));
      else if (opts.cut) this.destroy(new TypeError('terminated'));
      else this.push(null);
    },
  });
  const headers: Record<string, string> = { 'content-type': opts.contentType ?? 'text/event-stream' };
  return { status: 200, header: (name) => headers[name.toLowerCase()] ?? null, body };
}

/** Every way to cut `text` into two network chunks, including inside multi-byte characters. */
export function everySplit(text: string): Uint8Array[][] {
  const all = bytes(text);
  return Array.from({ length: all.length + 1 }, (_, at) => [all.slice(0, at), all.slice(at)]);
}

export const sse = (...payloads: unknown[]) => payloads.map((p) => `data: ${typeof p === 'string' ? p : JSON.stringify(p)}\n\n`);

export const chunk = (index: number, content?: string, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index, delta: content === undefined ? {} : { content }, finish_reason: finish }], ...extra });

export interface Received {
  message: ChatMessageView;
  settled: Settled;
  end?: ReplyEnd;
  logs: string[];
}

export async function receive(res: GatewayAnswer, api: TextApi, streamed = true, message?: ChatMessageView, appendTo?: number): Promise<Received> {
  const m: ChatMessageView = message ?? { id: 'm', role: 'assistant', createdAt: 0, choices: [] };
  const assembler = new ReplyAssembler(m, { appendTo });
  const logs: string[] = [];
  let end: ReplyEnd | undefined;
  let thrown: unknown;
  try {
    const events = readReply(res, api, { streamed, log: (l) => logs.push(l) });
    read: for (;;) {
      const next = await events.next();
      if (next.done) {
        end = next.value;
        break;
      }
      for (const event of next.value) {
        assembler.apply(event);
        if (assembler.failure) break read;
      }
    }
  } catch (err) {
    thrown = err;
  }
  return { message: m, settled: assembler.settle(end, thrown), end, logs };
}

export const textOf = (r: Received, choice = 0) => r.message.choices?.[choice]?.text;
