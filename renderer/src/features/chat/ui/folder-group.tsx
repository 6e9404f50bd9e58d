/**
 * A folder in the conversations sidebar: its toggle (collapsed or open, remembered by the host),
 * rename inline (Enter saves, Escape cancels) and remove after a confirmation; its conversations
 * stay, at the top level. The conversations inside come as children. In the sidebar's window
 * (conversation-list.tsx) the folder's own row is drawn only when in view (`head`); its list is
 * there whenever the folder is open, with those of its conversations in view.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatFolder } from '@shared/contract/chat-organise.js';
import { call, errorMessage } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { useOrganisation } from '../model/use-organisation.js';
import { FolderNameField } from './folder-name-field.js';
import { placeAttributes, setAttributes, type RowPlace } from './sidebar-window-row.js';

interface Props {
  folder: ChatFolder;
  count: number;
  /** The folder's own row, when drawn. */
  head: RowPlace | undefined;
  /** Its place in the sidebar's list. */
  place: { posinset: number; setsize: number };
  children: ReactNode;
}

type Mode = 'view' | 'rename' | 'confirm-remove';

export function FolderGroup({ folder, count, head, place, children }: Props) {
  const { t } = useTranslation(['chat', 'common']);
  const f = useFormats();
  const { apply } = useOrganisation();
  const [mode, setMode] = useState<Mode>('view');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = `chat-folder-${folder.id}`;

  const back = () => {
    setMode('view');
    setProblem(null);
    requestAnimationFrame(() => toggle.current?.focus());
  };
  const change = async (work: () => Promise<void>, after = back) => {
    setBusy(true);
    try {
      await work();
      after();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="chat-folder" {...setAttributes(place)}>
      {head && (
        <div className="chat-folder-row" {...placeAttributes(head)}>
          {mode === 'rename' ? (
            <FolderNameField
              initial={folder.name}
              busy={busy}
              problem={problem}
              onCancel={back}
              onSave={(name) => void change(async () => apply(await call('chat.renameFolder', { id: folder.id, name })))}
            />
          ) : (
            <div className="chat-folder-head">
              <button
                type="button"
                ref={toggle}
                className="chat-folder-toggle"
                aria-expanded={!folder.collapsed}
                aria-controls={listId}
                disabled={busy}
                onClick={() => void change(async () => apply(await call('chat.collapseFolder', { id: folder.id, collapsed: !folder.collapsed })), () => undefined)}
              >
                <span aria-hidden="true" className="chat-folder-arrow">{folder.collapsed ? '→' : '↓'}</span>
                <span className="chat-folder-name" dir="auto">{folder.name}</span>
                <span className="chat-folder-count" aria-hidden="true">{f.number(count)}</span>
                {' '}
                <span className="sr-only">{t('organise.folderCount', { count, n: f.number(count) })}</span>
              </button>
              <button type="button" className="icon-button" aria-label={t('organise.renameFolder', { name: folder.name })} title={t('item.rename')} onClick={() => setMode('rename')}>
                ✎
              </button>
              <button type="button" className="icon-button button-danger" aria-label={t('organise.removeFolder', { name: folder.name })} title={t('organise.remove')} onClick={() => setMode('confirm-remove')}>
                ×
              </button>
            </div>
          )}
          {mode === 'confirm-remove' && (
            <div className="chat-conv-confirm" role="group" aria-label={t('organise.removeFolderConfirmLabel', { name: folder.name })}>
              <span>{t('organise.removeFolderConfirm')}</span>
              <button type="button" className="button button-danger-solid" disabled={busy} autoFocus onClick={() => void change(async () => apply(await call('chat.removeFolder', { id: folder.id })), () => undefined)}>
                {t('organise.remove')}
              </button>
              <button type="button" className="button" disabled={busy} onClick={back}>
                {t('common:cancel')}
              </button>
            </div>
          )}
          {problem && mode !== 'rename' && <p className="field-error">{problem}</p>}
        </div>
      )}
      {!folder.collapsed && (
        <ul id={listId} className="chat-conv-list chat-folder-list">
          {children}
        </ul>
      )}
    </li>
  );
}
