// @vitest-environment happy-dom
/**
 * The contact sheet as a creator works it, against a stand-in host: each result in the place its
 * coords name (whichever axes are chosen), stars that set the library item's favourite, cells
 * discarded from view and brought back, the lightbox, the keyboard, a failed cell's error, and the
 * export asked for the sheet as laid out.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatchCellView, BatchView } from '@shared/contract/batches.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { TaskView } from '@shared/contract/tasks.js';
import { msg } from '@shared/messages/index.js';
import { fakeHost } from '../../test/fake-host.js';
import { button, buttonNames, cleanup, click, mount, press, settle } from '../../test/mount.js';
import { ContactSheet } from './contact-sheet.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * happy-dom lays nothing out: the sheet's scroller is given a window's size (1200 × 800), each
 * drawn row 250 px of height and each column 209 px of width, so the windowed grid draws what a
 * window that size would (sheet-grid.tsx).
 */
function sheetLikeAWindow() {
  const sizes: [string, (el: HTMLElement) => number | undefined][] = [
    ['clientWidth', (el) => (el.classList.contains('contact-sheet-scroll') ? 1200 : undefined)],
    ['clientHeight', (el) => (el.classList.contains('contact-sheet-scroll') ? 800 : undefined)],
    ['scrollWidth', (el) => (el.classList.contains('contact-sheet-scroll') ? 1e6 : undefined)],
    ['scrollHeight', (el) => (el.classList.contains('contact-sheet-scroll') ? 1e6 : undefined)],
    ['offsetHeight', (el) => (el.matches('tr[data-row]') ? 250 : undefined)],
    ['offsetWidth', (el) => (el.matches('th[data-column]') ? 209 : undefined)],
  ];
  for (const [name, px] of sizes) {
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name)!;
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return px(this) ?? own.get!.call(this);
      },
    });
  }
}
sheetLikeAWindow();

const PROMPTS = ['a red kite', 'an owl'];
const MODELS = ['seedream-4-0', 'seedream-4-5'];
const RATIOS = ['1:1', '16:9'];

function world(prompts = PROMPTS) {
  const cells: BatchCellView[] = [];
  const items = new Map<string, LibraryItemView>();
  for (const prompt of prompts) for (const model of MODELS) for (const ratio of RATIOS) {
    const index = cells.length;
    const id = `item-${index}`;
    items.set(id, {
      id, kind: 'image', file: `2025-06/${id}.png`, thumb: `.thumbs/${id}.jpg`, mime: 'image/png', bytes: 10, width: ratio === '1:1' ? 512 : 1024, height: 512,
      prompt, model, params: {}, createdAt: 1, savedAt: 1,
    });
    cells.push({ index, coords: { prompt, model, aspect_ratio: ratio }, jobId: `job-${index}`, tries: [], state: 'saved', libraryIds: [id], hidden: false });
  }
  // The last cell failed, the one before is still running: neither has a result.
  cells[7] = { ...cells[7], state: 'failed', libraryIds: [] };
  cells[6] = { ...cells[6], state: 'running', libraryIds: [] };
  const batch: BatchView = {
    id: 'b1', name: 'Kites and owls', kind: 'image', axes: ['prompt', 'model', 'aspect_ratio'], createdAt: 1, paused: false, cells: cells.length,
    counts: { saved: 6, running: 1, failed: 1 } as BatchView['counts'],
  };
  const failedTask = { id: 'job-7', error: msg('jobs.library.sourceGone') } as unknown as TaskView;
  const host = fakeHost({
    'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }),
    'batches.get': () => ({ batch, cells: cells.map((c) => ({ ...c })) }),
    'library.get': ({ id }) => ({ ...items.get(id)! }),
    'library.getMany': ({ ids }) => ids.flatMap((id) => (items.has(id) ? [{ ...items.get(id)! }] : [])),
    'tasks.list': () => [failedTask],
    'library.setFavourite': ({ id, favourite }) => {
      const item = { ...items.get(id)!, favourite: favourite || undefined };
      items.set(id, item);
      return item;
    },
    'batches.setHidden': ({ index, hidden }) => {
      cells[index] = { ...cells[index], hidden };
      return cells[index];
    },
    'batches.exportSheet': () => ({ outcome: 'saved', name: 'sheet.zip', bytes: 100, count: 8 }),
  });
  return { cells, items, batch, host };
}

async function open(prompts = PROMPTS) {
  const w = world(prompts);
  const onClose = vi.fn();
  const view = await mount(<ContactSheet batchId="b1" onClose={onClose} />);
  await settle();
  const dialog = view.host.querySelector('dialog')!;
  /** The library ids in each place, by row then column. */
  const grid = () => [...dialog.querySelectorAll('tbody tr[data-row]')].map((tr) =>
    [...tr.querySelectorAll('td[data-column]')].map((td) => [...td.querySelectorAll('[data-cell-index]')].map((c) => Number(c.getAttribute('data-cell-index')))));
  const cellEl = (index: number) => dialog.querySelector<HTMLElement>(`[data-cell-index="${index}"]`)!;
  const select = async (label: string, value: string) => {
    const id = [...dialog.querySelectorAll('label')].find((l) => l.textContent === label)!.htmlFor;
    const el = dialog.querySelector<HTMLSelectElement>(`[id="${id}"]`)!;
    await act(async () => {
      el.value = value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
  };
  return { ...w, view, dialog, grid, cellEl, select, onClose };
}

describe('the contact sheet', () => {
  it('lays results out prompt × model at first, each in the place its coords name, the ratios stacked', async () => {
    const { dialog, grid, cells } = await open();
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('h2')?.textContent).toBe('Contact sheet: Kites and owls');
    expect([...dialog.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(MODELS);
    expect([...dialog.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(PROMPTS);
    const places = grid();
    for (const [r, prompt] of PROMPTS.entries()) {
      for (const [k, model] of MODELS.entries()) {
        expect(places[r][k].map((i) => cells[i].coords)).toEqual(RATIOS.map((aspect_ratio) => ({ prompt, model, aspect_ratio })));
      }
    }
    // The result's picture is its thumbnail, with the picture's own shape.
    const img = dialog.querySelector<HTMLImageElement>('[data-cell-index="1"] img')!;
    expect(img.getAttribute('src')).toContain('.thumbs/item-1.jpg');
    expect(img.style.aspectRatio).toBe('1024 / 512');
  });

  it('re-lays the grid by other axes, and one column when the columns follow none', async () => {
    const { dialog, grid, cells, select } = await open();
    await select('Rows', 'aspect_ratio');
    expect([...dialog.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(RATIOS);
    expect(grid()[1][0].map((i) => cells[i].coords)).toEqual(PROMPTS.map((prompt) => ({ prompt, model: MODELS[0], aspect_ratio: '16:9' })));
    await select('Columns', 'aspect_ratio');
    expect(dialog.querySelectorAll('thead')).toHaveLength(0);
    expect(grid().map((row) => row.length)).toEqual([1, 1]);
    expect(grid()[0][0]).toHaveLength(4);
  });

  it('shows a running cell as running and a failed one with its error', async () => {
    const { cellEl } = await open();
    expect(cellEl(6).getAttribute('aria-label')).toBe('an owl · seedream-4-5 · 1:1 — Running');
    expect(cellEl(6).textContent).toContain('Running');
    expect(cellEl(7).textContent).toContain('Failed: ');
    expect(cellEl(7).querySelector('.sheet-cell-error')?.textContent).not.toBe('');
  });

  it('stars a result as the library favourite, and offers "Use in…" on a winner', async () => {
    const { cellEl, host } = await open();
    const star = button(cellEl(2), 'Favourite: result 1 of a red kite · seedream-4-5 · 1:1');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(buttonNames(cellEl(2))).not.toContain('Use in… “a red kite”');
    await click(star);
    expect(host.callsOf('library.setFavourite')).toEqual([{ id: 'item-2', favourite: true }]);
    expect(button(cellEl(2), /^Favourite/).getAttribute('aria-pressed')).toBe('true');
    expect(buttonNames(cellEl(2))).toContain('Use in… “a red kite”');
  });

  it('discards a cell from view and brings it back with "Show hidden"', async () => {
    const { dialog, cellEl, host } = await open();
    expect(button(dialog, 'Show hidden (0)').disabled).toBe(true);
    await click(button(cellEl(3), 'Discard from view: a red kite · seedream-4-5 · 16:9'));
    expect(host.callsOf('batches.setHidden')).toEqual([{ id: 'b1', index: 3, hidden: true }]);
    expect(dialog.querySelector('[data-cell-index="3"]')).toBeNull();
    await click(button(dialog, 'Show hidden (1)'));
    expect(cellEl(3).className).toContain('is-hidden');
    await click(button(cellEl(3), 'Show again: a red kite · seedream-4-5 · 16:9'));
    expect(host.callsOf('batches.setHidden')).toEqual([{ id: 'b1', index: 3, hidden: true }, { id: 'b1', index: 3, hidden: false }]);
  });

  it('moves by arrows; Space stars, H hides, Enter opens the lightbox', async () => {
    const { dialog, cellEl, host, onClose } = await open();
    expect(cellEl(0).tabIndex).toBe(0);
    expect(cellEl(1).tabIndex).toBe(-1);
    cellEl(0).focus();
    await press(cellEl(0), 'ArrowRight');
    expect(document.activeElement).toBe(cellEl(1));
    await press(cellEl(1), 'ArrowDown');
    expect(document.activeElement).toBe(cellEl(5));
    await press(cellEl(5), ' ');
    await settle();
    expect(host.callsOf('library.setFavourite')).toEqual([{ id: 'item-5', favourite: true }]);
    await press(cellEl(5), 'h');
    await settle();
    expect(host.callsOf('batches.setHidden')).toEqual([{ id: 'b1', index: 5, hidden: true }]);
    // The hidden cell leaves the view and hands the keyboard to its neighbour.
    expect(dialog.querySelector('[data-cell-index="5"]')).toBeNull();
    expect(document.activeElement).toBe(cellEl(6));
    await press(cellEl(6), 'ArrowLeft');
    expect(document.activeElement).toBe(cellEl(4));
    await press(cellEl(4), 'Enter');
    await settle();
    const lightbox = dialog.querySelector('dialog.lightbox') as HTMLDialogElement;
    expect(lightbox?.open).toBe(true);
    expect(lightbox.querySelector('img')?.getAttribute('src')).toContain('2025-06/item-4.png');
    // Closing the lightbox leaves the sheet open.
    await act(async () => lightbox.close());
    await settle();
    expect(dialog.querySelector('dialog.lightbox')).toBeNull();
    expect(dialog.open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('exports the sheet as laid out, and says where it went; Close closes', async () => {
    const { dialog, host, select, onClose } = await open();
    await select('Rows', 'model');
    await click(button(dialog, 'Export sheet…'));
    expect(host.callsOf('batches.exportSheet')).toEqual([{ id: 'b1', rows: 'model', columns: 'prompt' }]);
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe('Saved “sheet.zip”.');
    await click(button(dialog, 'Close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('a contact sheet of 500 cells', () => {
  // 125 prompts × 2 models × 2 ratios, one result each, as the batch benchmark makes.
  const PROMPTS_125 = Array.from({ length: 125 }, (_, i) => `prompt ${i + 1}`);
  const drawnCells = (dialog: HTMLElement) => [...dialog.querySelectorAll<HTMLElement>('[data-cell-index]')].map((c) => Number(c.dataset.cellIndex));

  it('draws only the rows in view, and reads their library items in one call', async () => {
    const { dialog, host, cells } = await open(PROMPTS_125);
    const drawn = drawnCells(dialog);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(60);
    // The whole grid is still told: 125 rows and the header row, 2 columns and the row headers.
    const table = dialog.querySelector('table')!;
    expect([table.getAttribute('aria-rowcount'), table.getAttribute('aria-colcount')]).toEqual(['126', '3']);
    expect(dialog.querySelector('tbody tr[data-row]')?.getAttribute('aria-rowindex')).toBe('2');
    // Every result drawn was read in the one call, none on its own.
    expect(host.callsOf('library.get')).toEqual([]);
    expect(host.callsOf('library.getMany')).toHaveLength(1);
    const asked = (host.callsOf('library.getMany')[0] as { ids: string[] }).ids;
    expect(new Set(asked)).toEqual(new Set(drawn.flatMap((i) => cells[i].libraryIds)));
    expect(dialog.querySelectorAll('[data-cell-index] img')).toHaveLength(asked.length);
  });

  it('moves the keyboard past the drawn rows: the grid scrolls there and focuses the cell', async () => {
    const { dialog, cellEl } = await open(PROMPTS_125);
    const scroller = dialog.querySelector<HTMLElement>('.contact-sheet-scroll')!;
    const lastRow = Math.max(...[...dialog.querySelectorAll<HTMLElement>('tbody tr[data-row]')].map((tr) => Number(tr.dataset.row)));
    // The first cell of the last drawn row (prompt × model × ratio: four cells a row).
    const from = lastRow * 4;
    const to = (lastRow + 1) * 4;
    expect(dialog.querySelector(`[data-cell-index="${to}"]`)).toBeNull();
    await act(async () => cellEl(from).focus());
    await press(cellEl(from), 'ArrowDown');
    // The browser tells the grid it scrolled, as it does after the grid's own scrollTo.
    expect(scroller.scrollTop).toBeGreaterThan(0);
    await act(async () => { scroller.dispatchEvent(new Event('scroll')); });
    await settle();
    expect(document.activeElement).toBe(cellEl(to));
    expect(cellEl(to).tabIndex).toBe(0);
    expect(dialog.querySelectorAll('[data-cell-index][tabindex="0"]')).toHaveLength(1);
  });

  it('gives Tab to the first drawn cell once the focused one has scrolled away', async () => {
    const { dialog, cellEl } = await open(PROMPTS_125);
    const scroller = dialog.querySelector<HTMLElement>('.contact-sheet-scroll')!;
    expect(cellEl(0).tabIndex).toBe(0);
    await act(async () => {
      scroller.scrollTop = 250 * 60;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await settle();
    expect(dialog.querySelector('[data-cell-index="0"]')).toBeNull();
    const tabbable = [...dialog.querySelectorAll<HTMLElement>('[data-cell-index][tabindex="0"]')];
    expect(tabbable).toHaveLength(1);
    expect(tabbable[0]).toBe(dialog.querySelector('[data-cell-index]'));
  });

  it('opens the lightbox over every result of the sheet, those never drawn read first in one call', async () => {
    const { dialog, host, cellEl } = await open(PROMPTS_125);
    const drawn = drawnCells(dialog);
    await act(async () => cellEl(0).focus());
    await press(cellEl(0), 'Enter');
    await settle();
    const lightbox = dialog.querySelector('dialog.lightbox') as HTMLDialogElement;
    expect(lightbox?.open).toBe(true);
    // 500 cells, less the running one and the failed one: 498 results to go through.
    expect(lightbox.querySelector('.lightbox-count')?.textContent).toBe('1 of 498');
    const calls = host.callsOf('library.getMany') as { ids: string[] }[];
    expect(calls).toHaveLength(2);
    expect(calls[1].ids).toHaveLength(498 - drawn.filter((i) => i !== 6 && i !== 7).length);
  });
});
