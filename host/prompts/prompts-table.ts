/**
 * The prompt library's rows in the studio database (docs/prompts.md, docs/data.md): one row per
 * prompt, an FTS5 index of its words kept by triggers, and one row per thing a submission of it
 * made (a job, a chat reply, a library item). A removed prompt keeps its row, marked, so the
 * dialog's undo brings it back with its links.
 *
 * Search uses FTS5's trigram tokenizer: it matches any part of a word in any script (Chinese has
 * no spaces to split words at), and a query under three characters falls back to LIKE over the
 * same columns, bounded by the table's size (docs/prompts.md, "Search", has the figures).
 */
import type { PromptView } from '@shared/contract/prompts.js';
import { promptVariables } from '@shared/contract/prompts.js';
import type { Db, DomainMigrations } from '../db/migrations.js';

export const promptsMigrations: DomainMigrations = {
  domain: 'prompts',
  migrations: [
    {
      version: 1,
      name: 'prompt library, its search index and its results',
      up: (db) => db.exec(`
        CREATE TABLE prompts_rows (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          title TEXT NOT NULL,
          text TEXT NOT NULL,
          description TEXT NOT NULL,
          tags TEXT NOT NULL,
          presets TEXT NOT NULL,
          created_at REAL NOT NULL,
          updated_at REAL NOT NULL,
          uses INTEGER NOT NULL DEFAULT 0,
          last_used_at REAL,
          removed_at REAL
        ) STRICT;
        CREATE INDEX prompts_rows_recent ON prompts_rows (removed_at, last_used_at, updated_at);
        CREATE VIRTUAL TABLE prompts_fts USING fts5(title, text, description, tags, content='prompts_rows', content_rowid='seq', tokenize='trigram');
        CREATE TRIGGER prompts_rows_ai AFTER INSERT ON prompts_rows BEGIN
          INSERT INTO prompts_fts (rowid, title, text, description, tags) VALUES (new.seq, new.title, new.text, new.description, new.tags);
        END;
        CREATE TRIGGER prompts_rows_ad AFTER DELETE ON prompts_rows BEGIN
          INSERT INTO prompts_fts (prompts_fts, rowid, title, text, description, tags) VALUES ('delete', old.seq, old.title, old.text, old.description, old.tags);
        END;
        CREATE TRIGGER prompts_rows_au AFTER UPDATE OF title, text, description, tags ON prompts_rows BEGIN
          INSERT INTO prompts_fts (prompts_fts, rowid, title, text, description, tags) VALUES ('delete', old.seq, old.title, old.text, old.description, old.tags);
          INSERT INTO prompts_fts (rowid, title, text, description, tags) VALUES (new.seq, new.title, new.text, new.description, new.tags);
        END;
        CREATE TABLE prompts_links (
          prompt_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('job', 'reply', 'item')),
          ref TEXT NOT NULL,
          at REAL NOT NULL,
          PRIMARY KEY (prompt_id, kind, ref)
        ) STRICT;
        CREATE INDEX prompts_links_ref ON prompts_links (kind, ref);
      `),
    },
  ],
};

interface Row {
  id: string;
  title: string;
  text: string;
  description: string;
  tags: string;
  presets: string;
  created_at: number;
  updated_at: number;
  uses: number;
  last_used_at: number | null;
}

export interface StoredPrompt {
  id: string;
  title: string;
  text: string;
  description: string;
  tags: string[];
  presets: Record<string, Record<string, unknown>>;
  createdAt: number;
  updatedAt: number;
}

/** A column of JSON written by this code; damaged by hand, it reads as empty rather than a crash. */
function parsed<T>(json: string, empty: T): T {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as T) : empty;
  } catch {
    return empty;
  }
}

function view(r: Row): PromptView {
  const tags = parsed<unknown[]>(r.tags, []).filter((t): t is string => typeof t === 'string');
  return {
    id: r.id,
    title: r.title,
    text: r.text,
    description: r.description,
    tags,
    presets: parsed(r.presets, {}),
    variables: promptVariables(r.text),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    uses: r.uses,
    ...(r.last_used_at !== null ? { lastUsedAt: r.last_used_at } : {}),
  };
}

/** A user's words as an FTS5 query: each word a quoted phrase (no operator of theirs runs), all of them required. */
function ftsQuery(words: string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');
}

/** `%`, `_` and `\` in a LIKE pattern match themselves. */
const likeOf = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const COLUMNS = 'id, title, text, description, tags, presets, created_at, updated_at, uses, last_used_at';
const ORDER = 'ORDER BY COALESCE(last_used_at, updated_at) DESC, seq DESC';

export class PromptsTable {
  private readonly byId;
  private readonly insert;
  private readonly update;
  private readonly markRemoved;
  private readonly use;
  private readonly addLink;
  private readonly linksOf;
  private readonly promptsOfRef;
  private readonly tagRows;
  private readonly sameContent;

  constructor(readonly db: Db) {
    this.byId = db.prepare(`SELECT ${COLUMNS}, removed_at FROM prompts_rows WHERE id = ?`);
    this.insert = db.prepare(`INSERT INTO prompts_rows (id, title, text, description, tags, presets, created_at, updated_at)
      VALUES (@id, @title, @text, @description, @tags, @presets, @createdAt, @updatedAt)`);
    this.update = db.prepare(`UPDATE prompts_rows SET title = @title, text = @text, description = @description, tags = @tags,
      presets = @presets, updated_at = @updatedAt, removed_at = NULL WHERE id = @id`);
    this.markRemoved = db.prepare('UPDATE prompts_rows SET removed_at = ? WHERE id = ?');
    this.use = db.prepare('UPDATE prompts_rows SET uses = uses + 1, last_used_at = ? WHERE id = ? AND removed_at IS NULL');
    this.addLink = db.prepare('INSERT OR IGNORE INTO prompts_links (prompt_id, kind, ref, at) VALUES (?, ?, ?, ?)');
    this.linksOf = db.prepare('SELECT kind, ref FROM prompts_links WHERE prompt_id = ? ORDER BY at DESC LIMIT 2000');
    this.promptsOfRef = db.prepare('SELECT prompt_id FROM prompts_links WHERE kind = ? AND ref = ?').pluck();
    this.tagRows = db.prepare('SELECT DISTINCT j.value FROM prompts_rows, json_each(prompts_rows.tags) AS j WHERE removed_at IS NULL ORDER BY j.value LIMIT 500').pluck();
    this.sameContent = db.prepare('SELECT id FROM prompts_rows WHERE title = ? AND text = ? AND removed_at IS NULL LIMIT 1').pluck();
  }

  get(id: string, withRemoved = false): PromptView | undefined {
    const row = this.byId.get(id) as (Row & { removed_at: number | null }) | undefined;
    if (!row || (row.removed_at !== null && !withRemoved)) return undefined;
    return view(row);
  }

  /** Whether a row with this id exists, removed or not (an import never takes an id twice). */
  exists(id: string): boolean {
    return this.byId.get(id) !== undefined;
  }

  /** The id of a prompt with this title and text, if one is in the library. */
  sameAs(title: string, text: string): string | undefined {
    return this.sameContent.get(title, text) as string | undefined;
  }

  put(p: StoredPrompt): void {
    const row = { ...p, tags: JSON.stringify(p.tags), presets: JSON.stringify(p.presets) };
    if (this.exists(p.id)) this.update.run(row);
    else this.insert.run(row);
  }

  remove(id: string, at: number): boolean {
    return this.markRemoved.run(at, id).changes > 0;
  }

  restore(id: string): boolean {
    return this.db.prepare('UPDATE prompts_rows SET removed_at = NULL WHERE id = ? AND removed_at IS NOT NULL').run(id).changes > 0;
  }

  /** The prompts matching every word of `query` (and `tag`), most recently used first. */
  search(o: { query?: string; tag?: string; offset: number; limit: number }): { items: PromptView[]; total: number } {
    const words = (o.query ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
    const where = ['p.removed_at IS NULL'];
    const args: unknown[] = [];
    let from = 'prompts_rows p';
    const long = words.filter((w) => [...w].length >= 3);
    const short = words.filter((w) => [...w].length < 3);
    if (long.length) {
      from = 'prompts_fts f JOIN prompts_rows p ON p.seq = f.rowid';
      where.push('prompts_fts MATCH ?');
      args.push(ftsQuery(long));
    }
    for (const w of short) {
      where.push("(p.title LIKE ? ESCAPE '\\' OR p.text LIKE ? ESCAPE '\\' OR p.description LIKE ? ESCAPE '\\' OR p.tags LIKE ? ESCAPE '\\')");
      const like = likeOf(w);
      args.push(like, like, like, like);
    }
    if (o.tag) {
      where.push('EXISTS (SELECT 1 FROM json_each(p.tags) WHERE value = ?)');
      args.push(o.tag);
    }
    const sql = `FROM ${from} WHERE ${where.join(' AND ')}`;
    const total = (this.db.prepare(`SELECT COUNT(*) ${sql}`).pluck().get(...args) as number) ?? 0;
    const rows = this.db.prepare(`SELECT ${COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} ${sql} ${ORDER.replace(/(last_used_at|updated_at|seq)/g, 'p.$1')} LIMIT ? OFFSET ?`)
      .all(...args, o.limit, o.offset) as Row[];
    return { items: rows.map(view), total };
  }

  tags(): string[] {
    return this.tagRows.all() as string[];
  }

  /** Notes what one submission made; the prompt's uses count once per submission. */
  link(promptId: string, refs: { kind: 'job' | 'reply' | 'item'; ref: string }[], at: number): number {
    return this.db.transaction(() => {
      let linked = 0;
      for (const r of refs) linked += this.addLink.run(promptId, r.kind, r.ref, at).changes;
      if (linked) this.use.run(at, promptId);
      return linked;
    })();
  }

  links(promptId: string): { kind: 'job' | 'reply' | 'item'; ref: string }[] {
    return this.linksOf.all(promptId) as { kind: 'job' | 'reply' | 'item'; ref: string }[];
  }

  /** The prompts a job (or reply) was made from. */
  promptsOf(kind: 'job' | 'reply', ref: string): string[] {
    return this.promptsOfRef.all(kind, ref) as string[];
  }

  addItem(promptId: string, itemId: string, at: number): void {
    this.addLink.run(promptId, 'item', itemId, at);
  }

  /** Every prompt in the library (or those named), for an export, a page at a time. */
  page(after: number, limit: number, ids?: readonly string[]): { seq: number; prompt: PromptView }[] {
    const rows = ids
      ? (this.db.prepare(`SELECT seq, ${COLUMNS} FROM prompts_rows WHERE removed_at IS NULL AND seq > ? AND id IN (SELECT value FROM json_each(?)) ORDER BY seq LIMIT ?`).all(after, JSON.stringify(ids), limit) as (Row & { seq: number })[])
      : (this.db.prepare(`SELECT seq, ${COLUMNS} FROM prompts_rows WHERE removed_at IS NULL AND seq > ? ORDER BY seq LIMIT ?`).all(after, limit) as (Row & { seq: number })[]);
    return rows.map((r) => ({ seq: r.seq, prompt: view(r) }));
  }
}
