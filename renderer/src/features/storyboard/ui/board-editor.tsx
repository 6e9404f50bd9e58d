/**
 * The open board: its head, its shots in order and the run bar. Edits go to the editor model,
 * which saves the whole list (docs/storyboards.md, "Editing"); keyboard focus follows a shot that
 * moves, a new shot and a copy.
 */
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardView, Shot } from '@shared/contract/storyboard.js';
import { errorMessage, useAction } from '../../../api/client.js';
import { useMessageText } from '../../../i18n/messages.js';
import { addShot, canAdd, duplicateShot, moveShot, removeShot, updateShot } from '../model/shot-list.js';
import { useBoardEditor } from '../model/use-board-editor.js';
import { BoardHead } from './board-head.js';
import { FilmBar } from './film-bar.js';
import { RunBar } from './run-bar.js';
import { ShotCard } from './shot-card.js';

/** What gets the focus after the list changes: a shot's card (or a control in it by `data-focus`), or "Add shot". */
type FocusTarget = { shot: string; control?: string } | { add: true };

export function BoardEditor({ id, onRemove }: { id: string; onRemove(): void }) {
  const { t } = useTranslation('storyboard');
  const say = useMessageText();
  const editor = useBoardEditor(id);
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  const run = useAction('storyboard.run', { onSuccess: editor.accept });
  const cancel = useAction('storyboard.cancel', { onSuccess: editor.accept });
  const retry = useAction('storyboard.retryShot', { onSuccess: editor.accept });
  const busy = run.isPending || cancel.isPending || retry.isPending;
  const shots = editor.draft?.shots;

  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if ('add' in target) return addButton.current?.focus();
    const card = list.current?.querySelector<HTMLElement>(`[data-shot-id="${CSS.escape(target.shot)}"]`);
    const control = target.control ? card?.querySelector<HTMLElement>(`[data-focus="${target.control}"]:not(:disabled)`) : undefined;
    (control ?? card)?.focus();
  }, [shots]);

  if (editor.view.isError) return <p className="field-error">{errorMessage(editor.view.error)}</p>;
  if (!editor.board || !editor.draft || !shots) return <p className="muted">{t('board.loading')}</p>;
  const board: BoardView = editor.board;
  const views = new Map(board.shots.map((s) => [s.id, s]));
  const setShots = (next: Shot[], focus?: FocusTarget) => {
    focusNext.current = focus ?? null;
    editor.edit((b) => ({ ...b, shots: next }));
  };
  const move = (i: number, by: -1 | 1) => {
    const control = (document.activeElement as HTMLElement | null)?.dataset.focus;
    setShots(moveShot(shots, i, by), { shot: shots[i].id, control });
  };
  const { status } = editor;
  const failure = run.error ?? cancel.error ?? retry.error;

  return (
    <section className="sb-board" aria-label={t('board.label', { title: board.title })}>
      <BoardHead draft={editor.draft} status={status} onEdit={(patch) => editor.edit((b) => ({ ...b, ...patch }))} onRemove={onRemove} />
      <RunBar board={board} unsaved={editor.unsaved} busy={busy} onRun={() => run.mutate({ id })} onCancel={() => cancel.mutate({ id })} />
      <FilmBar board={board} />
      {failure && <p className="field-error" role="alert">{say(failure)}</p>}
      <h3 className="sb-shots-heading">{t('board.shots')}</h3>
      {shots.length === 0 && <p className="muted">{t('board.emptyShots')}</p>}
      <ol className="sb-shots" ref={list}>
        {shots.map((shot, i) => (
          <ShotCard
            key={shot.id}
            shot={shot}
            view={views.get(shot.id)}
            index={i}
            count={shots.length}
            boardRatio={editor.draft!.aspectRatio}
            error={status.kind === 'refused' && status.index === i ? say(status.error) : undefined}
            busy={busy}
            onChange={(next) => setShots(updateShot(shots, i, () => next))}
            onMove={(by) => move(i, by)}
            onDuplicate={() => {
              const next = duplicateShot(shots, i);
              setShots(next, { shot: next[i + 1].id });
            }}
            onRemove={() => {
              const next = removeShot(shots, i);
              setShots(next, next[i] ? { shot: next[i].id } : next[i - 1] ? { shot: next[i - 1].id } : { add: true });
            }}
            onRetry={() => retry.mutate({ id, shotId: shot.id })}
          />
        ))}
      </ol>
      <button
        type="button"
        className="button"
        ref={addButton}
        disabled={!canAdd(shots)}
        onClick={() => {
          const next = addShot(shots);
          setShots(next, { shot: next[next.length - 1].id, control: 'prompt' });
        }}
      >
        {t('board.addShot')}
      </button>
    </section>
  );
}
