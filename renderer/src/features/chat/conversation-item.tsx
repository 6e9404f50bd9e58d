/** One conversation in the sidebar: open it, rename it inline, or delete it after a confirmation. */
import { memo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '../../../../shared/contract/chat.js';
import { call, errorMessage } from '../../api/client.js';
import { applyMeta } from './conversation-cache.js';
import { LIST_KEY } from './use-chat-events.js';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

export function when(ms: number): string {
  const d = new Date(ms);
  return sameDay(d, new Date()) ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

interface Props {
  conversation: ConversationSummary;
  selected: boolean;
  onSelect(id: string): void;
}

type Mode = 'view' | 'rename' | 'confirm-delete';

export const ConversationItem = memo(function ConversationItem({ conversation: c, selected, onSelect }: Props) {
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const [title, setTitle] = useState(c.title);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  const back = () => {
    setMode('view');
    setProblem(null);
    requestAnimationFrame(() => openButton.current?.focus());
  };

  const rename = async () => {
    const next = title.trim();
    if (next === c.title) return back();
    if (!next) return setProblem('Give the conversation a title.');
    setBusy(true);
    try {
      applyMeta(client, await call('chat.update', { id: c.id, title: next }));
      await client.invalidateQueries({ queryKey: LIST_KEY });
      back();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await call('chat.remove', { id: c.id });
      await client.invalidateQueries({ queryKey: LIST_KEY });
    } catch (e) {
      setProblem(errorMessage(e));
      setBusy(false);
    }
  };

  if (mode === 'rename') {
    return (
      <li className="chat-conv is-editing">
        <input
          className="chat-rename"
          aria-label="Conversation title"
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
              setTitle(c.title);
              back();
            }
          }}
        />
        <p className="hint">Enter saves, Escape cancels.</p>
        {problem && (
          <p id={`rename-${c.id}-error`} className="field-error">
            {problem}
          </p>
        )}
      </li>
    );
  }

  return (
    <li className={`chat-conv${selected ? ' is-selected' : ''}`}>
      <button type="button" ref={openButton} className="chat-conv-open" aria-current={selected ? 'page' : undefined} onClick={() => onSelect(c.id)}>
        <span className="chat-conv-title">{c.title}</span>
        <span className="chat-conv-meta">
          {when(c.updatedAt)} · {c.messageCount} message{c.messageCount === 1 ? '' : 's'}
        </span>
        {c.snippet && <span className="chat-conv-snippet">{c.snippet}</span>}
      </button>
      {mode === 'confirm-delete' ? (
        <div className="chat-conv-confirm" role="group" aria-label={`Delete “${c.title}”?`}>
          <span>Delete this conversation?</span>
          <button type="button" className="button button-danger-solid" disabled={busy} onClick={() => void remove()} autoFocus>
            Delete
          </button>
          <button type="button" className="button" disabled={busy} onClick={back}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="chat-conv-actions">
          <button type="button" className="icon-button" aria-label={`Rename “${c.title}”`} title="Rename" onClick={() => { setTitle(c.title); setMode('rename'); }}>
            ✎
          </button>
          <button type="button" className="icon-button button-danger" aria-label={`Delete “${c.title}”`} title="Delete" onClick={() => setMode('confirm-delete')}>
            ×
          </button>
        </div>
      )}
      {problem && <p className="field-error">{problem}</p>}
    </li>
  );
});
