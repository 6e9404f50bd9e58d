/**
 * The board's film (docs/storyboard-film.md): "Make the film" once every shot is made, the join's
 * progress with Cancel, then the film itself (played from the library) and whether it still
 * matches the board; a changed shot asks for the film to be made again.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BoardView } from '@shared/contract/storyboard.js';
import type { FilmView } from '@shared/contract/storyboard-film.js';
import { callKey, EMPTY, errorMessage, useAction, useCall, useEvent } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';

function FilmPlayer({ itemId, label }: { itemId: string; label: string }) {
  const item = useCall('library.get', { id: itemId }).data;
  const base = useCall('app.info', EMPTY).data?.mediaBase;
  if (!item || base === undefined) return null;
  return <video className="sb-film-media" src={mediaUrl(base, item.file)} controls preload="metadata" aria-label={label} data-testid="film-player" />;
}

/** Every shot's video made, and its narration where it has one. */
const allMade = (board: BoardView) =>
  board.shots.length > 0 && board.shots.every((s) => s.stages.video.state === 'done' && (!s.narration || s.stages.narration.state === 'done'));

export function FilmBar({ board }: { board: BoardView }) {
  const { t } = useTranslation('storyboard');
  const f = useFormats();
  const say = useMessageText();
  const client = useQueryClient();
  const film = useCall('storyboard.film', { id: board.id });
  const put = (view: FilmView) => client.setQueryData(callKey('storyboard.film', { id: board.id }), view);
  useEvent('storyboard.onFilm', (e) => e.id === board.id && put(e.film));
  // The board's changes may make the film stale: it is read again after each.
  useEffect(() => void client.invalidateQueries({ queryKey: callKey('storyboard.film', { id: board.id }) }), [client, board.id, board.updatedAt]);
  const make = useAction('storyboard.makeFilm', { onSuccess: put });
  const cancel = useAction('storyboard.cancelFilm', { onSuccess: put });
  const view = film.data;
  const ready = allMade(board) && !board.running;
  const failure = make.error ?? cancel.error;
  return (
    <section className="sb-film" aria-label={t('film.label')} data-testid="film-bar" data-state={view?.state ?? 'loading'}>
      {view?.state === 'joining' ? (
        <div className="sb-film-progress">
          <progress max={1} value={view.progress ?? 0} aria-label={t('film.progressLabel')} />
          <span aria-live="polite">{t('film.joining', { percent: f.number(Math.round((view.progress ?? 0) * 100)) })}</span>
          <button type="button" className="button" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: board.id })}>
            {t('film.cancel')}
          </button>
        </div>
      ) : (
        <div className="sb-film-actions">
          <button type="button" className="button button-primary" disabled={!ready || make.isPending} onClick={() => make.mutate({ id: board.id })} aria-describedby={ready ? undefined : `${board.id}-film-why`}>
            {view?.state === 'done' ? t('film.makeAgain') : t('film.make')}
          </button>
          {!ready && (
            <span id={`${board.id}-film-why`} className="muted">
              {t('film.notReady')}
            </span>
          )}
        </div>
      )}
      {view?.state === 'failed' && view.error && (
        <p className="field-error" role="alert">
          {say(view.error)}
        </p>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {errorMessage(failure)}
        </p>
      )}
      {view?.state === 'done' && view.itemId && (
        <div className="sb-film-done">
          <p data-testid="film-status">
            {view.stale ? t('film.stale') : t('film.done', { seconds: f.number(Math.round(view.durationSeconds ?? 0)) })}
          </p>
          <FilmPlayer itemId={view.itemId} label={t('film.player', { title: board.title })} />
        </div>
      )}
    </section>
  );
}
