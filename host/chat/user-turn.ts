/**
 * A creator's new message as the conversation keeps it: its images copied in (or known ones
 * reused) and its documents' texts kept, each checked first (chat-images.ts, chat-documents.ts).
 * Files copied for it are listed in `copied`, for the caller to remove should the send fail.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessageView } from '@shared/contract/chat.js';
import type { ParsedInput } from '@shared/contract/index.js';
import type { ChatDeps } from './chat-deps.js';
import type { ReadImages } from './chat-images.js';
import type { Conversation } from './conversation-file.js';

type Sent = Pick<ParsedInput<'chat.send'>, 'text' | 'images' | 'imagesFirst' | 'documents'>;

/** The attachments a message names, read before the send goes on. */
export const attachmentIds = (images: Sent['images']) => (images ?? []).flatMap((img) => ('attachmentId' in img ? [img.attachmentId] : []));

/** `model`: the one whose context the documents must fit (the smallest, for several). */
export function userTurn(d: Pick<ChatDeps, 'images' | 'documents' | 'now'>, c: Conversation, input: Sent, read: ReadImages, model: string, copied: string[]): ChatMessageView {
  const images = d.images.forMessage(input.images, c.messages, read, copied);
  const documents = d.documents.forMessage(input.documents, c.messages, model, input.text, copied);
  return {
    id: randomUUID(), role: 'user', createdAt: d.now(), text: input.text, ...(documents.length ? { documents } : {}),
    ...(images.length ? { images } : {}), ...(input.imagesFirst ? { imagesFirst: true } : {}),
  };
}
