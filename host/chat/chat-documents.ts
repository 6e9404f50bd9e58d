/**
 * Documents in user turns (docs/chat-documents.md). `add` reads a file's text in the host (a PDF
 * in a worker thread: pdf-text.ts) and keeps it waiting, in memory, for the message that sends
 * it; the send checks the documents and the message against the model's context (refused with
 * the numbers, before any request) and writes each text to the library folder under
 * `chat-documents/`, as images go to `chat-images/` (chat-images.ts). The message keeps the path;
 * each request reads the texts again and puts them inline in the turn's text.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { msg } from '@shared/messages/index.js';
import type { ChatMessageView } from '@shared/contract/chat.js';
import { isDocumentName, type ChatDocument, type PreparedDocument } from '@shared/contract/chat-documents.js';
import type { ParsedInput } from '@shared/contract/index.js';
import { contextTokensOf, estimateTokens } from '@shared/gateway/context-sizes.js';
import { coreError } from '../errors.js';
import { documentMime, inlineBlock, plainText } from './document-text.js';
import { pdfText } from './pdf-text.js';

export const CHAT_DOCUMENTS_DIR = 'chat-documents';
/** What a stored document path may look like: nothing else is ever read from the library. */
export const CHAT_DOCUMENT_FILE = /^chat-documents\/[A-Za-z0-9-]{1,64}\.txt$/;

/** Documents read but not sent yet; the oldest go first past this many (a draft attaches again). */
const MAX_WAITING = 64;

type Waiting = PreparedDocument & { text: string };

const HIDDEN_IN_NAME = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

const n = (v: number) => v.toLocaleString('en-US');

export class ChatDocuments {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    /** The library folder of the moment (settings can move it). */
    private readonly root: () => string,
  ) {}

  private resolve(file: string): string {
    if (!CHAT_DOCUMENT_FILE.test(file)) throw coreError('invalid_input', msg('documents.notInConversation'), 'documents');
    return path.join(this.root(), ...file.split('/'));
  }

  /** Reads a document's text; refused with the reason when it is none. */
  async add(given: string, data: Uint8Array): Promise<PreparedDocument> {
    // Control characters and bidirectional overrides would not show as they are, in the chip or
    // in the header the model reads ("evil\u202egnp.txt").
    const name = given.replace(HIDDEN_IN_NAME, '').trim() || 'document';
    const isPdf = Buffer.from(data.subarray(0, 5)).toString('latin1') === '%PDF-';
    if (!isPdf && !isDocumentName(name)) throw coreError('invalid_input', msg('documents.kind', { name }), 'name');
    let text: string;
    let pages: number | undefined;
    if (isPdf) {
      ({ text, pages } = await pdfText(name, data));
      if (!text.trim()) throw coreError('invalid_input', msg('documents.pdfNoText', { name }), 'data');
    } else {
      text = plainText(name, data);
      if (!text.trim()) throw coreError('invalid_input', msg('documents.empty', { name }), 'data');
    }
    const doc: Waiting = {
      id: randomUUID(), name, mime: isPdf ? 'application/pdf' : documentMime(name), tokens: estimateTokens(text), chars: text.length,
      ...(pages !== undefined ? { pages } : {}), text,
    };
    this.waiting.set(doc.id, doc);
    for (const id of this.waiting.keys()) {
      if (this.waiting.size <= MAX_WAITING) break;
      this.waiting.delete(id);
    }
    const { text: _text, ...view } = doc;
    return view;
  }

  /**
   * The documents of a message being sent, in its order: one waiting is written to the library
   * now (its file pushed on `copied`), one this conversation holds is kept as it is (edit and
   * resend). Refused, before anything is written or sent, when they and the text exceed the
   * model's context (shared/gateway/context-sizes.ts).
   */
  forMessage(sent: ParsedInput<'chat.send'>['documents'], held: readonly ChatMessageView[], model: string, text: string, copied: string[]): ChatDocument[] {
    const chosen = (sent ?? []).map((d): Waiting | ChatDocument => {
      if ('file' in d) {
        const known = held.flatMap((m) => m.documents ?? []).find((x) => x.file === d.file);
        if (!known || !CHAT_DOCUMENT_FILE.test(d.file)) throw coreError('not_found', msg('documents.notInConversation'), 'documents');
        return known;
      }
      const waiting = this.waiting.get(d.documentId);
      if (!waiting) throw coreError('not_found', msg('documents.notWaiting'), 'documents');
      return waiting;
    });
    if (chosen.length) checkContext(chosen, text, model);
    return chosen.map((d) => {
      if (!('text' in d)) return d;
      const file = `${CHAT_DOCUMENTS_DIR}/${randomUUID()}.txt`;
      const abs = this.resolve(file);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, d.text, { flag: 'wx' });
      copied.push(file);
      this.waiting.delete(d.id);
      const { id: _id, text: _text, ...kept } = d;
      return { file, ...kept };
    });
  }

  /**
   * The turns as the request carries them: a user turn's documents inline after its text
   * (document-text.ts `inlineBlock`). The texts are read here, synchronously: a few megabytes at
   * most, so a request is built in one go, as chat-service.ts needs.
   */
  inline(turns: ChatMessageView[]): ChatMessageView[] {
    return turns.map((t) => {
      if (t.role !== 'user' || !t.documents?.length) return t;
      const blocks = t.documents.map((d) => inlineBlock(d.name, d.mime, this.read(d)));
      return { ...t, text: [t.text?.trim() ? t.text : '', ...blocks].filter(Boolean).join('\n\n') };
    });
  }

  private read(d: ChatDocument): string {
    try {
      return readFileSync(this.resolve(d.file), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      throw coreError('not_found', msg('documents.missing', { name: d.name, file: d.file }), 'documents');
    }
  }
}

/** Refuses documents (with the message's text) larger than the model's context, with the numbers. */
export function checkContext(docs: readonly { tokens: number }[], text: string, model: string): void {
  const limit = contextTokensOf(model);
  const tokens = docs.reduce((sum, d) => sum + d.tokens, 0) + estimateTokens(text);
  if (tokens <= limit) return;
  // One document too large by itself is named as such: removing the others would not help.
  const alone = docs.find((d) => d.tokens > limit);
  if (alone) throw coreError('invalid_input', msg('documents.tooLargeOne', { tokens: n(alone.tokens), model, limit: n(limit) }), 'documents');
  throw coreError('invalid_input', msg('documents.tooLargeAll', { tokens: n(tokens), model, limit: n(limit) }), 'documents');
}
