/** The sidebar's grouping: pinned first, folders by the host's order, a folder that is gone counts as none. */
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { groupConversations } from './organisation.js';

const conv = (id: string, updatedAt: number): ConversationSummary => ({ id, title: id, model: 'm', createdAt: 0, updatedAt, messageCount: 0 });
// Newest first, as the host lists them.
const items = [conv('e', 5), conv('d', 4), conv('c', 3), conv('b', 2), conv('a', 1)];
const ids = (list: ConversationSummary[]) => list.map((c) => c.id);

describe('groupConversations', () => {
  it('puts pinned conversations first, newest first, then folders, then the rest', () => {
    const folder = { id: 'f', name: 'Work', collapsed: false, createdAt: 0 };
    const g = groupConversations(items, {
      folders: [folder],
      placements: [{ id: 'a', pinnedAt: 9 }, { id: 'c', pinnedAt: 1 }, { id: 'b', folderId: 'f' }, { id: 'e', folderId: 'f', pinnedAt: 3 }, { id: 'd', folderId: 'f' }],
    });
    expect(ids(g.top)).toEqual(['c', 'a']);
    expect(g.folders.map((x) => [x.folder.id, ids(x.items)])).toEqual([['f', ['e', 'd', 'b']]]);
    expect(ids(g.rest)).toEqual([]);
  });

  it('lists a conversation whose folder is gone at the top level, and an empty folder still shows', () => {
    const g = groupConversations(items, { folders: [{ id: 'empty', name: 'Empty', collapsed: true, createdAt: 0 }], placements: [{ id: 'a', folderId: 'gone' }] });
    expect(ids(g.rest)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(g.folders.map((x) => ids(x.items))).toEqual([[]]);
  });
});
