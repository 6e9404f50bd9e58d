/**
 * The detail view of a saved item: a modal <dialog>, so the browser traps focus inside it, makes
 * the rest of the page inert and closes it on Esc; the gallery puts focus back on the item's cell.
 * Full-size media with native controls, the full metadata, and the item's actions.
 */
import { useEffect, useId, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useAction } from '../../api/client.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { remixTab } from '../../state/remix-store.js';
import { UseInMenu } from '../../components/use-in/use-in-menu.js';
import { ItemMetadata } from './item-metadata.js';
import './gallery-detail.css';
import './take-out.css';
import { mediaUrl } from './media.js';
import { followDownload } from './take-out.js';

interface ItemDetailProps {
  item: LibraryItemView;
  mediaBase: string;
  /**
   * The desktop shell: "Show in folder", "Save as…" in a native dialog and dragging the file out;
   * the browser shell offers "Download" instead (docs/library-files.md).
   */
  desktop: boolean;
  onClose(): void;
  /** Resolves once the remix is stashed (an image's references are asked of the host first). */
  onRemix(item: LibraryItemView): Promise<void>;
  /** "Use in…" was chosen: the dialog closes first, then `go` opens the step's tab. */
  onUseIn(go: () => void): void;
  onDeleted(item: LibraryItemView): void;
}

/** What the status line says, kept as a state so its text follows a language switch. */
type Note = '' | 'shown' | 'copied' | 'copyFailed' | 'dragHint' | { key: 'downloading' | 'savedAs'; name: string };
const NOTE_KEY = { shown: 'detail.shownInFolder', copied: 'detail.promptCopied', copyFailed: 'detail.copyFailed', dragHint: 'detail.dragOutHint' } as const;

export function ItemDetail({ item, mediaBase, desktop, onClose, onRemix, onUseIn, onDeleted }: ItemDetailProps) {
  const { t } = useTranslation(['gallery', 'common']);
  const dialog = useRef<HTMLDialogElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [actualSize, setActualSize] = useState(false);
  const [playedDuration, setPlayedDuration] = useState<number>();
  const [note, setNote] = useState<Note>('');
  const [remixing, setRemixing] = useState(false);
  const remove = useAction('library.remove', { onSuccess: () => onDeleted(item) });
  const reveal = useAction('library.reveal', { onSuccess: () => setNote('shown') });
  const save = useAction('library.saveFile', {
    onSuccess: (outcome) => {
      if (outcome.outcome === 'download') followDownload(outcome.url, outcome.name);
      setNote(outcome.outcome === 'cancelled' ? '' : { key: outcome.outcome === 'download' ? 'downloading' : 'savedAs', name: outcome.name });
    },
  });
  const drag = useAction('library.startDrag');

  useEffect(() => {
    const d = dialog.current;
    // showModal() moves focus to the first focusable control (Close) and traps it in the dialog.
    if (d && !d.open) d.showModal();
  }, []);
  // The confirmation starts on the safe choice, so a stray Enter never deletes.
  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);

  const close = () => dialog.current?.close();
  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => e.target === e.currentTarget && close();
  const copyPrompt = () =>
    navigator.clipboard.writeText(item.prompt).then(
      () => setNote('copied'),
      () => setNote('copyFailed'),
    );

  const file = mediaUrl(mediaBase, item.file);
  const poster = item.thumb ? mediaUrl(mediaBase, item.thumb) : undefined;
  const error = remove.error ?? reveal.error ?? save.error ?? drag.error;
  // The desktop turns the page's drag into a real file drag (Electron's startDrag), so the
  // browser's own drag of a button is cancelled.
  const onDragOut = (e: DragEvent<HTMLButtonElement>) => {
    e.preventDefault();
    drag.mutate({ id: item.id });
  };
  const noteText = typeof note === 'object' ? t(`detail.${note.key}`, { name: note.name }) : note && t(NOTE_KEY[note]);

  return (
    <dialog ref={dialog} className="detail" aria-labelledby={titleId} onClose={onClose} onClick={onBackdrop} data-testid="gallery-detail">
      <div className="detail-frame">
        <header className="detail-head">
          <h3 id={titleId}>
            {t(`kind.${item.kind}`)} <span className="muted">· {item.model}</span>
          </h3>
          <button type="button" className="icon-button" aria-label={t('common:close')} onClick={close}>
            ×
          </button>
        </header>
        <div className="detail-body">
          <div className={`detail-media${actualSize ? ' is-actual' : ''}`}>
            {item.kind === 'image' && <img src={file} alt={item.prompt} width={item.width} height={item.height} />}
            {item.kind === 'video' && (
              <video controls preload="metadata" poster={poster} src={file} onLoadedMetadata={(e) => setPlayedDuration(e.currentTarget.duration)} />
            )}
            {item.kind === 'audio' && <audio controls preload="metadata" src={file} onLoadedMetadata={(e) => setPlayedDuration(e.currentTarget.duration)} />}
          </div>
          <ItemMetadata item={item} playedDuration={playedDuration} />
        </div>
        <footer className="detail-actions">
          {item.kind === 'image' && (
            <button type="button" className="button" aria-pressed={actualSize} onClick={() => setActualSize((v) => !v)}>
              {t('detail.actualSize')}
            </button>
          )}
          <button type="button" className="button" onClick={() => void copyPrompt()} disabled={!item.prompt}>
            {t('detail.copyPrompt')}
          </button>
          <button
            type="button"
            className="button"
            disabled={remixing}
            onClick={() => {
              setRemixing(true);
              void onRemix(item).finally(() => setRemixing(false));
            }}
          >
            {t(`detail.remixIn.${remixTab(item.kind)}`)}
          </button>
          <UseInMenu item={item} onChoose={(_, go) => onUseIn(go)} />
          <button type="button" className="button" disabled={save.isPending} onClick={() => save.mutate({ id: item.id })}>
            {save.isPending ? t('detail.saving') : desktop ? t('detail.saveAs') : t('detail.download')}
          </button>
          {desktop && (
            <button type="button" className="button" onClick={() => reveal.mutate({ id: item.id })}>
              {t('detail.showInFolder')}
            </button>
          )}
          {desktop && (
            <button type="button" className="button detail-drag" draggable onDragStart={onDragOut} onClick={() => setNote('dragHint')}>
              <span aria-hidden="true" className="detail-drag-grip" />
              {t('detail.dragOut')}
            </button>
          )}
          <span className="detail-spacer" />
          {!confirming && (
            <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
              {t('detail.delete')}
            </button>
          )}
        </footer>
        {confirming && (
          <div className="detail-confirm" role="group" aria-label={t('detail.confirmDelete.label')}>
            <p>{t(`detail.confirmDelete.${item.kind}`)}</p>
            <button type="button" className="button button-danger-solid" disabled={remove.isPending} onClick={() => remove.mutate({ id: item.id })}>
              {remove.isPending ? t('detail.confirmDelete.deleting') : t('detail.confirmDelete.deleteFile')}
            </button>
            <button type="button" className="button" ref={keepButton} onClick={() => setConfirming(false)}>
              {t('detail.confirmDelete.keep')}
            </button>
          </div>
        )}
        <p className={error ? 'form-error detail-note' : 'detail-note'} role="status">
          {error ? errorMessage(error) : noteText}
        </p>
      </div>
    </dialog>
  );
}
