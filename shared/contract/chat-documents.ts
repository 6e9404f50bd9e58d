/**
 * Documents in a chat message (docs/chat-documents.md): text, Markdown, code, CSV and PDF files
 * whose text the host extracts (`chat.addDocument`) and sends inline in the user turn. A message
 * keeps each document's name, type, size in tokens and the file its text is kept in.
 */
import { z } from 'zod';
import { bytes } from './bytes.js';
import { zodMessage } from '../messages/index.js';
import { DOCUMENT_MAX_BYTES } from '../gateway/document-kinds.js';

export { DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES, isDocumentName } from '../gateway/document-kinds.js';

/** A document of a stored user turn. `file`: its text, under the library folder's `chat-documents/`. */
export const ChatDocument = z.object({
  file: z.string(),
  name: z.string(),
  mime: z.string(),
  /** Estimated (shared/gateway/context-sizes.ts `estimateTokens`). */
  tokens: z.number().int().min(0),
  chars: z.number().int().min(0),
  pages: z.number().int().min(0).optional(),
});
export type ChatDocument = z.infer<typeof ChatDocument>;

/** A document read by the host and waiting to be sent (`chat.send` `documents: [{ documentId }]`). */
export const PreparedDocument = ChatDocument.omit({ file: true }).extend({ id: z.string() });
export type PreparedDocument = z.infer<typeof PreparedDocument>;

/** A document for a new user turn: one just read (`chat.addDocument`), or (edit and resend) one this conversation holds. */
export const ChatDocumentInput = z.union([
  z.object({ documentId: z.string().min(1).max(100) }),
  z.object({ file: z.string().min(1).max(200) }),
]);

export const chatDocumentMethods = {
  /**
   * Reads a document's text in the host (a PDF in a worker thread): refused, with the reason,
   * when it is no text. The text waits in the host until a message sends it.
   */
  'chat.addDocument': {
    input: z.object({
      name: z.string().min(1).max(255),
      data: bytes(zodMessage('rules.media.attachFile'), DOCUMENT_MAX_BYTES, zodMessage('app.calls.fileTooLarge')),
    }),
    output: PreparedDocument,
  },
} as const;
