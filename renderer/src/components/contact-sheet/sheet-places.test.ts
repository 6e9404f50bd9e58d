import { describe, expect, it } from 'vitest';
import type { BatchCellView } from '@shared/contract/batches.js';
import { defaultAxes, firstAt, placeCells, step } from './sheet-places.js';

const cell = (index: number, coords: Record<string, string>, hidden = false): BatchCellView => ({
  index, coords, jobId: `job-${index}`, tries: [], state: 'saved', libraryIds: [], hidden,
});
const P = ['a fox', 'an owl'];
const M = ['m1', 'm2'];
const R = ['1:1', '16:9'];
const CELLS = P.flatMap((prompt) => M.flatMap((model) => R.map((aspect_ratio) => ({ prompt, model, aspect_ratio })))).map((c, i) => cell(i, c));

describe('the contact sheet grid', () => {
  it('defaults to prompt × model, else the first two axes, else one column', () => {
    expect(defaultAxes(['model', 'aspect_ratio', 'prompt'])).toEqual({ rows: 'prompt', columns: 'model' });
    expect(defaultAxes(['style', 'aspect_ratio'])).toEqual({ rows: 'style', columns: 'aspect_ratio' });
    expect(defaultAxes(['prompt'])).toEqual({ rows: 'prompt', columns: 'prompt' });
  });

  it('puts each cell in the place its coords name, the other axes stacked in it', () => {
    const p = placeCells(CELLS, 'model', 'aspect_ratio', false);
    expect(p.rowLabels).toEqual(M);
    expect(p.columnLabels).toEqual(R);
    for (const [r, model] of M.entries()) {
      for (const [k, ratio] of R.entries()) {
        expect(p.places[r][k].map((c) => c.coords)).toEqual(P.map((prompt) => ({ prompt, model, aspect_ratio: ratio })));
      }
    }
  });

  it('leaves hidden cells out unless asked, without moving the others', () => {
    const cells = CELLS.map((c) => (c.coords.model === 'm1' ? { ...c, hidden: true } : c));
    const p = placeCells(cells, 'prompt', 'model', false);
    expect(p.columnLabels).toEqual(M);
    expect(p.places[0][0]).toEqual([]);
    expect(p.places[0][1]).toHaveLength(2);
    expect(placeCells(cells, 'prompt', 'model', true).places[0][0]).toHaveLength(2);
  });

  it('moves by arrows along a row through stacked cells, and down to the same column', () => {
    const p = placeCells(CELLS, 'prompt', 'model', false);
    const start = firstAt(p)!;
    expect(start).toEqual({ r: 0, k: 0, j: 0 });
    expect(step(p, start, 'ArrowRight')).toEqual({ r: 0, k: 0, j: 1 });
    expect(step(p, { r: 0, k: 0, j: 1 }, 'ArrowRight')).toEqual({ r: 0, k: 1, j: 0 });
    expect(step(p, start, 'ArrowLeft')).toBeUndefined();
    expect(step(p, { r: 0, k: 1, j: 1 }, 'ArrowDown')).toEqual({ r: 1, k: 1, j: 1 });
    expect(step(p, { r: 1, k: 1, j: 1 }, 'ArrowDown')).toBeUndefined();
  });

  it('skips rows with nothing shown, landing on the nearest column that has a cell', () => {
    const cells = CELLS.filter((c) => !(c.coords.prompt === 'an owl' && c.coords.model === 'm2'));
    const p = placeCells(cells, 'prompt', 'model', false);
    expect(step(p, { r: 0, k: 1, j: 0 }, 'ArrowDown')).toEqual({ r: 1, k: 0, j: 0 });
  });
});
