/**
 * The chat search index in the studio database (docs/data.md, "The chat search index"): one row
 * per message's searchable text (a user's words, or a reply's alternatives), one per title the
 * creator gave, an FTS5 index of them kept by triggers, and per conversation the `updatedAt` it
 * was indexed at, so a start indexes only what changed since (search-backfill.ts).
 *
 * FTS5's trigram tokenizer matches any part of a word in any script (Chinese has no spaces to
 * split words at); a query under three characters falls back to LIKE over the same rows, bounded
 * by the table's size. A row's rowid is its message's time (ms × 1024 + a free slot), so the
 * newest hits come first from the index itself and a LIMIT stops the walk early.
 */
import type { ChatMessageView } from '@shared/contract/chat.js';
import type { Db, DomainMigrations } from '../db/migrations.js';
import type { Conversation } from './conversation-file.js';
import { messageTexts } from './search.js';
import { everyMessage } from './versions.js';

export const chatMigrations: DomainMigrations = {
  domain: 'chat',
  migrations: [
    {
      version: 1,
      name: 'chat search index',
      up: (db) => db.exec(`
        CREATE TABLE chat_search_rows (
          seq INTEGER PRIMARY KEY,
          conversation_id TEXT NOT NULL,
          message_id TEXT NOT NULL,
          text TEXT NOT NULL,
          UNIQUE (conversation_id, message_id)
        ) STRICT;
        CREATE VIRTUAL TABLE chat_search_fts USING fts5(text, content='chat_search_rows', content_rowid='seq', tokenize='trigram');
        CREATE TRIGGER chat_search_rows_ai AFTER INSERT ON chat_search_rows BEGIN
          INSERT INTO chat_search_fts (rowid, text) VALUES (new.seq, new.text);
        END;
        CREATE TRIGGER chat_search_rows_ad AFTER DELETE ON chat_search_rows BEGIN
          INSERT INTO chat_search_fts (chat_search_fts, rowid, text) VALUES ('delete', old.seq, old.text);
        END;
        CREATE TRIGGER chat_search_rows_au AFTER UPDATE OF text ON chat_search_rows BEGIN
          INSERT INTO chat_search_fts (chat_search_fts, rowid, text) VALUES ('delete', old.seq, old.text);
          INSERT INTO chat_search_fts (rowid, text) VALUES (new.seq, new.text);
        END;
        INSERT INTO chat_search_fts (chat_search_fts, rank) VALUES ('automerge', 0);
        CREATE TABLE chat_search_conversations (
          id TEXT PRIMARY KEY,
          updated_at REAL NOT NULL
        ) STRICT;
      `),
    },
  ],
};

/** The title's row: no message has an empty id. */
export const TITLE_ROW = '';
/**
 * Message rows written per transaction; the loop is given back between pages (search-backfill.ts).
 * Each commit also writes FTS5's pending terms as a segment, a cost of its own per page.
 */
export const WRITE_PAGE = 50;
const SLOTS = 1024;
/**
 * Rows a query of one or two characters reads at most, newest first, across conversations: a
 * LIKE over every row of 200,000 took 200 ms when nothing matched (bench/chat-search.ts).
 */
export const SHORT_SCAN = 40_000;
/**
 * Index pages merged after each write, enough that no level of segments piles up to FTS5's crisis
 * merge (16 segments merged in one commit): with FTS5's automerge, or 16 pages a write, one page of
 * the build took 287 ms at 200,000 messages; with 200, the longest took 49 ms (bench/chat-search.ts).
 */
const MERGE_PAGES = 200;

/** One row's text: each alternative on one line, so a query (on one line) never spans two. */
export const indexedText = (m: ChatMessageView) => messageTexts(m).map((t) => t.replace(/\s+/g, ' ').trim()).join('\n');

/** A user's words as one FTS5 phrase: no operator of theirs runs (`"`, `*`, `NEAR(`, `-` are text). */
const phrase = (q: string) => `"${q.replace(/"/g, '""')}"`;
/** `%`, `_` and `\` in a LIKE pattern match themselves. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface IndexedRow {
  conversationId: string;
  messageId: string;
  text: string;
}

export class ChatSearchIndex {
  private readonly rowsOf;
  private readonly insert;
  private readonly update;
  private readonly drop;
  private readonly lastSlot;
  private readonly mark;
  private readonly markedAt;
  private readonly forget;
  private readonly forgetMark;
  private readonly merge;
  /** Saves indexed per conversation this session: a paged build that a save overtook stops (it has the newer text). */
  private readonly saves = new Map<string, number>();

  constructor(readonly db: Db) {
    this.rowsOf = db.prepare<[string], { message_id: string; text: string }>('SELECT message_id, text FROM chat_search_rows WHERE conversation_id = ?');
    this.insert = db.prepare('INSERT INTO chat_search_rows (seq, conversation_id, message_id, text) VALUES (?, ?, ?, ?)');
    this.update = db.prepare('UPDATE chat_search_rows SET text = ? WHERE conversation_id = ? AND message_id = ?');
    this.drop = db.prepare('DELETE FROM chat_search_rows WHERE conversation_id = ? AND message_id = ?');
    this.lastSlot = db.prepare<[number, number], { seq: number | null }>('SELECT MAX(seq) AS seq FROM chat_search_rows WHERE seq BETWEEN ? AND ?');
    this.mark = db.prepare('INSERT INTO chat_search_conversations (id, updated_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at');
    this.markedAt = db.prepare<[string], { updated_at: number }>('SELECT updated_at FROM chat_search_conversations WHERE id = ?');
    this.forget = db.prepare('DELETE FROM chat_search_rows WHERE conversation_id = ?');
    this.forgetMark = db.prepare('DELETE FROM chat_search_conversations WHERE id = ?');
    this.merge = db.prepare(`INSERT INTO chat_search_fts (chat_search_fts, rank) VALUES ('merge', ${MERGE_PAGES})`);
  }

  /** A rowid near `at` (ms) that no row holds: newer messages get larger ones. */
  private seqFor(at: number): number | null {
    const base = Math.max(0, Math.floor(at)) * SLOTS;
    const last = this.lastSlot.get(base, base + SLOTS - 1)?.seq;
    if (last == null) return base;
    // A thousand messages in one millisecond: SQLite picks one past the largest instead.
    return last + 1 < base + SLOTS ? last + 1 : null;
  }

  /** The `updatedAt` the conversation was last indexed at, if it was. */
  indexedAt(id: string): number | undefined {
    return this.markedAt.get(id)?.updated_at;
  }

  /** Brings the conversation's rows in step with it at once (a save): see `stepper`. */
  sync(c: Conversation): void {
    this.saves.set(c.id, (this.saves.get(c.id) ?? 0) + 1);
    this.stepper(c)(Infinity);
  }

  /**
   * Brings the conversation's rows in step with it, a page at a time: new and changed texts are
   * written, removed messages dropped; a reply still streaming is left as it was until it ends.
   * Each call writes at most `page` messages and returns false when more are left (the caller
   * gives the loop back and calls again), true once the conversation is in step and marked.
   */
  stepper(c: Conversation): (page: number) => boolean {
    const had = new Map(this.rowsOf.all(c.id).map((r) => [r.message_id, r.text]));
    const texts: [string, string, number][] = [];
    if (c.titleSet && c.title.trim()) texts.push([TITLE_ROW, c.title.replace(/\s+/g, ' ').trim(), c.createdAt]);
    const seen = new Set<string>();
    let streaming = false;
    // Every version of every branch: switching versions changes no row, and a hidden one is still found.
    for (const m of everyMessage(c.messages)) {
      if (m.status === 'streaming') {
        streaming = true;
        if (had.has(m.id)) seen.add(m.id);
      } else texts.push([m.id, indexedText(m), m.createdAt]);
    }
    for (const [id] of texts) seen.add(id);
    let at = 0;
    const saves = this.saves.get(c.id);
    return (page) => this.db.transaction(() => {
      if (this.saves.get(c.id) !== saves) return true;
      let written = 0;
      for (; at < texts.length && written < page; at++) {
        const [messageId, text, time] = texts[at];
        const before = had.get(messageId);
        if (before === text) continue;
        written += 1;
        had.set(messageId, text);
        if (before !== undefined) this.update.run(text, c.id, messageId);
        else if (text) this.insert.run(this.seqFor(time), c.id, messageId, text);
      }
      // Segments are merged a bounded step per write, not all at once when they pile up.
      if (written) this.merge.run();
      if (at < texts.length) return false;
      for (const id of had.keys()) if (!seen.has(id)) this.drop.run(c.id, id);
      // A reply still streaming is indexed when it ends: until then the mark stays behind.
      if (!streaming) this.mark.run(c.id, c.updatedAt);
      return true;
    })();
  }

  /** Forgets a removed conversation. */
  remove(id: string): void {
    this.db.transaction(() => {
      this.forget.run(id);
      this.forgetMark.run(id);
    })();
  }

  /** The conversations indexed, for the start's comparison with the ones on disk. */
  conversations(): string[] {
    return this.db.prepare<[], { id: string }>('SELECT id FROM chat_search_conversations').all().map((r) => r.id);
  }

  /**
   * Rows whose text holds `query` (normalized: lower case, single spaces), newest first. Three
   * characters or more, across conversations, go through the trigram index, walked newest first
   * and stopped by the limit; fewer go through LIKE over the newest SHORT_SCAN rows; within one
   * conversation, LIKE over its rows (by their index).
   */
  find(query: string, o: { conversationId?: string; limit: number; messagesOnly?: boolean }): IndexedRow[] {
    const only = o.messagesOnly ? "AND r.message_id <> ''" : '';
    const columns = 'r.conversation_id AS conversationId, r.message_id AS messageId, r.text';
    if (o.conversationId !== undefined) {
      return this.db.prepare<unknown[], IndexedRow>(`SELECT ${columns} FROM chat_search_rows r WHERE r.conversation_id = ? AND r.text LIKE ? ESCAPE '\\' ${only} ORDER BY r.seq DESC LIMIT ?`)
        .all(o.conversationId, likeOf(query), o.limit);
    }
    if ([...query].length < 3) {
      const newest = `(SELECT seq, conversation_id, message_id, text FROM chat_search_rows ORDER BY seq DESC LIMIT ${SHORT_SCAN})`;
      return this.db.prepare<unknown[], IndexedRow>(`SELECT ${columns} FROM ${newest} r WHERE r.text LIKE ? ESCAPE '\\' ${only} ORDER BY r.seq DESC LIMIT ?`)
        .all(likeOf(query), o.limit);
    }
    return this.db.prepare<unknown[], IndexedRow>(`SELECT ${columns} FROM chat_search_fts f JOIN chat_search_rows r ON r.seq = f.rowid WHERE chat_search_fts MATCH ? ${only} ORDER BY f.rowid DESC LIMIT ?`)
      .all(phrase(query), o.limit);
  }
}
