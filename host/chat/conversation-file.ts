/**
 * What a conversation looks like on disk (`<dataDir>/conversations/<id>.json`) and in the index
 * beside it, with the zod schemas that check both when they are read (docs/house-rules.md,
 * "Validate at every boundary").
 */
import { msg } from '@shared/messages/index.js';
import { z } from 'zod';
import { ChatMessageView, ChatSettings, DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import { everyMessage, type StoredMessage } from './versions.js';

/** Ids become file names: nothing but these characters ever reaches the disk. */
export const CONVERSATION_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A turn as the file keeps it: with its hidden versions and their branches (versions.ts). */
export const StoredMessageFile: z.ZodType<StoredMessage> = ChatMessageView.extend({
  get otherVersions() {
    return z.array(z.array(StoredMessageFile)).optional();
  },
});

export const ConversationFile = z.object({
  version: z.literal(1),
  id: z.string().regex(CONVERSATION_ID),
  title: z.string(),
  /** True once the creator named it; until then the title follows the first user message. */
  titleSet: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  // Settings added in later versions take their defaults in files written before them.
  settings: ChatSettings.partial().transform((s) => ChatSettings.parse({ ...DEFAULT_CHAT_SETTINGS, ...s })),
  messages: z.array(StoredMessageFile),
});
export type Conversation = z.output<typeof ConversationFile>;

export const IndexEntry = z.object({
  id: z.string().regex(CONVERSATION_ID),
  title: z.string(),
  model: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number(),
  /** A reply was streaming when this was written: on the next start the file is checked. */
  streaming: z.boolean().optional(),
  /** The title is the host's placeholder, which the page shows in its own language. */
  untitled: z.enum(['conversation', 'image']).optional(),
});
export type IndexEntry = z.infer<typeof IndexEntry>;

/** Version 2 marks the host's placeholder titles (`untitled`); version 1 did not. */
export const IndexFile = z.object({ version: z.union([z.literal(1), z.literal(2)]), conversations: z.array(IndexEntry) });

export const UNTITLED = 'New conversation';
const TITLE_CHARS = 80;

const IMAGE_TITLE = 'Image';

/** The placeholder a conversation's title is while it has no words of its own, if it is one. */
function placeholderOf(c: Pick<Conversation, 'messages'>): IndexEntry['untitled'] {
  const first = c.messages.find((m) => m.role === 'user');
  if (first?.text?.trim()) return undefined;
  return first?.images?.length ? 'image' : 'conversation';
}

/** The first user message, on one line and trimmed to a title's length. */
export function deriveTitle(c: Pick<Conversation, 'messages'>): string {
  const placeholder = placeholderOf(c);
  if (placeholder) return placeholder === 'image' ? IMAGE_TITLE : UNTITLED;
  const text = c.messages.find((m) => m.role === 'user')!.text!.replace(/\s+/g, ' ').trim();
  return text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1).trimEnd()}…` : text;
}

/**
 * An entry of an index written before placeholders were marked: the host's own English
 * placeholder in its title says so (the host's data, never text shown translated).
 */
export function markedEntry(e: IndexEntry): IndexEntry {
  if (e.untitled) return e;
  const untitled = e.title === UNTITLED ? 'conversation' : e.title === IMAGE_TITLE ? 'image' : undefined;
  return untitled ? { ...e, untitled } : e;
}

export function entryOf(c: Conversation): IndexEntry {
  const streaming = c.messages.some((m) => m.status === 'streaming');
  return {
    id: c.id, title: c.title, model: c.settings.model, createdAt: c.createdAt, updatedAt: c.updatedAt, messageCount: c.messages.length,
    ...(streaming ? { streaming } : {}),
    ...(!c.titleSet && placeholderOf(c) ? { untitled: placeholderOf(c) } : {}),
  };
}


export const CLOSED_WHILE_STREAMING = msg('chat.reply.closedWhileStreaming');

/** What arrived is kept; Continue or Regenerate finish the reply. */
export function markClosed(m: ChatMessageView): void {
  m.status = 'incomplete';
  m.error = { code: 'aborted', message: CLOSED_WHILE_STREAMING.message, text: CLOSED_WHILE_STREAMING, retryable: true };
}

/** A reply that was streaming when the process died is kept, marked incomplete. Returns true when it changed something. */
export function recoverStreaming(c: Conversation): boolean {
  let changed = false;
  for (const m of everyMessage(c.messages)) {
    if (m.status !== 'streaming') continue;
    markClosed(m);
    changed = true;
  }
  return changed;
}
