/**
 * Pins and folders of the Chat tab's conversations, in the studio database (docs/data.md, "Pins
 * and folders"). Kept apart from the conversation files and their index: a change is one SQLite
 * transaction, so a kill at any moment leaves the change whole or not made, and a data folder from
 * before this feature opens with its index.json as it was (this domain's migration only adds its
 * tables). A row naming a conversation no longer listed is dropped when the organisation is read.
 */
import { msg } from '@shared/messages/index.js';
import { randomUUID } from 'node:crypto';
import type { ChatFolder, ChatOrganisation, ChatPlacement } from '@shared/contract/chat-organise.js';
import { coreError } from '../errors.js';
import type { Db, DomainMigrations } from '../db/migrations.js';

export const chatOrganiseMigrations: DomainMigrations = {
  domain: 'chat-organise',
  migrations: [
    {
      version: 1,
      name: 'chat pins and folders',
      up: (db) => db.exec(`
        CREATE TABLE chat_folders (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          collapsed INTEGER NOT NULL DEFAULT 0,
          created_at REAL NOT NULL
        ) STRICT;
        CREATE TABLE chat_placements (
          conversation_id TEXT PRIMARY KEY,
          pinned_at REAL,
          folder_id TEXT REFERENCES chat_folders (id) ON DELETE SET NULL
        ) STRICT;
        CREATE INDEX chat_placements_folder ON chat_placements (folder_id);
      `),
    },
  ],
};

/** At most this many folders: the sidebar lists them all, always. */
export const FOLDERS_MAX = 500;

interface PlacementRow { conversation_id: string; pinned_at: number | null; folder_id: string | null }
interface FolderRow { id: string; name: string; collapsed: number; created_at: number }

export class ConversationFolders {
  constructor(
    private readonly db: Db,
    /** Whether a conversation is listed (conversation-store.ts). */
    private readonly known: (id: string) => boolean,
    private readonly now: () => number,
  ) {}

  /** The folders by name, and where each listed conversation sits. */
  organisation(): ChatOrganisation {
    const folders = (this.db.prepare('SELECT id, name, collapsed, created_at FROM chat_folders ORDER BY name COLLATE NOCASE, created_at').all() as FolderRow[])
      .map((f): ChatFolder => ({ id: f.id, name: f.name, collapsed: f.collapsed === 1, createdAt: f.created_at }));
    const rows = this.db.prepare('SELECT conversation_id, pinned_at, folder_id FROM chat_placements').all() as PlacementRow[];
    const gone = rows.filter((r) => !this.known(r.conversation_id)).map((r) => r.conversation_id);
    if (gone.length) this.forget(gone);
    const placements = rows.filter((r) => this.known(r.conversation_id)).map((r): ChatPlacement => ({
      id: r.conversation_id,
      ...(r.pinned_at !== null ? { pinnedAt: r.pinned_at } : {}),
      ...(r.folder_id !== null ? { folderId: r.folder_id } : {}),
    }));
    return { folders, placements };
  }

  pin(id: string, pinned: boolean): ChatOrganisation {
    this.conversation(id);
    this.place(id, { pinned_at: pinned ? this.now() : null });
    return this.organisation();
  }

  move(id: string, folderId: string | undefined): ChatOrganisation {
    this.conversation(id);
    if (folderId !== undefined) this.folder(folderId);
    this.place(id, { folder_id: folderId ?? null });
    return this.organisation();
  }

  create(name: string): ChatOrganisation & { created: ChatFolder } {
    const count = (this.db.prepare('SELECT count(*) AS n FROM chat_folders').get() as { n: number }).n;
    if (count >= FOLDERS_MAX) throw coreError('invalid_input', msg('chat.folder.tooMany', { max: FOLDERS_MAX }), 'name');
    const created: ChatFolder = { id: randomUUID(), name, collapsed: false, createdAt: this.now() };
    this.db.prepare('INSERT INTO chat_folders (id, name, collapsed, created_at) VALUES (?, ?, 0, ?)').run(created.id, name, created.createdAt);
    return { ...this.organisation(), created };
  }

  rename(id: string, name: string): ChatOrganisation {
    this.folder(id);
    this.db.prepare('UPDATE chat_folders SET name = ? WHERE id = ?').run(name, id);
    return this.organisation();
  }

  collapse(id: string, collapsed: boolean): ChatOrganisation {
    this.folder(id);
    this.db.prepare('UPDATE chat_folders SET collapsed = ? WHERE id = ?').run(collapsed ? 1 : 0, id);
    return this.organisation();
  }

  /** The folder goes; its conversations stay, at the top level (the foreign key sets theirs to NULL). */
  remove(id: string): ChatOrganisation {
    this.folder(id);
    this.db.prepare('DELETE FROM chat_folders WHERE id = ?').run(id);
    return this.organisation();
  }

  /** A conversation imported under an id a removed one had starts neither pinned nor filed. */
  forget(ids: readonly string[]): void {
    const del = this.db.prepare('DELETE FROM chat_placements WHERE conversation_id = ?');
    this.db.transaction(() => {
      for (const id of ids) del.run(id);
    })();
  }

  private conversation(id: string): void {
    if (!this.known(id)) throw coreError('not_found', msg('chat.conversation.gone'));
  }

  private folder(id: string): void {
    if (!this.db.prepare('SELECT 1 FROM chat_folders WHERE id = ?').get(id)) throw coreError('not_found', msg('chat.folder.gone'));
  }

  /** One row per conversation; a row that says nothing any more is removed. */
  private place(id: string, change: Partial<Omit<PlacementRow, 'conversation_id'>>): void {
    this.db.transaction(() => {
      const row = (this.db.prepare('SELECT conversation_id, pinned_at, folder_id FROM chat_placements WHERE conversation_id = ?').get(id) as PlacementRow | undefined)
        ?? { conversation_id: id, pinned_at: null, folder_id: null };
      const next = { ...row, ...change };
      if (next.pinned_at === null && next.folder_id === null) this.db.prepare('DELETE FROM chat_placements WHERE conversation_id = ?').run(id);
      else this.db.prepare('INSERT INTO chat_placements (conversation_id, pinned_at, folder_id) VALUES (?, ?, ?) ON CONFLICT (conversation_id) DO UPDATE SET pinned_at = excluded.pinned_at, folder_id = excluded.folder_id').run(id, next.pinned_at, next.folder_id);
    })();
  }
}
