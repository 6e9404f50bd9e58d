/**
 * "Older jobs", below the end of the Tasks list: the finished jobs the host moved to its archive
 * (older-data.ts). Asked for only once the creator reaches the list's end, and shown only when
 * there are some, so a new creator sees nothing of it; each further page on request, as the
 * list's own "Show more". Rows show the job as it ended; they open their result, are sent again
 * where they made nothing to save (task-format.ts `actionsFor`), or are removed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTED_FINISHED, type TaskView } from '@shared/contract/tasks.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useOlderTasks } from '../model/older-data.js';
import type { TaskFilter } from '../model/task-format.js';
import { TaskRow } from './task-row.js';

/** Each job once (a page read again after a move may repeat one), none that the list holds. */
function olderOnly(pages: readonly { tasks: TaskView[] }[] | undefined, inList: ReadonlySet<string>): TaskView[] {
  const seen = new Set(inList);
  const out: TaskView[] = [];
  for (const page of pages ?? []) {
    for (const task of page.tasks) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      out.push(task);
    }
  }
  return out;
}

export function OlderTasks({ filter, inList }: { filter: TaskFilter; inList: ReadonlySet<string> }) {
  const { t } = useTranslation(['tasks', 'common']);
  const f = useFormats();
  const hint = t('list.older.hint', { kept: f.number(LISTED_FINISHED) });
  const say = useMessageText();
  const older = useOlderTasks(filter);
  const [open, setOpen] = useState(false);
  const tasks = useMemo(() => olderOnly(older.data?.pages, inList), [older.data, inList]);
  const section = useRef<HTMLElement>(null);
  // Opened only by its button, which goes away: the focus moves to what it opened, not to the page's start.
  useEffect(() => {
    if (open) section.current?.focus();
  }, [open]);
  const more = () => {
    // Stays in place (and focused) while the page comes; it goes only after the last one.
    if (older.isFetchingNextPage) return;
    void older.fetchNextPage().then((r) => {
      if (!r.hasNextPage) section.current?.focus();
    });
  };

  if (older.isError) {
    return (
      <div className="task-error tasks-load-error" role="alert">
        {t('list.older.failed', { reason: say(older.error) })}{' '}
        <button type="button" className="button" onClick={() => void older.refetch()}>
          {t('common:tryAgain')}
        </button>
      </div>
    );
  }
  // Nothing archived (or nothing this filter finds there): no trace of it.
  if (tasks.length === 0 && !older.hasNextPage) return null;
  if (!open) {
    return (
      <div className="tasks-older-start">
        <button type="button" className="button tasks-more" onClick={() => setOpen(true)}>
          {t('list.older.show')}
        </button>
        <p className="muted">{hint}</p>
      </div>
    );
  }
  return (
    <section className="tasks-older" aria-label={t('list.older.label')} ref={section} tabIndex={-1}>
      <h3 className="tasks-older-title">{t('list.older.label')}</h3>
      <p className="muted">{hint}</p>
      <ul className="tasks-list" aria-label={t('list.older.label')}>
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} archived />
        ))}
      </ul>
      {(older.hasNextPage || older.isFetchingNextPage) && (
        <button type="button" className="button tasks-more" aria-disabled={older.isFetchingNextPage} onClick={more}>
          {older.isFetchingNextPage ? t('list.older.loading') : t('list.older.more')}
        </button>
      )}
    </section>
  );
}
