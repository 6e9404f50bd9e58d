/**
 * A sidebar conversation's pin toggle and its "More actions" panel: the folder it sits in, and
 * its export as JSON (host/chat/json-export.ts) or Markdown. The panel closes on Escape, giving
 * focus back to its button.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { call, errorMessage } from '../../../api/client.js';
import { placesOf } from '../model/organisation.js';
import { useOrganisation } from '../model/use-organisation.js';
import { saveText, shownLanguage } from '../model/save-file.js';

interface Props {
  conversation: ConversationSummary;
  /** The title as shown. */
  shown: string;
}

export function OrganiseActions({ conversation: c, shown }: Props) {
  const { t, i18n } = useTranslation('chat');
  const { organisation, apply } = useOrganisation();
  const place = placesOf(organisation).get(c.id);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Nothing in the panel is disabled while a call runs: a focused control that turned disabled
  // would drop focus to the page, out of the panel (and out of reach of its Escape).
  const run = async (work: () => Promise<void>, failed: (message: string) => string) => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      await work();
    } catch (e) {
      setStatus(failed(errorMessage(e)));
    } finally {
      setBusy(false);
    }
  };
  const save = (work: () => Promise<void>) => run(work, (message) => t('organise.saveFailed', { message }));
  const exported = (fileName: string) => setStatus(t('organise.exported', { fileName }));
  /**
   * A pin moves the entry to the top and a move into a folder draws it anew there: focus goes back
   * to the control used, found again by the conversation's id once the list has drawn.
   */
  const refocus = (control: 'pin' | 'more') =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-conversation-${control}="${CSS.escape(c.id)}"]`)?.focus());
  const close = () => {
    setOpen(false);
    setStatus(null);
    requestAnimationFrame(() => moreButton.current?.focus());
  };

  return (
    <>
      <button
        type="button"
        className={`icon-button chat-pin${place?.pinned ? ' is-pinned' : ''}`}
        aria-pressed={!!place?.pinned}
        aria-label={t('organise.pinLabel', { title: shown })}
        title={place?.pinned ? t('organise.unpin') : t('organise.pin')}
        data-conversation-pin={c.id}
        onClick={() => void save(async () => {
          apply(await call('chat.pin', { id: c.id, pinned: !place?.pinned }));
          refocus('pin');
        })}
      >
        ↑
      </button>
      <button type="button" ref={moreButton} data-conversation-more={c.id} className="icon-button" aria-label={t('organise.more', { title: shown })} aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))}>
        …
      </button>
      {open && (
        <div
          id={panelId}
          className="chat-organise-panel"
          role="group"
          aria-label={t('organise.actions', { title: shown })}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            close();
          }}
        >
          <label className="chat-organise-field">
            <span>{t('organise.folder')}</span>
            <select
              value={place?.folderId ?? ''}
              autoFocus
              onChange={(e) => {
                const folderId = e.target.value || undefined;
                void save(async () => {
                  apply(await call('chat.moveToFolder', { id: c.id, ...(folderId ? { folderId } : {}) }));
                  refocus('more');
                });
              }}
            >
              <option value="">{t('organise.topLevel')}</option>
              {organisation.folders.map((f) => (
                <option key={f.id} value={f.id}>{f.name}</option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button chat-small"
            onClick={() => void run(async () => {
              const { fileName, json } = await call('chat.exportJson', { id: c.id });
              saveText(fileName, json, 'application/json');
              exported(fileName);
            }, (message) => t('organise.exportFailed', { message }))}
          >
            {t('organise.exportJson')}
          </button>
          <button
            type="button"
            className="button chat-small"
            onClick={() => void run(async () => {
              const { fileName, markdown } = await call('chat.exportMarkdown', { id: c.id, language: shownLanguage(i18n.language) });
              saveText(fileName, markdown, 'text/markdown;charset=utf-8');
              exported(fileName);
            }, (message) => t('organise.exportFailed', { message }))}
          >
            {t('organise.exportMarkdown')}
          </button>
          <p className="hint chat-organise-status" role="status">{status}</p>
        </div>
      )}
    </>
  );
}
