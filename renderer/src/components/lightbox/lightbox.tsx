/**
 * Any result full size, in a modal <dialog>: the browser traps focus, makes the page inert and
 * closes it on Esc; focus goes back to the tile that opened it. It shows a list of library items
 * from a start index: ← and → move through them (wrapping), a picture zooms (wheel, + and −,
 * double-click; 0 fits it again) and, zoomed, moves by dragging or with the arrow keys; a video
 * plays. Media comes from the library through `mediaUrl`, never across the contract
 * (docs/house-rules.md, "Media never crosses the contract").
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import { lightbox as english } from '../../i18n/en/lightbox.js';
import { addEnglish } from '../../i18n/index.js';
import { useFormats } from '../../i18n/format.js';
import { mediaUrl } from '../../api/session.js';
import { useZoomStage } from './use-zoom-stage.js';
import { ZoomTools } from './zoom-tools.js';
import './lightbox.css';

addEnglish('lightbox', english);

export interface LightboxProps {
  items: readonly LibraryItemView[];
  /** The item shown first. */
  index: number;
  /** The library's media base (`app.info`). */
  mediaBase: string;
  /** Called once the dialog has closed, with the item last shown. */
  onClose(last: LibraryItemView | undefined): void;
}

/**
 * The keys line names only what works for what is shown: zoom for a picture, ← → when there is
 * another result, and, while a video's player has the focus, its own keys (← → seek there).
 */
export function keysHint(picture: boolean, many: boolean, inPlayer: boolean): 'keys' | 'keysOne' | 'keysVideo' | 'keysVideoOne' | 'keysPlayer' | 'keysPlayerOne' {
  if (picture) return many ? 'keys' : 'keysOne';
  if (inPlayer) return many ? 'keysPlayer' : 'keysPlayerOne';
  return many ? 'keysVideo' : 'keysVideoOne';
}

export function Lightbox({ items, index: start, mediaBase, onClose }: LightboxProps) {
  const { t } = useTranslation(['lightbox', 'common']);
  const f = useFormats();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const captionId = useId();
  const [index, setIndex] = useState(() => Math.min(Math.max(0, start), Math.max(0, items.length - 1)));
  const [inPlayer, setInPlayer] = useState(false);
  const item = items[index] as LibraryItemView | undefined;
  const picture = item?.kind === 'image';
  const { zoom, stageProps, onKey: zoomKey, transform } = useZoomStage(picture);
  const { reset } = zoom;

  useEffect(() => {
    const d = dialog.current;
    opener.current = document.activeElement;
    if (d && !d.open) d.showModal();
  }, []);

  const go = (step: number) => {
    if (items.length < 2) return;
    setIndex((i) => (i + step + items.length) % items.length);
    reset();
  };
  const close = () => dialog.current?.close();
  const closed = () => {
    const back = opener.current;
    onClose(item);
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (e.key === 'Escape') {
      handled();
      close();
      return;
    }
    // A focused player keeps its own keys (seeking, volume); the keys line says so.
    if (e.target instanceof HTMLMediaElement) return;
    if (zoomKey(e.key)) return handled();
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      handled();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  const onFocus = (e: FocusEvent<HTMLDialogElement>) => setInPlayer(e.target instanceof HTMLMediaElement);

  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => e.target === e.currentTarget && close();

  const name = item ? item.prompt || t('untitled') : t('untitled');
  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label={picture ? t('imageLabel') : t('videoLabel')}
      aria-describedby={captionId}
      onClose={closed}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={onBackdrop}
    >
      <div className="lightbox-bar">
        <p className="lightbox-caption" id={captionId} dir="auto">
          {name}
        </p>
        <p className="lightbox-count" aria-live="polite">
          {items.length > 1 ? t('position', { index: f.number(index + 1), total: f.number(items.length) }) : ''}
        </p>
        <div className="lightbox-tools">
          {items.length > 1 && (
            <>
              <button type="button" className="button" aria-label={t('previous')} onClick={() => go(-1)}>
                <span aria-hidden="true">←</span>
              </button>
              <button type="button" className="button" aria-label={t('next')} onClick={() => go(1)}>
                <span aria-hidden="true">→</span>
              </button>
            </>
          )}
          {picture && <ZoomTools zoom={zoom} />}
          <button type="button" className="button" onClick={close}>
            {t('common:close')}
          </button>
        </div>
      </div>
      <div className="lightbox-stage" {...stageProps}>
        {item &&
          (picture ? (
            <img
              key={item.id}
              src={mediaUrl(mediaBase, item.file)}
              alt={name}
              draggable={false}
              style={{ transform }}
            />
          ) : (
            <video
              key={item.id}
              controls
              preload="metadata"
              src={mediaUrl(mediaBase, item.file)}
              poster={item.thumb ? mediaUrl(mediaBase, item.thumb) : undefined}
              aria-label={name}
            />
          ))}
      </div>
      <p className="lightbox-keys hint" data-testid="lightbox-keys">{t(keysHint(picture, items.length > 1, inPlayer))}</p>
    </dialog>
  );
}
