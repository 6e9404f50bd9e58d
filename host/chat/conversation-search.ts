/**
 * Search over the conversations: from the chat search index once it holds every conversation
 * (search-index.ts), until then by reading the files not in memory, without keeping them
 * (docs/data.md, "The chat search index").
 */
import type { ConversationSummary } from '@shared/contract/chat.js';
import { summaryOf } from '@shared/contract/conversation-summary.js';
import type { Conversation, IndexEntry } from './conversation-file.js';
import { findSnippet, hitOf, lineWith, normalizeQuery, scanHits, snippetOf, type SearchHit } from './search.js';
import type { ChatSearchIndex } from './search-index.js';

/** The newest hits the sidebar's list is drawn from: a query found in most messages stops there. */
export const LIST_HITS = 500;

export interface SearchSource {
  /** The index, once it holds every conversation. */
  index(): ChatSearchIndex | undefined;
  /** The conversations, newest first. */
  list(): IndexEntry[];
  load(id: string): Promise<Conversation | undefined>;
}

export class ConversationSearch {
  constructor(private readonly s: SearchSource) {}

  /** The conversations whose title or messages hold `query`, each with a snippet of a hit in its messages. */
  async list(query: string): Promise<ConversationSummary[]> {
    const q = normalizeQuery(query);
    const index = this.s.index();
    if (index) {
      const snippets = new Map<string, string | undefined>();
      for (const row of index.find(q, { limit: LIST_HITS })) {
        if (snippets.has(row.conversationId)) continue;
        snippets.set(row.conversationId, row.messageId ? snippetOf(lineWith(row.text, q), q) : undefined);
      }
      return this.s.list().flatMap((e) => {
        if (!snippets.has(e.id) && !e.title.toLowerCase().includes(q)) return [];
        const snippet = snippets.get(e.id);
        return [snippet === undefined ? summaryOf(e) : { ...summaryOf(e), snippet }];
      });
    }
    const out: ConversationSummary[] = [];
    for (const e of this.s.list()) {
      if (e.title.toLowerCase().includes(q)) {
        out.push(summaryOf(e));
        continue;
      }
      const c = await this.s.load(e.id);
      const snippet = c ? findSnippet(c.messages, q) : undefined;
      if (snippet !== undefined) out.push({ ...summaryOf(e), snippet });
    }
    return out;
  }

  /** The messages that hold `query`, newest first, in one conversation or in all of them. */
  async hits(query: string, o: { conversationId?: string; limit: number }): Promise<SearchHit[]> {
    const q = normalizeQuery(query);
    if (!q) return [];
    const index = this.s.index();
    if (index) return index.find(q, { ...o, messagesOnly: true }).map((r) => hitOf(r.conversationId, r.messageId, r.text, q));
    const ids = o.conversationId !== undefined ? [o.conversationId] : this.s.list().map((e) => e.id);
    const out: SearchHit[] = [];
    for (const id of ids) {
      if (out.length >= o.limit) break;
      const c = await this.s.load(id);
      if (c) out.push(...scanHits(id, c.messages, q, o.limit - out.length));
    }
    return out;
  }
}
