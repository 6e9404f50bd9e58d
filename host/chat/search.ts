/**
 * Conversation search: titles and message text, case-insensitively, with a short
 * snippet around the first hit in a message so the sidebar can show why a conversation matched.
 */
import type { ChatMessageView } from '@shared/contract/chat.js';

const AROUND = 40;

/** Every text a creator can see in a message: their words, or each alternative of a reply. */
export function messageTexts(m: ChatMessageView): string[] {
  return m.role === 'user' ? (m.text ? [m.text] : []) : (m.choices ?? []).map((c) => c.text).filter(Boolean);
}

export const normalizeQuery = (q: string | undefined) => (q ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The text around the first occurrence of `query` (already normalized), on one line. */
export function snippetOf(text: string, query: string): string | undefined {
  const flat = text.replace(/\s+/g, ' ');
  const at = flat.toLowerCase().indexOf(query);
  if (at < 0) return undefined;
  let start = Math.max(0, at - AROUND);
  let end = Math.min(flat.length, at + query.length + AROUND);
  // Cut at word boundaries where one is near, so the snippet does not start mid-word.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > at + query.length) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/** The snippet of the first message that matches, if any does. */
export function findSnippet(messages: ChatMessageView[], query: string): string | undefined {
  for (const m of messages) {
    for (const text of messageTexts(m)) {
      const s = snippetOf(text, query);
      if (s !== undefined) return s;
    }
  }
  return undefined;
}

/** The alternative of an indexed text (one per line, search-index.ts) that holds `query`, or the first. */
export function lineWith(indexed: string, query: string): string {
  const lines = indexed.split('\n');
  return lines.find((l) => l.toLowerCase().includes(query)) ?? lines[0];
}

/** Where `query` (normalized) occurs in `text`, as [start, end) pairs of UTF-16 offsets. */
export function rangesOf(text: string, query: string): [number, number][] {
  const out: [number, number][] = [];
  if (!query) return out;
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(query); at >= 0; at = lower.indexOf(query, at + query.length)) out.push([at, at + query.length]);
  return out;
}

export interface SearchHit {
  conversationId: string;
  messageId: string;
  snippet: string;
  ranges: [number, number][];
}

/** A hit in one message's text: the snippet around its first occurrence, with each occurrence in it marked. */
export function hitOf(conversationId: string, messageId: string, indexed: string, query: string): SearchHit {
  const text = lineWith(indexed, query);
  const snippet = snippetOf(text, query) ?? text.replace(/\s+/g, ' ').slice(0, 2 * AROUND);
  return { conversationId, messageId, snippet, ranges: rangesOf(snippet, query) };
}

/** The hits in a conversation's messages, newest first: the scan used while the index is being built. */
export function scanHits(conversationId: string, messages: readonly ChatMessageView[], query: string, limit: number): SearchHit[] {
  const out: SearchHit[] = [];
  for (let i = messages.length - 1; i >= 0 && out.length < limit; i--) {
    const m = messages[i];
    const text = messageTexts(m).find((t) => t.replace(/\s+/g, ' ').toLowerCase().includes(query));
    if (text !== undefined) out.push(hitOf(conversationId, m.id, text, query));
  }
  return out;
}
