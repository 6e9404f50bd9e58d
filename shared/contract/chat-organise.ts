/**
 * Organising the Chat tab's conversations (docs/data.md, "Pins and folders" and "Conversation
 * export"): pins and folders kept in the studio database, and a whole conversation exported to one
 * JSON file (its attachments embedded) and imported back as a new conversation.
 */
import { z } from 'zod';
import { bytes } from './bytes.js';
import { zodMessage } from '../messages/index.js';
import { ConversationSummary } from './chat.js';
import { FOLDER_NAME_MAX } from './chat-folder-limits.js';

export { FOLDER_NAME_MAX };

const conversationId = z.string().min(1).max(100);
const folderId = z.string().min(1).max(100);
const folderName = z.string().trim().min(1).max(FOLDER_NAME_MAX);

/**
 * The largest export file an import reads: its bytes cross the contract whole and are parsed on the
 * host's loop, so it is held to what the browser shell's upload route takes.
 */
export const CHAT_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export const ChatFolder = z.object({ id: z.string(), name: z.string(), collapsed: z.boolean(), createdAt: z.number() });
export type ChatFolder = z.infer<typeof ChatFolder>;

/** Where each conversation sits: pinned (since when) and in which folder; unlisted ones are neither. */
export const ChatPlacement = z.object({ id: z.string(), pinnedAt: z.number().optional(), folderId: z.string().optional() });
export type ChatPlacement = z.infer<typeof ChatPlacement>;

export const ChatOrganisation = z.object({ folders: z.array(ChatFolder), placements: z.array(ChatPlacement) });
export type ChatOrganisation = z.infer<typeof ChatOrganisation>;

export const chatOrganiseMethods = {
  'chat.organisation': { input: z.object({}), output: ChatOrganisation },
  'chat.pin': { input: z.object({ id: conversationId, pinned: z.boolean() }), output: ChatOrganisation },
  'chat.createFolder': { input: z.object({ name: folderName }), output: ChatOrganisation.extend({ created: ChatFolder }) },
  'chat.renameFolder': { input: z.object({ id: folderId, name: folderName }), output: ChatOrganisation },
  'chat.collapseFolder': { input: z.object({ id: folderId, collapsed: z.boolean() }), output: ChatOrganisation },
  /** Its conversations go back to the top level; none is removed. */
  'chat.removeFolder': { input: z.object({ id: folderId }), output: ChatOrganisation },
  /** `folderId` absent: back to the top level. */
  'chat.moveToFolder': { input: z.object({ id: conversationId, folderId: folderId.optional() }), output: ChatOrganisation },
  /** The stored conversation as it is kept, with its attachments embedded (host/chat/json-export.ts). */
  'chat.exportJson': { input: z.object({ id: conversationId, branches: z.enum(['shown', 'all']).optional() }), output: z.object({ fileName: z.string(), json: z.string() }) },
  /** An export file's bytes; the conversation is added under a new id when its own is taken. */
  'chat.importJson': {
    input: z.object({
      name: z.string().max(255),
      data: bytes(zodMessage('chat.transfer.noFile'), CHAT_IMPORT_MAX_BYTES, zodMessage('chat.transfer.tooLarge', { mb: CHAT_IMPORT_MAX_BYTES / 1024 / 1024 })),
    }),
    output: z.object({ conversation: ConversationSummary, renamedFiles: z.number() }),
  },
} as const;
