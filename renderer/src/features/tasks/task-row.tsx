/**
 * One job in the Tasks list. Memoized on the job's view: the cache keeps unchanged jobs' objects,
 * so a progress event re-renders one row, and only rows of active jobs follow the clock.
 */
import { memo, useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TaskView } from '../../../../shared/contract/tasks.js';
import { call, errorMessage } from '../../api/client.js';
import { useUiStore } from '../../state/ui-store.js';
import { putTask } from './task-data.js';
import { STATE_LABEL, actionsFor, copyableId, downloadSummary, formatDuration, isActive, progressOf } from './task-format.js';
import { TaskThumb } from './task-thumb.js';
import { useClock } from './use-clock.js';
import './task-row.css';

type Action = 'cancel' | 'retry' | 'checkAgain';
const METHOD = { cancel: 'tasks.cancel', retry: 'tasks.retry', checkAgain: 'tasks.checkAgain' } as const;

/** Runs a job action; its answer goes straight into the cache, its failure stays on the row. */
function useRowActions(task: TaskView) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState('');
  const run = async (action: Action) => {
    setBusy(action);
    setError('');
    try {
      putTask(queryClient, await call(METHOD[action], { id: task.id }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, run };
}

/** "Copied" for a moment after a click; the id is also printed in the row to select by hand. */
function useCopy(text: string) {
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(''), 2000);
    return () => clearTimeout(timer);
  }, [note]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setNote('Copied'),
      () => setNote('Could not copy: select the id instead'),
    );
  return { note, copy };
}

// One formatter each, made once: building Intl formatters per row per tick was the tab's main cost.
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** When the job was created: fixed, so it stays out of the ticking part. */
const CreatedAt = memo(function CreatedAt({ at }: { at: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={FULL.format(at)}>
      {CLOCK.format(at)}
    </time>
  );
});

function TaskTimes({ task }: { task: TaskView }) {
  const live = isActive(task);
  const now = useClock(live);
  const took = task.finishedAt !== undefined ? task.finishedAt - task.createdAt : undefined;
  const expiresIn = task.state === 'completed' && task.expiresAt !== undefined ? task.expiresAt - now : undefined;
  return (
    <p className="task-times muted">
      <CreatedAt at={task.createdAt} />
      {live && <span data-testid="task-elapsed"> · {formatDuration(now - task.createdAt)} elapsed</span>}
      {!live && took !== undefined && <span> · took {formatDuration(took)}</span>}
      {expiresIn !== undefined && (
        <span className={expiresIn < 3_600_000 ? 'task-expiry is-soon' : 'task-expiry'} data-testid="task-expiry">
          {' '}· {expiresIn > 0 ? `links expire in ${formatDuration(expiresIn)}` : 'links have expired'}
        </span>
      )}
    </p>
  );
}

function TaskProgress({ task, label }: { task: TaskView; label: string }) {
  const value = progressOf(task);
  if (value === undefined) return null;
  const saving = task.state === 'completed';
  const detail = saving
    ? downloadSummary(task) ?? 'Starting download'
    : task.state === 'queued' ? 'Waiting for the gateway' : value === null ? 'Working…' : `${value}%`;
  return (
    <div className="task-progress">
      <progress max={100} value={value ?? undefined} aria-label={saving ? `Saving ${label}` : `Progress of ${label}`} />
      {detail && <span className="task-progress-detail">{detail}</span>}
    </div>
  );
}

export const TaskRow = memo(function TaskRow({ task }: { task: TaskView }) {
  const promptId = useId();
  const actions = actionsFor(task);
  const { busy, error, run } = useRowActions(task);
  const { note, copy } = useCopy(copyableId(task));
  const [confirming, setConfirming] = useState(false);
  const openTab = useUiStore((s) => s.openTab);
  const openInGallery = useUiStore((s) => s.openInGallery);
  const label = `${task.kind} job “${task.prompt.slice(0, 40)}”`;
  const libraryId = task.state === 'saved' ? task.downloads.find((d) => d.libraryId)?.libraryId : undefined;
  const rewritten = task.actualPrompt && task.actualPrompt !== task.prompt ? task.actualPrompt : undefined;
  const glyph = task.kind === 'image' ? '▣' : '▶';
  // Cancelled jobs carry an explanatory note, not a failure.
  const quietError = task.state === 'cancelled';

  return (
    <li className="task-row" data-state={task.state} aria-labelledby={promptId}>
      <div className={`task-kind kind-${task.kind}`} aria-hidden="true">
        {libraryId ? <TaskThumb libraryId={libraryId} fallback={glyph} /> : glyph}
      </div>
      <div className="task-main">
        <div className="task-head">
          <span className="badge">{task.kind === 'image' ? 'Image' : 'Video'}</span>
          <span className="task-model">{task.model}</span>
          <span className={`task-state state-${task.state}`} data-testid="task-state">
            {STATE_LABEL[task.state]}
          </span>
        </div>
        <div className={rewritten ? 'task-prompts has-rewrite' : 'task-prompts'}>
          <p className="task-prompt" id={promptId}>
            {task.prompt}
          </p>
          {rewritten && (
            <p className="task-prompt task-actual">
              <span className="eyebrow">Sent as</span> {rewritten}
            </p>
          )}
        </div>
        <TaskProgress task={task} label={label} />
        <TaskTimes task={task} />
        {task.error && (
          <p className={quietError ? 'task-note muted' : 'task-error'} data-testid="task-error">
            {task.error}
          </p>
        )}
        {error && (
          <p className="task-error" role="alert">
            {error}
          </p>
        )}
        <div className="task-actions">
          {actions.cancel && (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void run('cancel')}>
              Cancel
            </button>
          )}
          {actions.checkAgain && (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void run('checkAgain')}>
              Check again
            </button>
          )}
          {actions.retry && (
            <button type="button" className="button" aria-expanded={confirming} disabled={busy !== null} onClick={() => setConfirming(true)}>
              Retry
            </button>
          )}
          {actions.open && (
            <button type="button" className="button button-primary" onClick={() => (libraryId ? openInGallery(libraryId) : openTab('gallery'))}>
              Open result
            </button>
          )}
          <button type="button" className="button task-copy" onClick={() => void copy()}>
            Copy task id
          </button>
          <code className="task-id">{copyableId(task)}</code>
          <span role="status" className="task-copied">
            {note}
          </span>
        </div>
        {confirming && (
          <div className="task-confirm" role="group" aria-label="Confirm retry">
            <p>Retry submits this job again as a new job, and the gateway charges for it again.</p>
            <div className="task-actions">
              <button
                type="button"
                className="button button-primary"
                disabled={busy !== null}
                onClick={() => void run('retry').then(() => setConfirming(false))}
              >
                Submit again
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
                Keep as is
              </button>
            </div>
          </div>
        )}
      </div>
    </li>
  );
});
