/**
 * Documents as chips: the composer's, waiting to be sent (name, size in tokens, a remove button
 * each, marked when too large for the model), and a sent turn's (docs/chat-documents.md).
 */
import { useTranslation } from 'react-i18next';
import type { ChatDocument } from '@shared/contract/chat-documents.js';
import { contextTokensOf } from '@shared/gateway/context-sizes.js';
import { useFormats } from '../../../i18n/format.js';
import type { PendingDocument, PendingDocuments } from '../model/use-pending-documents.js';

function Chip({ doc, tooLarge }: { doc: Pick<ChatDocument, 'name' | 'tokens' | 'pages'>; tooLarge?: boolean }) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const tokens = f.number(doc.tokens);
  return (
    <>
      <span className="chat-doc-kind" aria-hidden="true">
        {/\.([^.]+)$/.exec(doc.name)?.[1]?.toUpperCase().slice(0, 4) ?? t('documents.kindUnknown')}
      </span>
      <span className="chat-pending-name" title={doc.name}>
        {doc.name}
      </span>
      <span className="hint chat-doc-tokens">
        {t('documents.tokens', { tokens })}
        {doc.pages ? ` · ${t('documents.pages', { count: doc.pages, n: f.number(doc.pages) })}` : ''}
      </span>
      {tooLarge && <span className="chat-doc-too-large">{t('documents.tooLarge')}</span>}
    </>
  );
}

/** The refusal with its numbers shows beside Send, which it holds (composer.tsx `blocked`). */
export function PendingDocumentList({ documents, pending, model }: { documents: readonly PendingDocument[]; pending: PendingDocuments; model: string }) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  if (!documents.length && !pending.busy && !pending.problem) return null;
  const limit = contextTokensOf(model);
  return (
    <div className="chat-pending">
      <ul className="chat-pending-list" aria-label={t('documents.list')}>
        {documents.map((d) => (
          <li key={d.id} className="chat-pending-item chat-doc" aria-label={t('documents.chip', { name: d.name, tokens: f.number(d.tokens) })}>
            <Chip doc={d} tooLarge={d.tokens > limit} />
            <button type="button" className="icon-button button-danger" aria-label={t('documents.remove', { name: d.name })} onClick={() => pending.remove(d.id)}>
              ×
            </button>
          </li>
        ))}
        {pending.busy > 0 && (
          <li className="chat-pending-item hint" role="status">
            {t('documents.reading', { count: pending.busy, n: f.number(pending.busy) })}
          </li>
        )}
      </ul>
      {pending.problem && <p className="field-error">{pending.problem}</p>}
    </div>
  );
}

export function SentDocuments({ documents }: { documents: readonly ChatDocument[] }) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  return (
    <ul className="chat-pending-list msg-documents" aria-label={t('documents.sent')}>
      {documents.map((d) => (
        <li key={d.file} className="chat-pending-item chat-doc" aria-label={t('documents.chip', { name: d.name, tokens: f.number(d.tokens) })}>
          <Chip doc={d} />
        </li>
      ))}
    </ul>
  );
}
