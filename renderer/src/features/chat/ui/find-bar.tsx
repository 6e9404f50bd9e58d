/**
 * Find in the open conversation (Ctrl+F while the chat has focus): the host's search within it
 * (`chat.search` with its id, docs/data.md, "The chat search index"), hits newest first. Enter
 * goes to the next (older) hit, Shift+Enter to the previous, Esc closes; "3 of 12" is announced.
 * The list scrolls to each hit's message and the query is marked in the messages drawn
 * (find-marks.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useCall } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { useDebounced } from '../../../state/use-debounced.js';
import { useFindMarks } from './find-marks.js';

interface Props {
  conversationId: string;
  /** Scrolls the list to a message (message-list.tsx). */
  onGo(messageId: string): void;
  onClose(): void;
}

export function FindBar({ conversationId, onGo, onClose }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 150);
  const found = useCall('chat.search', { query, conversationId, limit: 1000 }, { enabled: !!query });
  const hits = query ? (found.data ?? []) : [];
  // The place among these hits: a new answer (a new query) starts at its newest hit.
  const [place, setPlace] = useState<{ of: unknown; at: number }>({ of: undefined, at: 0 });
  const at = place.of === found.data ? place.at : 0;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  const current = hits[at];
  useEffect(() => {
    if (current) onGo(current.messageId);
  }, [current, onGo]);
  useFindMarks(query, current?.messageId);

  const step = (by: number) => {
    if (hits.length) setPlace({ of: found.data, at: (at + by + hits.length) % hits.length });
  };
  const status = !query ? '' : found.isError ? errorMessage(found.error) : found.data ? (hits.length ? t('find.count', { at: f.number(at + 1), total: f.number(hits.length) }) : t('find.none')) : '';

  return (
    <div className="chat-find" role="search" aria-label={t('find.label')}>
      <input
        ref={input}
        type="search"
        className="chat-find-input"
        aria-label={t('find.label')}
        placeholder={t('find.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            step(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape') {
            // Esc here closes the find bar; it does not stop a running reply.
            e.preventDefault();
            e.stopPropagation();
            onClose();
          }
        }}
      />
      <span className="chat-find-count hint" role="status" aria-live="polite">
        {status}
      </span>
      <button type="button" className="button chat-small" onClick={() => step(-1)} disabled={!hits.length} aria-label={t('find.previous')}>
        ↑
      </button>
      <button type="button" className="button chat-small" onClick={() => step(1)} disabled={!hits.length} aria-label={t('find.next')}>
        ↓
      </button>
      <button type="button" className="button chat-small" onClick={onClose} aria-label={t('find.close')}>
        ×
      </button>
    </div>
  );
}
