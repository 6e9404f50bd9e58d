/**
 * The sidebar's own organising tools: "New folder" (its name written inline) and "Import…", which
 * reads a conversation exported as JSON and adds it, with its images, as a new conversation
 * (host/chat/json-export.ts); the host's change event puts it in the list, and it opens.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../../api/client.js';
import { useOrganisation } from '../model/use-organisation.js';
import { FolderNameField } from './folder-name-field.js';

interface Props {
  onOpen(id: string): void;
}

export function SidebarOrganise({ onOpen }: Props) {
  const { t } = useTranslation('chat');
  const { apply } = useOrganisation();
  const [naming, setNaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const stopNaming = () => {
    setNaming(false);
    setProblem(null);
    requestAnimationFrame(() => newButton.current?.focus());
  };

  const create = async (name: string) => {
    setBusy(true);
    try {
      apply(await call('chat.createFolder', { name }));
      stopNaming();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const importFile = async (file: File) => {
    setBusy(true);
    setStatus(t('organise.importing', { name: file.name }));
    try {
      const { conversation } = await call('chat.importJson', { name: file.name, data: new Uint8Array(await file.arrayBuffer()) });
      setStatus(t('organise.imported', { title: conversation.title }));
      onOpen(conversation.id);
    } catch (e) {
      setStatus(t('organise.importFailed', { name: file.name, message: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chat-side-tools">
      {naming ? (
        <FolderNameField busy={busy} problem={problem} onCancel={stopNaming} onSave={(name) => void create(name)} />
      ) : (
        <div className="chat-side-buttons">
          <button type="button" ref={newButton} className="button chat-small" onClick={() => setNaming(true)}>
            {t('organise.newFolder')}
          </button>
          <button type="button" className="button chat-small" disabled={busy} aria-describedby={hintId} onClick={() => input.current?.click()}>
            {t('organise.import')}
          </button>
          <span id={hintId} hidden>{t('organise.importHint')}</span>
          <input
            ref={input}
            type="file"
            hidden
            accept="application/json,.json"
            data-testid="chat-import-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared, so choosing the same file again is a change too.
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </div>
      )}
      <p className="hint chat-side-status" role="status">{status}</p>
    </div>
  );
}
