/** A folder's name being written, for a new folder or a rename: Enter saves, Escape cancels. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLDER_NAME_MAX } from '@shared/contract/chat-folder-limits.js';

interface Props {
  initial?: string;
  busy: boolean;
  problem: string | null;
  onSave(name: string): void;
  onCancel(): void;
}

export function FolderNameField({ initial = '', busy, problem, onSave, onCancel }: Props) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState(initial);
  const [empty, setEmpty] = useState(false);
  const errorId = useId();
  const shown = empty ? t('organise.folderRequired') : problem;
  return (
    <div className="chat-folder-edit">
      <input
        className="chat-rename"
        aria-label={t('organise.folderName')}
        value={name}
        autoFocus
        disabled={busy}
        maxLength={FOLDER_NAME_MAX}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        onChange={(e) => setName(e.target.value)}
        onFocus={(e) => e.target.select()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (!name.trim()) return setEmpty(true);
            setEmpty(false);
            onSave(name.trim());
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
      />
      <p className="hint">{t('organise.folderHint')}</p>
      {shown && (
        <p id={errorId} className="field-error">
          {shown}
        </p>
      )}
    </div>
  );
}
