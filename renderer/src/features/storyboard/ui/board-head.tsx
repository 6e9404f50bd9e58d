/** The open board's title and ratio, whether its edits are saved, and "Remove storyboard" (confirmed). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardInput } from '@shared/contract/storyboard.js';
import { TextField } from '../../../components/TextField.js';
import { SelectField } from '../../../components/generator/select-field.js';
import { useMessageText } from '../../../i18n/messages.js';
import { BOARD_RATIOS } from '../model/shot-list.js';
import type { SaveStatus } from '../model/use-board-editor.js';

interface BoardHeadProps {
  draft: BoardInput;
  status: SaveStatus;
  onEdit(patch: Partial<BoardInput>): void;
  onRemove(): void;
}

function StatusLine({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('storyboard');
  const say = useMessageText();
  const text =
    status.kind === 'incomplete' ? t('save.incomplete', { shot: status.index + 1, what: t(`save.missing.${status.missing}`) })
      : status.kind === 'refused' ? t('save.refused', { message: say(status.error) })
        : t(`save.${status.kind}`);
  return (
    <p className={status.kind === 'refused' ? 'field-error sb-status' : 'muted sb-status'} role="status" data-testid="save-status" data-status={status.kind}>
      {text}
    </p>
  );
}

export function BoardHead({ draft, status, onEdit, onRemove }: BoardHeadProps) {
  const { t } = useTranslation('storyboard');
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="sb-head">
      <div className="sb-row">
        <TextField label={t('board.title')} value={draft.title} maxLength={200} onChange={(e) => onEdit({ title: e.target.value })} />
        <SelectField label={t('board.ratio')} value={draft.aspectRatio} options={BOARD_RATIOS.map((r) => ({ value: r, label: r }))} onChange={(aspectRatio) => onEdit({ aspectRatio })} />
        {confirming ? (
          <div className="sb-confirm" role="group" aria-label={t('board.remove')}>
            <span>{t('board.confirmRemove', { title: draft.title })}</span>
            <button type="button" className="button button-danger" onClick={onRemove}>{t('board.confirmYes')}</button>
            <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>{t('board.confirmNo')}</button>
          </div>
        ) : (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>{t('board.remove')}</button>
        )}
      </div>
      <StatusLine status={status} />
    </div>
  );
}
