/**
 * The conversations sidebar as one flat run of rows, for a list drawn as a window (only the rows
 * in view exist in the page, conversation-list.tsx): a folder is a row of its own followed by its
 * conversations unless it is collapsed. Each row knows its place among its siblings, so the page
 * can say "3 of 2,000" to assistive technology for rows it does not draw.
 */
import type { ConversationSummary } from '@shared/contract/chat.js';
import type { ChatFolder } from '@shared/contract/chat-organise.js';
import type { Grouped } from './organisation.js';

interface Place {
  /** Unique among the rows, and the same for a conversation or folder wherever it moves. */
  key: string;
  /** 1-based, among the rows of its own list (the sidebar's, or its folder's). */
  posinset: number;
  setsize: number;
}
export type SidebarRow =
  | (Place & { kind: 'conversation'; conversation: ConversationSummary; folderId?: string })
  | (Place & { kind: 'folder'; folder: ChatFolder; count: number });

export const conversationKey = (id: string) => `c:${id}`;
const folderKey = (id: string) => `f:${id}`;

/** Rows of a flat list (a search's matches): one per conversation. */
export function flatRows(items: readonly ConversationSummary[]): SidebarRow[] {
  return items.map((c, i) => ({ kind: 'conversation', conversation: c, key: conversationKey(c.id), posinset: i + 1, setsize: items.length }));
}

/** Rows of the grouped list: pinned ones, then each folder with what it holds, then the rest. */
export function groupedRows(g: Grouped): SidebarRow[] {
  const setsize = g.top.length + g.folders.length + g.rest.length;
  const rows: SidebarRow[] = [];
  let at = 0;
  const top = (c: ConversationSummary) => rows.push({ kind: 'conversation', conversation: c, key: conversationKey(c.id), posinset: ++at, setsize });
  g.top.forEach(top);
  for (const { folder, items } of g.folders) {
    rows.push({ kind: 'folder', folder, count: items.length, key: folderKey(folder.id), posinset: ++at, setsize });
    if (folder.collapsed) continue;
    items.forEach((c, i) => rows.push({ kind: 'conversation', conversation: c, folderId: folder.id, key: conversationKey(c.id), posinset: i + 1, setsize: items.length }));
  }
  g.rest.forEach(top);
  return rows;
}

/**
 * The drawn rows in order, in runs: rows at the top level one by one, and each folder's drawn rows
 * under that folder (`index`: its own row, `head`: whether that is drawn), so that its
 * conversations stay in its own list.
 */
export type Run = { kind: 'row'; index: number } | { kind: 'folder'; index: number; head: boolean; indexes: number[] };

export function runsOf(rows: readonly SidebarRow[], drawn: readonly number[]): Run[] {
  const runs: Run[] = [];
  const folderRuns = new Map<string, Extract<Run, { kind: 'folder' }>>();
  const folderRun = (folderId: string) => {
    let run = folderRuns.get(folderId);
    if (!run) {
      // The folder's own row comes before its conversations, drawn or scrolled past.
      run = { kind: 'folder', index: rows.findIndex((r) => r.key === folderKey(folderId)), head: false, indexes: [] };
      folderRuns.set(folderId, run);
      runs.push(run);
    }
    return run;
  };
  for (const index of drawn) {
    const row = rows[index];
    if (row.kind === 'folder') folderRun(row.folder.id).head = true;
    else if (row.folderId) folderRun(row.folderId).indexes.push(index);
    else runs.push({ kind: 'row', index });
  }
  return runs;
}

/** The indexes of the rows that are conversations: where the arrow keys go. */
export function conversationIndexes(rows: readonly SidebarRow[]): number[] {
  return rows.flatMap((r, i) => (r.kind === 'conversation' ? [i] : []));
}
