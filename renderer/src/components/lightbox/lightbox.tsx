/**
 * Any result full size, in a modal <dialog>: the browser traps focus, makes the page inert and
 * closes it on Esc; focus goes back to the tile that opened it. It shows a list of library items
 * from a start index: ← and → move through them (wrapping), a picture zooms (wheel, + and −,
 * double-click; 0 fits it again) and, zoomed, moves by dragging or with the arrow keys; a video
 * plays. Media comes from the library through `mediaUrl`, never across the contract
 * (docs/house-rules.md, "Media never crosses the contract").
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import { lightbox as english } from '../../i18n/en/lightbox.js';
import { addEnglish } from '../../i18n/index.js';
import { useFormats } from '../../i18n/format.js';
import { mediaUrl } from '../../api/session.js';
import { useZoom } from './use-zoom.js';
import './lightbox.css';

addEnglish('lightbox', english);

/** How far one arrow key press moves a zoomed picture, in CSS pixels. */
const PAN_STEP = 60;
/** The zoom-out button's sign: a symbol, not a word (its name is translated). */
const MINUS = '\u2212';

export interface LightboxProps {
  items: readonly LibraryItemView[];
  /** The item shown first. */
  index: number;
  /** The library's media base (`app.info`). */
  mediaBase: string;
  /** Called once the dialog has closed, with the item last shown. */
  onClose(last: LibraryItemView | undefined): void;
}

export function Lightbox({ items, index: start, mediaBase, onClose }: LightboxProps) {
  const { t } = useTranslation(['lightbox', 'common']);
  const f = useFormats();
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const captionId = useId();
  const [index, setIndex] = useState(() => Math.min(Math.max(0, start), Math.max(0, items.length - 1)));
  const frame = useCallback(() => {
    const r = stage.current?.getBoundingClientRect();
    return r ? { width: r.width, height: r.height } : undefined;
  }, []);
  const zoom = useZoom(frame);
  const { reset, wheel } = zoom;
  const item = items[index] as LibraryItemView | undefined;
  const picture = item?.kind === 'image';

  useEffect(() => {
    const d = dialog.current;
    opener.current = document.activeElement;
    if (d && !d.open) d.showModal();
  }, []);

  // React listens to the wheel passively; the page behind must not scroll while the picture zooms.
  useEffect(() => {
    const el = stage.current;
    if (!el || !picture) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      wheel(e.deltaY);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [picture, wheel]);

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
    // A focused player keeps its own keys (seeking, volume).
    const inPlayer = e.target instanceof HTMLMediaElement;
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    switch (e.key) {
      case 'Escape':
        handled();
        close();
        return;
      case 'ArrowLeft':
      case 'ArrowRight': {
        if (inPlayer) return;
        handled();
        const sign = e.key === 'ArrowLeft' ? -1 : 1;
        if (zoom.zoomed) zoom.panBy(-sign * PAN_STEP, 0);
        else go(sign);
        return;
      }
      case 'ArrowUp':
      case 'ArrowDown':
        if (!zoom.zoomed || inPlayer) return;
        handled();
        zoom.panBy(0, e.key === 'ArrowUp' ? PAN_STEP : -PAN_STEP);
        return;
      case '+':
      case '=':
        if (!picture) return;
        handled();
        zoom.zoomIn();
        return;
      case '-':
      case '_':
        if (!picture) return;
        handled();
        zoom.zoomOut();
        return;
      case '0':
        if (!picture) return;
        handled();
        reset();
        return;
    }
  };

  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => e.target === e.currentTarget && close();
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!zoom.zoomed || e.button !== 0) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    zoom.panBy(e.clientX - d.x, e.clientY - d.y);
    drag.current = { id: d.id, x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };

  const name = item ? item.prompt || t('untitled') : t('untitled');
  const percent = f.percent(Math.round(zoom.zoom.scale * 100) / 100);
  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label={picture ? t('imageLabel') : t('videoLabel')}
      aria-describedby={captionId}
      onClose={closed}
      onKeyDown={onKeyDown}
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
          {picture && (
            <>
              <button type="button" className="button" aria-label={t('zoomOut')} onClick={zoom.zoomOut}>
                <span aria-hidden="true">{MINUS}</span>
              </button>
              <output className="lightbox-zoom" aria-label={t('zoomLevel', { percent })}>
                {percent}
              </output>
              <button type="button" className="button" aria-label={t('zoomIn')} onClick={zoom.zoomIn}>
                <span aria-hidden="true">+</span>
              </button>
              <button type="button" className="button" onClick={reset}>
                {t('reset')}
              </button>
            </>
          )}
          <button type="button" className="button" onClick={close}>
            {t('common:close')}
          </button>
        </div>
      </div>
      <div
        ref={stage}
        className="lightbox-stage"
        data-zoomed={zoom.zoomed || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={picture ? zoom.toggle : undefined}
      >
        {item &&
          (picture ? (
            <img
              key={item.id}
              src={mediaUrl(mediaBase, item.file)}
              alt={name}
              draggable={false}
              style={{ transform: `translate(${zoom.zoom.x}px, ${zoom.zoom.y}px) scale(${zoom.zoom.scale})` }}
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
      <p className="lightbox-keys hint">{t('keys')}</p>
    </dialog>
  );
}
