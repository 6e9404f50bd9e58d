/**
 * A batch's results as a contact sheet, in a full-window modal <dialog> (the browser traps the
 * focus and makes the page inert; Esc closes): rows by one axis and columns by another, chosen in
 * two selects (prompt × model at first); the other axes' cells stacked in each place. Pick winners
 * with the star (the library item's favourite, shown in the Gallery too), discard cells from view
 * (nothing is deleted; "Show hidden" brings them back), open any result in the lightbox, send a
 * winner onward with "Use in…", and export the sheet as one PNG with its manifest
 * (docs/library-files.md, "The contact sheet").
 *
 * Keyboard: the arrows move between cells (scrolling to those not drawn: the grid is windowed,
 * sheet-grid.tsx), Space stars the cell's first result, H hides it (or shows it again), Enter
 * opens it; Tab reaches the focused cell's own buttons.
 */
import './strings.js';
import './contact-sheet.css';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchCellView } from '@shared/contract/batches.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { call, EMPTY, errorMessage, useCall } from '../../api/client.js';
import { Lightbox } from '../lightbox/lightbox.js';
import { defaultAxes, findAt, firstAt, placeCells, step, type At } from './sheet-places.js';
import { SheetCell } from './sheet-cell.js';
import { SheetExport } from './sheet-export.js';
import { SheetGrid, type SheetGridHandle } from './sheet-grid.js';
import { useSheetData } from './use-sheet-data.js';

export interface ContactSheetProps {
  batchId: string;
  onClose(): void;
}

const DONE = new Set(['saved', 'failed', 'timed_out', 'expired', 'cancelled', 'attention']);

export function ContactSheet({ batchId, onClose }: ContactSheetProps) {
  const { t } = useTranslation('contactSheet');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const { sheet, errorOf, itemsOf, itemsFor, keepItem, keepCell, read } = useSheetData(batchId);
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase ?? '';
  const batch = sheet.data?.batch;
  const cells = useMemo(() => sheet.data?.cells ?? [], [sheet.data]);
  const [axes, setAxes] = useState<{ rows: string; columns: string } | undefined>(undefined);
  const chosen = axes ?? defaultAxes(batch?.axes ?? []);
  const [showHidden, setShowHidden] = useState(false);
  const places = useMemo(() => placeCells(cells, chosen.rows, chosen.columns, showHidden), [cells, chosen.rows, chosen.columns, showHidden]);
  // The cell with the keyboard, by its index: places move as cells are hidden or the axes change.
  const [focusIndex, setFocusIndex] = useState<number | undefined>(undefined);
  const focusAt = findAt(places, focusIndex) ?? firstAt(places);
  const grid = useRef<SheetGridHandle>(null);
  const [lightbox, setLightbox] = useState<{ items: LibraryItemView[]; index: number } | undefined>(undefined);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    opener.current = document.activeElement;
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const close = () => dialog.current?.close();
  const closed = (e: SyntheticEvent<HTMLDialogElement>) => {
    // React passes a dialog's close up its tree: the lightbox's closing is not the sheet's.
    if (e.target !== e.currentTarget) return;
    onClose();
    const back = opener.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };

  const hiddenCount = cells.filter((c) => c.hidden).length;
  const shown = places.places.flat(2);
  const otherAxes = (batch?.axes ?? []).filter((a) => a !== chosen.rows && a !== chosen.columns);
  const axisName = (a: string) => (['prompt', 'model', 'aspect_ratio', 'resolution', 'n', 'duration', 'seed'].includes(a) ? t(`axis.${a as 'prompt'}`) : a);
  const coordsOf = (c: BatchCellView) => (batch?.axes ?? []).map((a) => c.coords[a]).filter(Boolean).join(' · ');

  const act = async (work: () => Promise<unknown>) => {
    setProblem('');
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  // Each answer goes into the cache at once: a hidden cell tells no batch change (its counts stay).
  const star = (item: LibraryItemView) => act(async () => keepItem(await call('library.setFavourite', { id: item.id, favourite: !item.favourite })));
  const hide = (c: BatchCellView, hidden: boolean) => act(async () => keepCell(await call('batches.setHidden', { id: batchId, index: c.index, hidden })));
  const open = (libraryId: string) =>
    act(async () => {
      // Every result shown on the sheet, in its order, so ← → in the lightbox go through the
      // sheet: those of cells never drawn are read first, in one call.
      const items = await itemsFor(shown.flatMap((c) => c.libraryIds));
      const index = items.findIndex((i) => i.id === libraryId);
      if (index >= 0) setLightbox({ items, index });
    });

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (!focusAt || !target.dataset.cellIndex || e.altKey || e.ctrlKey || e.metaKey) return;
    const c = places.places[focusAt.r][focusAt.k][focusAt.j];
    const next = step(places, focusAt, e.key);
    const cellAt = (to: At) => places.places[to.r][to.k][to.j].index;
    if (next) {
      e.preventDefault();
      setFocusIndex(cellAt(next));
      grid.current?.focusCell(cellAt(next));
      return;
    }
    const first = c.libraryIds[0];
    if (e.key === ' ') {
      e.preventDefault();
      const item = first ? itemsOf([first])[0] : undefined;
      if (item) void star(item);
    } else if (e.key === 'h' || e.key === 'H') {
      e.preventDefault();
      // A cell leaving the view hands the keyboard to a neighbour, so the focus is never lost.
      const neighbour = showHidden ? undefined : ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].map((k) => step(places, focusAt, k)).find(Boolean);
      void hide(c, !c.hidden).then(() => {
        if (!neighbour) return;
        setFocusIndex(cellAt(neighbour));
        grid.current?.focusCell(cellAt(neighbour));
      });
    } else if (e.key === 'Enter' && first) {
      e.preventDefault();
      void open(first);
    }
  };

  const done = cells.filter((c) => DONE.has(c.state)).length;
  return (
    <dialog ref={dialog} className="contact-sheet" aria-labelledby={titleId} onClose={closed}>
      <header className="contact-sheet-bar">
        <h2 id={titleId}>{t('title', { name: batch?.name ?? '' })}</h2>
        {batch && <span className="contact-sheet-progress">{t('progress', { done, total: cells.length })}</span>}
        <AxisSelect label={t('rows')} value={chosen.rows} options={batch?.axes ?? []} name={axisName} onChange={(rows) => setAxes({ rows, columns: rows === chosen.columns ? chosen.rows : chosen.columns })} />
        <AxisSelect
          label={t('columns')}
          value={chosen.columns}
          options={(batch?.axes ?? []).filter((a) => a !== chosen.rows)}
          none={{ value: chosen.rows, label: t('oneColumn') }}
          name={axisName}
          onChange={(columns) => setAxes({ rows: chosen.rows, columns })}
        />
        <button type="button" className="button" aria-pressed={showHidden} disabled={hiddenCount === 0 && !showHidden} onClick={() => setShowHidden(!showHidden)}>
          {t('showHidden', { count: hiddenCount })}
        </button>
        {batch && <SheetExport batchId={batchId} rows={chosen.rows} columns={chosen.columns} />}
        <button type="button" className="button contact-sheet-close" onClick={close}>{t('close')}</button>
      </header>
      <p className="contact-sheet-keys">{t('keys')}</p>
      {problem && <p role="alert" className="contact-sheet-problem">{problem}</p>}
      {sheet.isPending && <p role="status">{t('loading')}</p>}
      {sheet.isError && <p role="alert">{errorMessage(sheet.error)}</p>}
      {batch && shown.length === 0 && <p className="contact-sheet-empty">{t('allHidden')}</p>}
      {batch && shown.length > 0 && (
        <SheetGrid
          ref={grid}
          places={places}
          hasColumns={chosen.columns !== chosen.rows}
          focusAt={focusAt}
          onKeyDown={onKeyDown}
          renderCell={(c, tabbable) => (
            <SheetCell
              key={c.index}
              cell={c}
              coords={coordsOf(c)}
              caption={otherAxes.map((a) => c.coords[a]).filter(Boolean).join(' · ')}
              mediaBase={mediaBase}
              focused={tabbable}
              error={errorOf(c.jobId)}
              read={read}
              onFocus={() => setFocusIndex(c.index)}
              onOpen={(id) => void open(id)}
              onStar={(item) => void star(item)}
              onHide={(hidden) => void hide(c, hidden)}
              onUseIn={(go) => {
                close();
                go();
              }}
            />
          )}
        />
      )}
      {lightbox && <Lightbox items={lightbox.items} index={lightbox.index} mediaBase={mediaBase} onClose={() => setLightbox(undefined)} />}
    </dialog>
  );
}

interface AxisSelectProps {
  label: string;
  value: string;
  options: readonly string[];
  /** An option that stands for no axis (the columns: one column). */
  none?: { value: string; label: string };
  name(axis: string): string;
  onChange(axis: string): void;
}

function AxisSelect({ label, value, options, none, name, onChange }: AxisSelectProps) {
  const id = useId();
  return (
    <span className="contact-sheet-axis">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((a) => <option key={a} value={a}>{name(a)}</option>)}
        {none && <option value={none.value}>{none.label}</option>}
      </select>
    </span>
  );
}
