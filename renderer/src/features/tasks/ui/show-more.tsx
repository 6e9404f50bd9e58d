/**
 * "Show N more": a long list of jobs puts only its newest ROWS_SHOWN on the page, and more on
 * request (docs/performance.md, "day"), so hundreds of jobs never cost hundreds of rows at once.
 * When the last rows come, the button goes away and the focus goes to the list it belonged to.
 */
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../i18n/format.js';

/** Rows on the page at first, and added by each "Show more". */
export const ROWS_SHOWN = 50;

export function ShowMore({ left, listId, onMore }: { left: number; listId: string; onMore(): void }) {
  const { t } = useTranslation('tasks');
  const f = useFormats();
  const count = Math.min(ROWS_SHOWN, left);
  const more = () => {
    onMore();
    if (left <= ROWS_SHOWN) document.getElementById(listId)?.focus();
  };
  return (
    <button type="button" className="button tasks-more" onClick={more}>
      {t('list.more', { count, left: f.number(left) })}
    </button>
  );
}
