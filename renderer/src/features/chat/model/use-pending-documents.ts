/**
 * Documents waiting in the composer (docs/chat-documents.md): each file goes to the host as bytes
 * (`chat.addDocument`), which reads its text (a PDF in a worker) and answers with its size in
 * tokens, or why it is no document. The draft keeps that answer, never the text. Whether they fit
 * the model is worked out here, with the host's estimate and context sizes, so the creator sees
 * it before sending; the host checks again on send.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreparedDocument } from '@shared/contract/chat-documents.js';
import { DOCUMENT_MAX_BYTES, isDocumentName } from '@shared/gateway/document-kinds.js';
import { contextTokensOf, estimateTokens } from '@shared/gateway/context-sizes.js';
import { call, errorMessage } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import type { ListChange } from '../../../state/drafts.js';

export type PendingDocument = PreparedDocument;

/** SendInput takes at most 16 documents per turn. */
export const MAX_DOCUMENTS = 16;

export interface PendingDocuments {
  busy: number;
  problem: string | null;
  addFiles(files: readonly File[]): Promise<void>;
  remove(id: string): void;
}

export function usePendingDocuments(documents: readonly PendingDocument[], changeDocuments: (change: ListChange<PendingDocument>) => void): PendingDocuments {
  const { t } = useTranslation('chat');
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    busy,
    problem,
    async addFiles(files) {
      setProblem(null);
      const room = Math.max(MAX_DOCUMENTS - documents.length - busy, 0);
      if (files.length > room) setProblem(t('documents.tooMany', { max: MAX_DOCUMENTS }));
      await Promise.all(files.slice(0, room).map(async (file) => {
        if (!isDocumentName(file.name) || file.size > DOCUMENT_MAX_BYTES) {
          setProblem(t('documents.notDocument', { name: file.name }));
          return;
        }
        setBusy((n) => n + 1);
        try {
          const doc = await call('chat.addDocument', { name: file.name, data: new Uint8Array(await file.arrayBuffer()) });
          // Several files dropped together: each read appends to the list as the others left it.
          changeDocuments((list) => (list.length < MAX_DOCUMENTS ? [...list, doc] : list));
        } catch (e) {
          setProblem(errorMessage(e));
        } finally {
          setBusy((n) => n - 1);
        }
      }));
    },
    remove(id) {
      changeDocuments((list) => list.filter((d) => d.id !== id));
    },
  };
}

/** Why these documents (with the message) cannot go to `model`, with the numbers; else undefined. */
export function useContextRefusal(documents: readonly PendingDocument[], text: string, model: string): string | undefined {
  const { t } = useTranslation('chat');
  const f = useFormats();
  if (!documents.length) return undefined;
  const limit = contextTokensOf(model);
  const alone = documents.find((d) => d.tokens > limit);
  if (alone) return t('documents.tooLargeOne', { tokens: f.number(alone.tokens), model, limit: f.number(limit) });
  const tokens = documents.reduce((sum, d) => sum + d.tokens, 0) + estimateTokens(text);
  return tokens > limit ? t('documents.tooLargeAll', { tokens: f.number(tokens), model, limit: f.number(limit) }) : undefined;
}
