/**
 * The `chat-organise` contract calls (shared/contract/chat-organise.ts), answered by the chat
 * module: pins and folders (conversation-folders.ts) and the JSON export and import
 * (json-export.ts), over the chat service's conversation store.
 */
import { summaryOf } from '@shared/contract/conversation-summary.js';
import type { HostContext } from '../module.js';
import type { Handlers } from '../dispatch.js';
import { entryOf } from './conversation-file.js';
import { ConversationFolders } from './conversation-folders.js';
import { exportJson, importJson } from './json-export.js';

type OrganiseHandlers = Pick<Handlers,
  'chat.organisation' | 'chat.pin' | 'chat.createFolder' | 'chat.renameFolder' | 'chat.collapseFolder' | 'chat.removeFolder' | 'chat.moveToFolder' | 'chat.exportJson' | 'chat.importJson'>;

export function organiseHandlers({ use, now, emit }: HostContext): OrganiseHandlers {
  const { store } = use('chat');
  const library = use('library').current;
  const folders = new ConversationFolders(use('db').forDomain('chat-organise'), (id) => store.has(id), now);
  return {
    'chat.organisation': () => folders.organisation(),
    'chat.pin': (i) => folders.pin(i.id, i.pinned),
    'chat.createFolder': (i) => folders.create(i.name),
    'chat.renameFolder': (i) => folders.rename(i.id, i.name),
    'chat.collapseFolder': (i) => folders.collapse(i.id, i.collapsed),
    'chat.removeFolder': (i) => folders.remove(i.id),
    'chat.moveToFolder': (i) => folders.move(i.id, i.folderId),
    'chat.exportJson': (i) => exportJson(store.get(i.id), library.root, i.branches),
    'chat.importJson': async (i) => {
      const { conversation, renamedFiles } = await importJson(i.data, { root: library.root, has: (id) => store.has(id), save: (c) => store.saveDurable(c) });
      folders.forget([conversation.id]);
      const summary = summaryOf(entryOf(conversation));
      emit('chat.onDidChange', { id: conversation.id, reason: 'created', summary });
      return { conversation: summary, renamedFiles };
    },
  };
}
