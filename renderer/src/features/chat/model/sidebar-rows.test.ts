/** The sidebar's rows for its window: a folder's row then its conversations, each placed among its own siblings. */
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { groupConversations } from './organisation.js';
import { conversationIndexes, flatRows, groupedRows, runsOf } from './sidebar-rows.js';

const conv = (id: string, updatedAt: number): ConversationSummary => ({ id, title: id, model: 'm', createdAt: 0, updatedAt, messageCount: 0 });
const items = [conv('e', 5), conv('d', 4), conv('c', 3), conv('b', 2), conv('a', 1)];
const open = { id: 'f', name: 'Work', collapsed: false, createdAt: 0 };
const shut = { id: 'g', name: 'Old', collapsed: true, createdAt: 0 };
const rows = groupedRows(groupConversations(items, { folders: [open, shut], placements: [{ id: 'a', pinnedAt: 1 }, { id: 'c', folderId: 'f' }, { id: 'd', folderId: 'f' }, { id: 'b', folderId: 'g' }] }));
const shown = (r: (typeof rows)[number]) => (r.kind === 'folder' ? `[${r.folder.name} ${r.count}]` : r.conversation.id) + ` ${r.posinset}/${r.setsize}`;

describe('the sidebar as rows', () => {
  it('lists pinned ones, each folder with its conversations unless collapsed, then the rest; each placed among its siblings', () => {
    expect(rows.map(shown)).toEqual(['a 1/4', '[Work 2] 2/4', 'd 1/2', 'c 2/2', '[Old 1] 3/4', 'e 4/4']);
    expect(conversationIndexes(rows)).toEqual([0, 2, 3, 5]);
  });

  it("puts a folder's drawn conversations under it, its own row drawn or scrolled past", () => {
    expect(runsOf(rows, [0, 1, 2])).toEqual([{ kind: 'row', index: 0 }, { kind: 'folder', index: 1, head: true, indexes: [2] }]);
    expect(runsOf(rows, [3, 4, 5])).toEqual([{ kind: 'folder', index: 1, head: false, indexes: [3] }, { kind: 'folder', index: 4, head: true, indexes: [] }, { kind: 'row', index: 5 }]);
  });

  it('lists a search flat, every match among all', () => {
    expect(flatRows(items.slice(0, 2)).map(shown)).toEqual(['e 1/2', 'd 2/2']);
  });
});
