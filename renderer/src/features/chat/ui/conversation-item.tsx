/**
 * One conversation in the sidebar: open it, rename it inline, or delete it after a confirmation.
 * Drawn as a row of the sidebar's window (conversation-list.tsx): placed at its offset, measured.
 */
import { memo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { call, errorMessage } from '../../../api/client.js';
import { useFormats, type Formats } from '../../../i18n/format.js';
import { applyMeta } from '../model/conversation-cache.js';
import { useShownTitle } from '../model/shown-title.js';
import { applyListChange } from '../model/conversation-list-cache.js';
import { Highlighted } from './highlighted.js';
import { OrganiseActions } from './conversation-organise.js';
import { rowAttributes, samePlace, type RowPlace } from './sidebar-window-row.js';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

export function when(ms: number, f: Formats): string {
  const d = new Date(ms);
  return sameDay(d, new Date()) ? f.clock(d) : f.monthDay(d);
}

interface Props {
  conversation: ConversationSummary;
  selected: boolean;
  onSelect(id: string): void;
  /** The sidebar's search, marked in the snippet. */
  query?: string;
  row: RowPlace;
}

type Mode = 'view' | 'rename' | 'confirm-delete';

export const ConversationItem = memo(function ConversationItem({ conversation: c, selected, onSelect, query, row }: Props) {
  const { t } = useTranslation(['chat', 'common']);
  const f = useFormats();
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const shown = useShownTitle()(c);
  const [title, setTitle] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  const back = () => {
    setMode('view');
    setProblem(null);
    requestAnimationFrame(() => openButton.current?.focus());
  };

  const startRename = () => {
    setTitle(shown);
    setMode('rename');
  };

  const rename = async () => {
    const next = title.trim();
    if (next === c.title || next === shown) return back();
    if (!next) return setProblem(t('item.titleRequired'));
    setBusy(true);
    try {
      const meta = await call('chat.update', { id: c.id, title: next });
      applyMeta(client, meta);
      applyListChange(client, c.id, meta);
      back();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    // Focus goes with the entry: to the next one, the one before at the end, or New conversation.
    const entry = openButton.current?.closest('li');
    const neighbour = (entry?.nextElementSibling ?? entry?.previousElementSibling)?.querySelector<HTMLElement>('.chat-conv-open');
    const fallback = entry?.closest('.chat-sidebar')?.querySelector<HTMLElement>('.chat-new');
    try {
      await call('chat.remove', { id: c.id });
      applyListChange(client, c.id);
      // After the list drew without it (and a conversation opened in its place took what focus it takes).
      requestAnimationFrame(() => (neighbour?.isConnected ? neighbour : fallback)?.focus());
    } catch (e) {
      setProblem(errorMessage(e));
      setBusy(false);
    }
  };

  if (mode === 'rename') {
    return (
      <li className="chat-conv is-editing" {...rowAttributes(row)}>
        <input
          className="chat-rename"
          aria-label={t('item.titleLabel')}
          value={title}
          autoFocus
          disabled={busy}
          maxLength={200}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `rename-${c.id}-error` : undefined}
          onChange={(e) => setTitle(e.target.value)}
          onFocus={(e) => e.target.select()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void rename();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setTitle(shown);
              back();
            }
          }}
        />
        <p className="hint">{t('item.renameHint')}</p>
        {problem && (
          <p id={`rename-${c.id}-error`} className="field-error">
            {problem}
          </p>
        )}
      </li>
    );
  }

  return (
    <li className={`chat-conv${selected ? ' is-selected' : ''}`} {...rowAttributes(row)}>
      <button type="button" ref={openButton} className="chat-conv-open" aria-current={selected ? 'page' : undefined} onClick={() => onSelect(c.id)}>
        <span className="chat-conv-title" dir="auto">{shown}</span>
        <span className="chat-conv-meta">
          {t('item.meta', { when: when(c.updatedAt, f), count: c.messageCount, n: f.number(c.messageCount) })}
        </span>
        {c.snippet && <span className="chat-conv-snippet"><Highlighted text={c.snippet} query={query ?? ''} /></span>}
      </button>
      {mode === 'confirm-delete' ? (
        // Keyed, so the confirmation mounts anew (and its Delete takes focus) instead of reusing the action buttons' nodes.
        <div key="confirm" className="chat-conv-confirm" role="group" aria-label={t('item.confirmLabel', { title: shown })}>
          <span>{t('item.confirmText')}</span>
          <button type="button" className="button button-danger-solid" disabled={busy} onClick={() => void remove()} autoFocus>
            {t('item.delete')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={back}>
            {t('common:cancel')}
          </button>
        </div>
      ) : (
        <div key="actions" className="chat-conv-actions">
          <OrganiseActions conversation={c} shown={shown} />
          <button type="button" className="icon-button" aria-label={t('item.renameLabel', { title: shown })} title={t('item.rename')} onClick={startRename}>
            ✎
          </button>
          <button type="button" className="icon-button button-danger" aria-label={t('item.deleteLabel', { title: shown })} title={t('item.delete')} onClick={() => setMode('confirm-delete')}>
            ×
          </button>
        </div>
      )}
      {problem && <p className="field-error">{problem}</p>}
    </li>
  );
}, (a, b) => a.conversation === b.conversation && a.selected === b.selected && a.onSelect === b.onSelect && a.query === b.query && samePlace(a.row, b.row));
