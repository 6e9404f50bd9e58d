/**
 * What the Gallery's item dialog shows of one item (item-detail.tsx holds the dialog): the media
 * full size with native controls (a picture zooms like the results lightbox: the wheel, + − and
 * 0, a double-click, dragging), its curation beside the full metadata (item-curation.tsx), and the
 * item's actions, "Copy settings" among them. Mounted afresh for each
 * item, so a half-done delete or a zoom never carries over to the next one.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useAction } from '../../../api/client.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { remixTab } from '../../../state/remix-store.js';
import { UseInMenu } from '../../../components/use-in/use-in-menu.js';
import { useZoomStage } from '../../../components/lightbox/use-zoom-stage.js';
import { ZoomTools } from '../../../components/lightbox/zoom-tools.js';
import { ItemCostLine } from '../../../components/cost/cost-text.js';
import { ItemMetadata } from './item-metadata.js';
import { ItemCuration } from './item-curation.js';
import { settingsJson } from '../model/item-settings.js';
import './gallery-detail.css';
import './take-out.css';
import { mediaUrl } from '../model/media.js';
import { followDownload } from '../../../api/follow-download.js';

export interface ItemDetailBodyProps {
  item: LibraryItemView;
  mediaBase: string;
  /**
   * The desktop shell: "Show in folder", "Save as…" in a native dialog and dragging the file out;
   * the browser shell offers "Download" instead (docs/library-files.md).
   */
  desktop: boolean;
  /** Where the dialog sends the keys it does not handle itself: the picture's zoom, then the curation's. */
  keysRef: { current: ((key: string) => boolean) | null };
  /** Resolves once the remix is stashed (an image's references are asked of the host first). */
  onRemix(item: LibraryItemView): Promise<void>;
  /** "Use in…" was chosen: the dialog closes first, then `go` opens the step's tab. */
  onUseIn(go: () => void): void;
  onDeleted(item: LibraryItemView): void;
}

/** What the status line says, kept as a state so its text follows a language switch. */
type Note = '' | 'shown' | 'copied' | 'settingsCopied' | 'copyFailed' | 'dragHint' | { key: 'downloading' | 'savedAs'; name: string } | { text: string };
const NOTE_KEY = {
  shown: 'detail.shownInFolder', copied: 'detail.promptCopied', settingsCopied: 'itemView.settingsCopied', copyFailed: 'detail.copyFailed', dragHint: 'detail.dragOutHint',
} as const;

export function ItemDetailBody({ item, mediaBase, desktop, keysRef, onRemix, onUseIn, onDeleted }: ItemDetailBodyProps) {
  const { t } = useTranslation(['gallery', 'common']);
  const keepButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const picture = item.kind === 'image';
  const { zoom, stageProps, onKey, transform } = useZoomStage(picture);
  const curationKeys = useRef<((key: string) => boolean) | null>(null);
  // The dialog's key handler reaches this item's zoom, then its curation; the latest closure,
  // without re-subscribing. 0 fits a zoomed picture (as in the lightbox) and otherwise clears the
  // rating, as the arrows pan a zoomed picture and otherwise step.
  useEffect(() => {
    keysRef.current = (key) => (key === '0' && !zoom.zoomed ? false : onKey(key)) || (curationKeys.current?.(key) ?? false);
  });
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

  // The confirmation starts on the safe choice, so a stray Enter never deletes.
  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);

  // The clipboard is missing outside secure contexts; that reads as a failure, not a crash.
  const copy = (text: string, done: Note) =>
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setNote(done),
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
  const noteText = typeof note === 'object' ? ('text' in note ? note.text : t(`detail.${note.key}`, { name: note.name })) : note && t(NOTE_KEY[note]);

  return (
    <>
      <div className="detail-body">
        <div className={picture ? 'detail-media detail-stage' : 'detail-media'} {...(picture ? stageProps : {})}>
          {picture && <img src={file} alt={item.prompt} width={item.width} height={item.height} draggable={false} style={{ transform }} />}
          {item.kind === 'video' && (
            <video controls preload="metadata" poster={poster} src={file} onLoadedMetadata={(e) => setPlayedDuration(e.currentTarget.duration)} />
          )}
          {item.kind === 'audio' && <audio controls preload="metadata" src={file} onLoadedMetadata={(e) => setPlayedDuration(e.currentTarget.duration)} />}
        </div>
        {/* What the job that made it cost, from the ledger (docs/ledger.md, "Cost where the work is"). */}
        <div className="detail-side">
          <ItemCuration item={item} keysRef={curationKeys} announce={(text) => setNote({ text })} />
          <ItemCostLine kind="items" id={item.id} className="detail-cost" />
          <ItemMetadata item={item} playedDuration={playedDuration} />
        </div>
      </div>
        <footer className="detail-actions">
          {picture && (
            <span className="detail-zoom" role="group" aria-label={t('detail.zoom')}>
              <ZoomTools zoom={zoom} />
            </span>
          )}
          <button type="button" className="button" onClick={() => void copy(item.prompt, 'copied')} disabled={!item.prompt}>
            {t('detail.copyPrompt')}
          </button>
          <button type="button" className="button" onClick={() => void copy(settingsJson(item), 'settingsCopied')}>
            {t('itemView.copySettings')}
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
    </>
  );
}
