/**
 * One cell of the contact sheet: its coords on the axes not laid out as rows or columns, its
 * results as thumbnails with their aspect kept (each with a star, and "Use in…" once starred),
 * its state while it runs and its error when it failed, and "Discard from view".
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BatchCellView } from '@shared/contract/batches.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { ErrorData } from '@shared/contract/index.js';
import type { Text } from '@shared/messages/index.js';
import { callKey } from '../../api/client.js';
import { mediaUrl } from '../../api/session.js';
import { useMessageText } from '../../i18n/messages.js';
import { UseInMenu } from '../use-in/use-in-menu.js';

export interface SheetCellProps {
  cell: BatchCellView;
  /** The cell's coords as read aloud and shown: every axis, "prompt · model · 16:9". */
  coords: string;
  /** The axes not shown by its place (stacked cells tell themselves apart by these). */
  caption: string;
  mediaBase: string;
  focused: boolean;
  error: Text | undefined;
  /** Reads a result's library item, batched with the others drawn at the same time (library-reader.ts). */
  read(id: string): Promise<LibraryItemView>;
  onFocus(): void;
  onOpen(libraryId: string): void;
  onStar(item: LibraryItemView): void;
  onHide(hidden: boolean): void;
  onUseIn(go: () => void): void;
}

const RUNNING = new Set(['waiting', 'submitting', 'unknown', 'queued', 'running', 'completed']);

export function SheetCell(p: SheetCellProps) {
  const { t } = useTranslation('contactSheet');
  const text = useMessageText();
  const { cell } = p;
  const stateWord = t(`state.${cell.state}`);
  return (
    <div
      role="group"
      aria-label={t('cell.label', { coords: p.coords, state: stateWord })}
      tabIndex={p.focused ? 0 : -1}
      className={`sheet-cell state-${cell.state}${cell.hidden ? ' is-hidden' : ''}`}
      data-cell-index={cell.index}
      onFocus={(e) => e.target === e.currentTarget && p.onFocus()}
    >
      {p.caption && <div className="sheet-cell-caption" title={p.caption}>{p.caption}</div>}
      <div className="sheet-cell-results">
        {cell.libraryIds.map((id, n) => (
          <SheetResult key={id} id={id} n={n + 1} tabbable={p.focused} coords={p.coords} mediaBase={p.mediaBase} read={p.read} onOpen={() => p.onOpen(id)} onStar={p.onStar} onUseIn={p.onUseIn} />
        ))}
        {cell.libraryIds.length === 0 && (
          <div className="sheet-cell-empty">
            {RUNNING.has(cell.state) ? <span className="sheet-cell-state" aria-hidden="true">{stateWord}</span> : <span>{t('cell.noResults')}</span>}
          </div>
        )}
      </div>
      {p.error && <p className="sheet-cell-error">{t('cell.error', { state: stateWord, error: text(p.error) })}</p>}
      <button type="button" className="button sheet-cell-hide" tabIndex={p.focused ? 0 : -1} aria-label={t(cell.hidden ? 'cell.unhideLabel' : 'cell.hideLabel', { coords: p.coords })} onClick={() => p.onHide(!cell.hidden)}>
        {t(cell.hidden ? 'cell.unhide' : 'cell.hide')}
      </button>
    </div>
  );
}

interface ResultProps {
  id: string;
  /** In the cell that has the keyboard: Tab reaches its buttons. */
  tabbable: boolean;
  n: number;
  coords: string;
  mediaBase: string;
  read(id: string): Promise<LibraryItemView>;
  onOpen(): void;
  onStar(item: LibraryItemView): void;
  onUseIn(go: () => void): void;
}

function SheetResult({ id, n, tabbable, coords, mediaBase, read, onOpen, onStar, onUseIn }: ResultProps) {
  const { t } = useTranslation('contactSheet');
  // `library.get`'s key, so a star, the library's change events and the lightbox see the same entry.
  const item = useQuery<LibraryItemView, ErrorData>({ queryKey: callKey('library.get', { id }), queryFn: () => read(id) }).data;
  if (!item) return <div className="sheet-result is-loading" aria-busy="true" />;
  const thumb = item.thumb ? mediaUrl(mediaBase, item.thumb) : item.kind === 'image' ? mediaUrl(mediaBase, item.file) : undefined;
  // The picture's own shape: a wide result stays wide in its square, as in the Gallery.
  const ratio = item.width && item.height ? `${item.width} / ${item.height}` : undefined;
  return (
    <figure className={`sheet-result${item.favourite ? ' is-favourite' : ''}`} data-library-id={id}>
      <button type="button" className="sheet-result-open" tabIndex={tabbable ? 0 : -1} aria-label={t('cell.open', { n, coords })} onClick={onOpen}>
        {thumb && <img src={thumb} alt="" style={{ aspectRatio: ratio }} width={item.width} height={item.height} decoding="async" draggable={false} />}
      </button>
      <button
        type="button"
        className="sheet-star"
        tabIndex={tabbable ? 0 : -1}
        aria-pressed={item.favourite === true}
        aria-label={t('cell.star', { n, coords })}
        onClick={() => onStar(item)}
      />
      {item.favourite && <UseInMenu item={item} className="sheet-use-in" onChoose={(_target, go) => onUseIn(go)} />}
    </figure>
  );
}
