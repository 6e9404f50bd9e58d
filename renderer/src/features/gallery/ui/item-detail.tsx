/**
 * The detail view of a saved item: a modal <dialog>, so the browser traps focus inside it, makes
 * the rest of the page inert and closes it on Esc; the gallery puts focus back on the cell that
 * opened it. ← and → (and the header's buttons) move to the previous or next item of the gallery
 * as filtered, wrapping like the results lightbox; the item itself is item-detail-body.tsx, which
 * takes the keys left over (the picture's zoom, then the curation's 0–5, F, T and C).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../i18n/format.js';
import { ItemDetailBody, type ItemDetailBodyProps } from './item-detail-body.js';
import './gallery-detail.css';

interface ItemDetailProps extends Omit<ItemDetailBodyProps, 'keysRef'> {
  /** The item's place in the filtered gallery, when it has one (one opened from Tasks has none). */
  position?: { index: number; total: number };
  /** Shows the item `delta` places away; absent when there is nowhere to go. */
  onStep?(delta: number): void;
  onClose(): void;
}

/** Keys that belong to what has the focus: typing, a player's seeking, an open menu's arrows. */
function ownsArrows(target: EventTarget): boolean {
  if (!(target instanceof Element)) return false;
  return target instanceof HTMLMediaElement || target.matches('input, textarea, select, [contenteditable]') || target.closest('[role="menu"]') !== null;
}

export function ItemDetail({ position, onStep, onClose, ...body }: ItemDetailProps) {
  const { t } = useTranslation(['gallery', 'common']);
  const f = useFormats();
  const dialog = useRef<HTMLDialogElement>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const lastStep = useRef(0);
  const bodyKeys = useRef<((key: string) => boolean) | null>(null);
  const titleId = useId();
  const { item } = body;

  useEffect(() => {
    const d = dialog.current;
    // showModal() moves focus to the first focusable control and traps it in the dialog.
    if (d && !d.open) d.showModal();
  }, []);
  // A step from a control of the item itself (its body is mounted afresh) would leave focus
  // nowhere: it goes to the button of the way it went, so ← → keep working.
  useEffect(() => {
    const d = dialog.current;
    if (!d || !lastStep.current || d.contains(document.activeElement)) return;
    (lastStep.current < 0 ? previous : next).current?.focus();
  }, [item.id]);

  const close = () => dialog.current?.close();
  const step = (delta: number) => {
    lastStep.current = delta;
    onStep?.(delta);
  };
  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => e.target === e.currentTarget && close();
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || ownsArrows(e.target)) return;
    if (bodyKeys.current?.(e.key)) {
      e.preventDefault();
      return;
    }
    if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && onStep) {
      e.preventDefault();
      step(e.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  return (
    <dialog ref={dialog} className="detail" aria-labelledby={titleId} onClose={onClose} onClick={onBackdrop} onKeyDown={onKeyDown} data-testid="gallery-detail">
      <div className="detail-frame">
        <header className="detail-head">
          <h3 id={titleId}>
            {t(`kind.${item.kind}`)} <span className="muted">· {item.model}</span>
          </h3>
          <div className="detail-nav">
            {position && (
              <p className="detail-position muted" aria-live="polite">
                {t('detail.position', { index: f.number(position.index + 1), total: f.number(position.total) })}
              </p>
            )}
            {onStep && (
              <>
                <button type="button" ref={previous} className="icon-button" aria-label={t('detail.previous')} aria-keyshortcuts="ArrowLeft" onClick={() => step(-1)}>
                  <span aria-hidden="true">←</span>
                </button>
                <button type="button" ref={next} className="icon-button" aria-label={t('detail.next')} aria-keyshortcuts="ArrowRight" onClick={() => step(1)}>
                  <span aria-hidden="true">→</span>
                </button>
              </>
            )}
            <button type="button" className="icon-button" aria-label={t('common:close')} onClick={close}>
              ×
            </button>
          </div>
        </header>
        <ItemDetailBody key={item.id} {...body} keysRef={bodyKeys} />
      </div>
    </dialog>
  );
}
