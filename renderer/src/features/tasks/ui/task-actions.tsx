/**
 * A job row's actions: the buttons its state offers (task-format.ts decides which), the
 * confirmations of those with a cost the creator should hear first (a retry charges again; a
 * cancel cannot stop the gateway's bill; a stopped save loses its partial file; a removal forgets
 * the job), and the copyable id. A failed action's message stays on the row until the next action.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { TaskView } from '@shared/contract/tasks.js';
import { call } from '../../../api/client.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useUiStore } from '../../../state/ui-store.js';
import { putBatch } from '../model/batch-data.js';
import { dropArchivedTask } from '../model/older-data.js';
import { useOneAction } from '../model/use-one-action.js';
import { dropTask, putTask } from '../model/task-data.js';
import { actionsFor, copyableId, followedAfterCancel } from '../model/task-format.js';

type T = TFunction<['tasks', 'common']>;
type Action = 'sendNext' | 'cancel' | 'stopSaving' | 'retry' | 'checkAgain' | 'retrySave' | 'openLink' | 'remove';
type Confirm = 'cancel' | 'stopSaving' | 'retry' | 'remove';
/** What went wrong, not its text, so it follows a language switch: the host's words or ours. */
type RowError = { host: string } | { key: 'row.noLink' | 'row.badLink' | 'common:somethingWrong' };

class RowProblem extends Error {
  constructor(readonly key: 'row.noLink' | 'row.badLink') {
    super(key);
  }
}

/** Only web links leave the studio: a gateway's `javascript:` or `file:` link is not followed. */
const isWebLink = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

async function perform(action: Action, task: TaskView, queryClient: QueryClient, archived: boolean): Promise<void> {
  const id = { id: task.id };
  switch (action) {
    case 'sendNext':
      if (task.batch) putBatch(queryClient, await call('batches.reorder', { id: task.batch.id, first: [task.batch.index] }));
      return;
    case 'cancel':
      return putTask(queryClient, await call('tasks.cancel', id));
    case 'stopSaving':
      return putTask(queryClient, await call('tasks.stopSaving', id));
    case 'retry':
      return putTask(queryClient, await call('tasks.retry', id));
    case 'checkAgain':
    case 'retrySave':
      return putTask(queryClient, await call('tasks.checkAgain', id));
    case 'remove':
      // Gone either way: removed now, or already removed elsewhere (`removed: false`).
      await call('tasks.remove', id);
      return archived ? dropArchivedTask(queryClient, task.id) : dropTask(queryClient, task.id);
    case 'openLink': {
      const { urls } = await call('tasks.links', id);
      if (urls.length === 0) throw new RowProblem('row.noLink');
      if (!isWebLink(urls[0])) throw new RowProblem('row.badLink');
      // The desktop shell routes new windows through its external-URL filter; noopener keeps the
      // gateway's page from reaching back into the studio.
      window.open(urls[0], '_blank', 'noopener,noreferrer');
    }
  }
}

/** Runs one action at a time; its answer goes straight into the cache, its failure stays on the row. */
function useRowActions(task: TaskView, archived: boolean) {
  const queryClient = useQueryClient();
  return useOneAction<Action, RowError>((action) => perform(action, task, queryClient, archived), (err) => {
    if (err instanceof RowProblem) return { key: err.key };
    if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string') return { host: (err as { message: string }).message };
    return { key: 'common:somethingWrong' };
  });
}

/** "Copied" for a moment after a click; the id is also printed in the row to select by hand. */
function useCopy(text: string, t: T) {
  // What happened, not its text: the note follows a language switch.
  const [note, setNote] = useState<'copied' | 'failed' | ''>('');
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(''), 2000);
    return () => clearTimeout(timer);
  }, [note]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setNote('copied'),
      () => setNote('failed'),
    );
  return { note: note === 'copied' ? t('common:copied') : note === 'failed' ? t('row.copyFailed') : '', copy };
}

/** The row's buttons in the order shown; those that ask first open a confirmation. */
const BUTTONS: readonly ({ label: 'common:cancel' | `actions.${Exclude<Action, 'cancel'>}`; className: string } & ({ action: Exclude<Action, Confirm>; asks?: never } | { action: Confirm; asks: true }))[] = [
  { action: 'sendNext', label: 'actions.sendNext', className: 'button' },
  { action: 'cancel', label: 'common:cancel', className: 'button', asks: true },
  { action: 'stopSaving', label: 'actions.stopSaving', className: 'button', asks: true },
  { action: 'retrySave', label: 'actions.retrySave', className: 'button button-primary' },
  { action: 'openLink', label: 'actions.openLink', className: 'button' },
  { action: 'checkAgain', label: 'actions.checkAgain', className: 'button' },
  { action: 'retry', label: 'actions.retry', className: 'button', asks: true },
  { action: 'remove', label: 'actions.remove', className: 'button button-danger', asks: true },
];

const CONFIRM_TEXT = {
  cancel: { label: 'confirmCancel.label', body: 'confirmCancel.body', submit: 'confirmCancel.submit', keep: 'confirmCancel.keep' },
  stopSaving: { label: 'confirmStopSaving.label', body: 'confirmStopSaving.body', submit: 'confirmStopSaving.submit', keep: 'confirmStopSaving.keep' },
  retry: { label: 'confirmRetry.label', body: 'confirmRetry.body', submit: 'confirmRetry.submit', keep: 'confirmRetry.keep' },
  remove: { label: 'confirmRemove.label', body: 'confirmRemove.body', submit: 'confirmRemove.submit', keep: 'confirmRemove.keep' },
} as const;

export function TaskActions({ task, t, archived = false }: { task: TaskView; t: T; archived?: boolean }) {
  const say = useMessageText();
  const actions = actionsFor(task, archived);
  const { busy, error, run } = useRowActions(task, archived);
  const { note, copy } = useCopy(copyableId(task), t);
  const [confirming, setConfirming] = useState<Confirm | null>(null);
  const bodyId = useId();
  const openers = useRef<Partial<Record<Confirm, HTMLButtonElement | null>>>({});
  const openTab = useUiStore((s) => s.openTab);
  const openInGallery = useUiStore((s) => s.openInGallery);
  const libraryId = task.state === 'saved' ? task.downloads.find((d) => d.libraryId)?.libraryId : undefined;

  // After a cancel or a stopped save the button that asked is gone: the focus goes to the row,
  // which reads out its new state and note; to the list if the row left the filter shown.
  const refocus = useRef<{ action: Confirm; before: TaskView; row: HTMLElement | null; panel: HTMLElement | null } | null>(null);
  useEffect(() => {
    const r = refocus.current;
    // Not before the state moves on: a stopped save is answered at once, still saving, and ends a moment later.
    if (!r || r.before.state === task.state) return;
    refocus.current = null;
    const opener = openers.current[r.action];
    (opener?.isConnected ? opener : r.row)?.focus();
  }, [task]);
  useEffect(() => () => refocus.current?.panel?.focus(), []);
  /** Declining returns the focus to the button that asked, so the keyboard keeps its place. */
  const decline = () => {
    const opener = confirming && openers.current[confirming];
    setConfirming(null);
    opener?.focus();
  };
  const accept = async (action: Confirm, at: HTMLElement) => {
    const panel = at.closest<HTMLElement>('[role="tabpanel"]');
    // The job's answer changes its buttons (a cancel or a stopped save removes the one that
    // asked): the focus is placed once the row shows it, which may be before the call returns.
    if (action === 'cancel' || action === 'stopSaving') refocus.current = { action, before: task, row: at.closest<HTMLElement>('li'), panel };
    if (!(await run(action))) {
      refocus.current = null;
      return;
    }
    setConfirming(null);
    // The row is about to go: the focus moves to its list rather than being lost to the page.
    if (action === 'remove') panel?.focus();
    // A retry adds a new job and leaves this row as it was: the focus goes back where it was.
    else if (action === 'retry') openers.current.retry?.focus();
  };
  /** Esc declines, as in any dialog: nothing is spent or lost. */
  const onConfirmKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    decline();
  };
  // Removing a cancelled job still followed is how to stop following it: said plainly.
  const confirmBody = confirming === 'remove' && followedAfterCancel(task) ? 'confirmRemove.bodyFollowed' : confirming ? CONFIRM_TEXT[confirming].body : undefined;

  return (
    <>
      {error && (
        <p className="task-error" role="alert">
          {'host' in error ? say(error.host) : t(error.key)}
        </p>
      )}
      <div className="task-actions">
        {BUTTONS.filter((b) => actions[b.action]).map((b) =>
          b.asks ? (
            <button
              key={b.action}
              type="button"
              className={b.className}
              ref={(el) => {
                openers.current[b.action] = el;
              }}
              aria-expanded={confirming === b.action}
              disabled={busy !== null}
              onClick={() => setConfirming(b.action)}
            >
              {t(b.label)}
            </button>
          ) : (
            <button key={b.action} type="button" className={b.className} disabled={busy !== null} onClick={() => void run(b.action)}>
              {t(b.label)}
            </button>
          ),
        )}
        {actions.open && (
          <button type="button" className="button button-primary" onClick={() => (libraryId ? openInGallery(libraryId) : openTab('gallery'))}>
            {t('actions.openResult')}
          </button>
        )}
        <button type="button" className="button task-copy" onClick={() => void copy()}>
          {t('actions.copyId')}
        </button>
        <code className="task-id">{copyableId(task)}</code>
        <span role="status" className="task-copied">
          {note}
        </span>
      </div>
      {/* Only while the state still offers it: a job that moved on (saving again, elsewhere) cannot be removed by a stale question. */}
      {confirming && actions[confirming] && (
        <div className="task-confirm" role="group" aria-label={t(CONFIRM_TEXT[confirming].label)} aria-describedby={bodyId} onKeyDown={onConfirmKey}>
          <p id={bodyId}>{confirmBody && t(confirmBody)}</p>
          <div className="task-actions">
            <button
              type="button"
              className={confirming === 'retry' ? 'button button-primary' : 'button button-danger-solid'}
              disabled={busy !== null}
              onClick={(e) => void accept(confirming, e.currentTarget)}
            >
              {t(CONFIRM_TEXT[confirming].submit)}
            </button>
            {/* The confirmation starts on the safe choice, so a stray Enter never spends or forgets. */}
            <button type="button" className="button" onClick={decline} autoFocus>
              {t(CONFIRM_TEXT[confirming].keep)}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
