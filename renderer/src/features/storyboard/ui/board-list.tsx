/** The storyboards, newest first, and "New storyboard". */
import { useTranslation } from 'react-i18next';
import type { BoardSummary } from '@shared/contract/storyboard.js';
import { errorMessage, useCall } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';

interface BoardListProps {
  openId: string;
  creating: boolean;
  onOpen(id: string): void;
  onCreate(): void;
}

export function BoardList({ openId, creating, onOpen, onCreate }: BoardListProps) {
  const { t } = useTranslation('storyboard');
  const f = useFormats();
  const list = useCall('storyboard.list', {});
  const item = (b: BoardSummary) => (
    <li key={b.id}>
      <button type="button" className="sb-board-link" aria-current={b.id === openId ? 'true' : undefined} onClick={() => onOpen(b.id)}>
        <span className="sb-board-title">{b.title}</span>
        <span className="muted">
          {t('boards.summary', { shots: f.number(b.shots), done: f.number(b.done) })}
          {b.running && ` · ${t('boards.running')}`}
        </span>
      </button>
    </li>
  );
  return (
    <nav className="sb-boards" aria-label={t('boards.label')}>
      <button type="button" className="button button-primary" disabled={creating} onClick={onCreate}>
        {t('boards.new')}
      </button>
      {list.isPending ? (
        <p className="muted">{t('boards.loading')}</p>
      ) : list.isError ? (
        <p className="field-error">{errorMessage(list.error)}</p>
      ) : (
        list.data.length > 0 && <ul className="sb-board-list">{list.data.map(item)}</ul>
      )}
    </nav>
  );
}
