/**
 * The Tasks tab: every job, newest first, live from `tasks.onDidChange`, with filters
 * and per-job actions. Rows are memoized and skipped by the browser while off screen
 * (`content-visibility`); only the newest ROWS_SHOWN of a filter are on the page until the
 * creator asks for older ones, so a day of hundreds of jobs does not keep hundreds of rows in
 * memory (bench/day.ts, docs/performance.md). Past its end come the jobs the host moved to its
 * archive (older-tasks.tsx).
 */
import './strings/register.js';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TaskView } from '@shared/contract/tasks.js';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.js';
import { TasksIcon } from '../../components/icons.js';
import { TabIntro } from '../../components/TabIntro.js';
import { useMessageText } from '../../i18n/messages.js';
import { useUiStore } from '../../state/ui-store.js';
import { NotifyToggle } from './ui/notify-toggle.js';
import { QueueControl } from './ui/queue-control.js';
import { OlderTasks } from './ui/older-tasks.js';
import { useTaskList } from './model/task-data.js';
import { BATCHES_KEY, groupByBatch, useBatchList } from './model/batch-data.js';
import { useQueryClient } from '@tanstack/react-query';
import { BatchRow } from './ui/batch-row.js';
import { archivedStates, countByFilter, FILTERS, matchesFilter, type TaskFilter } from './model/task-format.js';
import { TaskRow } from './ui/task-row.js';
import { ROWS_SHOWN, ShowMore } from './ui/show-more.js';
import './ui/tasks.css';

function FilterTabs({ filter, counts, onChange }: { filter: TaskFilter; counts: Record<TaskFilter, number>; onChange(f: TaskFilter): void }) {
  const { t } = useTranslation('tasks');
  const list = useRef<HTMLDivElement>(null);
  // Arrow keys move between filters, as in the studio's own tablist; Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const i = FILTERS.indexOf(filter);
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: FILTERS.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = FILTERS[(to + FILTERS.length) % FILTERS.length];
    onChange(next);
    list.current?.querySelector<HTMLElement>(`[data-filter="${next}"]`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('filters.label')} className="tasks-filters" ref={list} onKeyDown={onKeyDown}>
      {FILTERS.map((f) => (
        <button
          key={f}
          type="button"
          role="tab"
          data-filter={f}
          aria-selected={f === filter}
          aria-controls="tasks-list"
          tabIndex={f === filter ? 0 : -1}
          className="tasks-filter"
          onClick={() => onChange(f)}
        >
          {t(`filters.${f}`)} <span className="tasks-count">{counts[f]}</span>
        </button>
      ))}
    </div>
  );
}

/** An empty list says what will show up there, and how to get it started. */
function EmptyList({ filter, onShowAll, any }: { filter: TaskFilter; onShowAll(): void; any: boolean }) {
  const { t } = useTranslation('tasks');
  const openTab = useUiStore((s) => s.openTab);
  if (filter !== 'all') {
    return (
      <div className="tasks-empty tasks-empty-filter">
        <p className="muted">{t(`list.empty.${filter}`)}</p>
        {any && (
          <button type="button" className="button" onClick={onShowAll}>
            {t('list.start.showAll')}
          </button>
        )}
      </div>
    );
  }
  return (
    <EmptyState
      icon={<TasksIcon />}
      title={t('list.empty.all')}
      className="tasks-empty"
      actions={
        <>
          <button type="button" className="button button-primary" onClick={() => openTab('image')}>
            {t('list.start.image')}
          </button>
          <button type="button" className="button" onClick={() => openTab('video')}>
            {t('list.start.video')}
          </button>
        </>
      }
    >
      {t('list.start.hint')}
    </EmptyState>
  );
}

const NO_JOBS: readonly TaskView[] = [];

export default function TasksTab() {
  const { t } = useTranslation(['tasks', 'common']);
  const say = useMessageText();
  const tasks = useTaskList();
  const batches = useBatchList();
  const [filter, setFilter] = useState<TaskFilter>('all');
  const [limit, setLimit] = useState(ROWS_SHOWN);
  // A batch's jobs show under its row, not loose besides (batch-row.tsx).
  const grouped = useMemo(() => (tasks.data ? groupByBatch(tasks.data, batches.data ?? []) : undefined), [tasks.data, batches.data]);
  const all = grouped?.loose;
  // Jobs of a batch the list does not know yet wait for its row: read the list again if its own
  // event is late (batch-data.ts).
  const queryClient = useQueryClient();
  const unknown = grouped ? [...grouped.unknown].sort().join() : '';
  useEffect(() => {
    if (unknown) void queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
  }, [unknown, queryClient]);
  // The filters count every job, a batch's too: a failed cell shows under Failed, in its batch's row.
  const counts = useMemo(() => countByFilter(tasks.data ?? []), [tasks.data]);
  const shown = useMemo(() => (all ?? []).filter((t) => matchesFilter(t, filter)), [all, filter]);
  // Under a filter, a batch shows with its jobs that match it, and only if any do.
  const shownBatches = useMemo(() => {
    if (!grouped) return [];
    return (batches.data ?? []).flatMap((b) => {
      const jobs = grouped.byBatch.get(b.id) ?? NO_JOBS;
      if (filter === 'all') return [{ batch: b, jobs }];
      const matching = jobs.filter((t) => matchesFilter(t, filter));
      return matching.length ? [{ batch: b, jobs: matching }] : [];
    });
  }, [grouped, batches.data, filter]);
  const inList = useMemo(() => new Set((tasks.data ?? []).map((t) => t.id)), [tasks.data]);
  // Past the list's end, the jobs moved to the archive, for the filters that can find any there.
  const older = shown.length <= limit && archivedStates(filter).length > 0;
  const choose = (f: TaskFilter) => {
    setFilter(f);
    setLimit(ROWS_SHOWN);
  };

  return (
    <>
      <TabIntro title={t('intro.title')}>{t('intro.body')}</TabIntro>

      <div className="tasks-toolbar">
        <FilterTabs filter={filter} counts={counts} onChange={choose} />
        <QueueControl />
        <NotifyToggle />
      </div>

      {tasks.isError && (
        <div className="task-error tasks-load-error" role="alert">
          {say(tasks.error)}{' '}
          <button type="button" className="button" onClick={() => void tasks.refetch()}>
            {t('common:tryAgain')}
          </button>
        </div>
      )}
      {!all && !tasks.isError && <p className="muted">{t('list.loading')}</p>}
      {all && (
        // Focusable from script only: a removed row hands the focus to its list (task-actions.tsx).
        <div id="tasks-list" role="tabpanel" tabIndex={-1} aria-label={t(`list.panel.${filter}`)}>
          {shownBatches.length > 0 && (
            <ul className="tasks-list batch-list" aria-label={t('batch.list')}>
              {shownBatches.map(({ batch, jobs }) => (
                <BatchRow key={batch.id} batch={batch} jobs={jobs} />
              ))}
            </ul>
          )}
          {shown.length === 0 && shownBatches.length > 0 ? null : shown.length === 0 ? (
            <EmptyList filter={filter} any={(all?.length ?? 0) > 0} onShowAll={() => choose('all')} />
          ) : (
            <>
              <ul className="tasks-list" aria-label={t('list.label')}>
                {shown.slice(0, limit).map((t) => (
                  <TaskRow key={t.id} task={t} />
                ))}
              </ul>
              {shown.length > limit && <ShowMore left={shown.length - limit} listId="tasks-list" onMore={() => setLimit((n) => n + ROWS_SHOWN)} />}
            </>
          )}
          {older && <OlderTasks key={filter} filter={filter} inList={inList} />}
        </div>
      )}
    </>
  );
}
