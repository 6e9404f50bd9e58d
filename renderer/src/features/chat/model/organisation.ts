/**
 * The sidebar's pins and folders (docs/data.md, "Pins and folders"): the list grouped from the
 * host's organisation (use-organisation.ts) —
 * pinned conversations first (newest first among them), then the folders by name, then the rest;
 * inside a folder, its pinned ones first too.
 */
import type { ConversationSummary } from '@shared/contract/chat.js';
import type { ChatFolder, ChatOrganisation } from '@shared/contract/chat-organise.js';

export interface FolderGroup { folder: ChatFolder; items: ConversationSummary[] }
export interface Grouped { top: ConversationSummary[]; folders: FolderGroup[]; rest: ConversationSummary[] }

export interface Place { pinned: boolean; folderId?: string }

/** Where each conversation sits, by id. */
export function placesOf(o: ChatOrganisation): Map<string, Place> {
  return new Map(o.placements.map((p) => [p.id, { pinned: p.pinnedAt !== undefined, ...(p.folderId ? { folderId: p.folderId } : {}) }]));
}

/** `items` (newest first, as listed) grouped for the sidebar; a placement naming a folder that is gone counts as top level. */
export function groupConversations(items: readonly ConversationSummary[], o: ChatOrganisation): Grouped {
  const places = placesOf(o);
  const folderIds = new Set(o.folders.map((f) => f.id));
  const pinnedFirst = (list: ConversationSummary[]) => [...list.filter((c) => places.get(c.id)?.pinned), ...list.filter((c) => !places.get(c.id)?.pinned)];
  const inFolder = new Map<string, ConversationSummary[]>(o.folders.map((f) => [f.id, []]));
  const loose: ConversationSummary[] = [];
  for (const c of items) {
    const folderId = places.get(c.id)?.folderId;
    if (folderId && folderIds.has(folderId)) inFolder.get(folderId)!.push(c);
    else loose.push(c);
  }
  return {
    top: loose.filter((c) => places.get(c.id)?.pinned),
    folders: o.folders.map((folder) => ({ folder, items: pinnedFirst(inFolder.get(folder.id)!) })),
    rest: loose.filter((c) => !places.get(c.id)?.pinned),
  };
}
