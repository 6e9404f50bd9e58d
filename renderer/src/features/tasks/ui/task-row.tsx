/**
 * One job in the Tasks list. Memoized on the job's view: the cache keeps unchanged jobs' objects,
 * so a progress event re-renders one row, and only rows of active jobs follow the clock.
 */
import { memo, useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TaskView } from '@shared/contract/tasks.js';
import { useFormats, type Formats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { ItemCostLine } from '../../../components/cost/cost-text.js';
import { TaskActions } from './task-actions.js';
import { downloadSummary, isActive, progressOf, stateLabel } from '../model/task-format.js';
import { TaskThumb } from './task-thumb.js';
import { useClock } from '../model/use-clock.js';
import './task-row.css';

/** The row's `t` and formatters, handed to its parts: one language subscription per row, not one per part. */
type Words = { t: TFunction<['tasks', 'common']>; f: Formats };

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * When the job was created: its time of day if today, else its date too (the list keeps 1,000
 * finished jobs, and older ones follow it). Fixed, so it stays out of the ticking part.
 */
// useFormats hands out formatters made once per language: building them per row per tick was the tab's main cost.
const CreatedAt = memo(function CreatedAt({ at, f }: { at: number; f: Formats }) {
  const full = f.dateTime(at);
  return (
    <time dateTime={new Date(at).toISOString()} title={full}>
      {sameDay(new Date(at), new Date()) ? f.clock(at) : full}
    </time>
  );
});

function TaskTimes({ task, t, f }: { task: TaskView } & Words) {
  const live = isActive(task);
  const now = useClock(live);
  const took = task.finishedAt !== undefined ? task.finishedAt - task.createdAt : undefined;
  const expiresIn = task.state === 'completed' && task.expiresAt !== undefined ? task.expiresAt - now : undefined;
  return (
    <p className="task-times muted">
      <CreatedAt at={task.createdAt} f={f} />
      {live && <span data-testid="task-elapsed"> · {t('times.elapsed', { duration: f.duration(now - task.createdAt) })}</span>}
      {!live && took !== undefined && <span> · {t('times.took', { duration: f.duration(took) })}</span>}
      {expiresIn !== undefined && (
        <span className={expiresIn < 3_600_000 ? 'task-expiry is-soon' : 'task-expiry'} data-testid="task-expiry">
          {' '}· {expiresIn > 0 ? t('times.expiresIn', { duration: f.duration(expiresIn) }) : t('times.expired')}
        </span>
      )}
    </p>
  );
}

function TaskProgress({ task, label, t, f }: { task: TaskView; label: string } & Words) {
  const value = progressOf(task);
  if (value === undefined) return null;
  const saving = task.state === 'completed';
  const detail = saving
    ? downloadSummary(t, f, task) ?? t('progress.startingDownload')
    : task.state === 'queued' ? t('progress.waiting') : value === null ? t('progress.working') : f.percent(value / 100);
  return (
    <div className="task-progress">
      <progress max={100} value={value ?? undefined} aria-label={saving ? t('progress.saving', { job: label }) : t('progress.of', { job: label })} />
      {detail && <span className="task-progress-detail">{detail}</span>}
    </div>
  );
}

/** `archived`: a job no longer in the host's list (older-tasks.tsx), shown as it ended. */
export const TaskRow = memo(function TaskRow({ task, archived = false }: { task: TaskView; archived?: boolean }) {
  const { t } = useTranslation(['tasks', 'common']);
  const say = useMessageText();
  const f = useFormats();
  const promptId = useId();
  const stateId = useId();
  const noteId = useId();
  const label = t(`row.job.${task.kind}`, { prompt: task.prompt.slice(0, 40) });
  const libraryId = task.state === 'saved' ? task.downloads.find((d) => d.libraryId)?.libraryId : undefined;
  const rewritten = task.actualPrompt && task.actualPrompt !== task.prompt ? task.actualPrompt : undefined;
  const glyph = task.kind === 'image' ? '▣' : '▶';
  // Cancelled jobs carry an explanatory note, not a failure.
  const quietError = task.state === 'cancelled';

  return (
    // Focusable from script only: after a cancel or a stopped save the focus lands here, and the
    // row reads out its new state and note (task-actions.tsx).
    <li className="task-row" data-state={task.state} aria-labelledby={promptId} aria-describedby={`${stateId} ${noteId}`} tabIndex={-1}>
      <div className={`task-kind kind-${task.kind}`} aria-hidden="true">
        {libraryId ? <TaskThumb libraryId={libraryId} fallback={glyph} /> : glyph}
      </div>
      <div className="task-main">
        <div className="task-head">
          <span className="badge">{t(`kind.${task.kind}`)}</span>
          <span className="task-model">{task.model}</span>
          <span className={`task-state state-${task.state}`} data-testid="task-state" id={stateId}>
            {stateLabel(t, task.state)}
          </span>
        </div>
        <div className={rewritten ? 'task-prompts has-rewrite' : 'task-prompts'}>
          <p className="task-prompt" id={promptId} dir="auto">
            {task.prompt}
          </p>
          {rewritten && (
            <p className="task-prompt task-actual" dir="auto">
              <span className="eyebrow">{t('row.sentAs')}</span> {rewritten}
            </p>
          )}
        </div>
        <TaskProgress task={task} label={label} t={t} f={f} />
        <TaskTimes task={task} t={t} f={f} />
        {/* A job the gateway took has a ledger row, keyed by the job's id (docs/ledger.md, "Rows"). */}
        <ItemCostLine kind="jobs" id={task.remoteId ? task.id : undefined} className="task-cost muted" />
        <div id={noteId}>
          {task.error && (
            <p className={quietError ? 'task-note muted' : 'task-error'} data-testid="task-error">
              {say(task.error)}
            </p>
          )}
          {task.state === 'attention' && <p className="task-note muted">{t('row.attentionHint')}</p>}
          {/* Cancelled, but the gateway cannot stop a paid job: it finished, and the host kept its result. */}
          {task.cancelledAt !== undefined && (task.state === 'completed' || task.state === 'saved') && (
            <p className="task-note muted">{t(task.state === 'saved' ? 'row.cancelledSaved' : 'row.cancelledSaving')}</p>
          )}
        </div>
        <TaskActions task={task} t={t} archived={archived} />
      </div>
    </li>
  );
});
