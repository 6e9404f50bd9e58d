/**
 * The composer's matrix as cells (matrix.ts): every cell one job request with its place, the
 * forbidden combinations named with the spec's rule before the host is asked, and the expected
 * cost asked once per distinct price, not once per cell.
 */
import { describe, expect, it } from 'vitest';
import { msg } from '@shared/messages/message.js';
import { AXES, choicesOf } from './axes.js';
import { buildMatrix, groupRefusals, INITIAL_BATCH_DRAFT, localRefusals, numbersOf, quoteShapes, type BatchDraft } from './matrix.js';

const draft = (over: Partial<BatchDraft>): BatchDraft => ({ ...INITIAL_BATCH_DRAFT, ...over });
const list = (...prompts: string[]) => ({ mode: 'list' as const, list: prompts.join('\n'), template: '', values: {} });

describe('an image batch', () => {
  const twelve = draft({ source: list('a fox', 'an owl', 'a hare'), models: ['seedream-4-5', 'seedream-4-0'], picked: { aspect_ratio: ['1:1', '16:9'] } });

  it('is prompts × models × ratios, each cell its request and its place', () => {
    const r = buildMatrix('image', twelve);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const { cells, axes } = r.matrix;
    expect(cells).toHaveLength(12);
    // Each model keeps its own default resolution: it differs, so it is an axis of its own.
    expect(axes).toEqual(['prompt', 'model', 'aspect_ratio', 'resolution']);
    expect(cells[0]).toEqual({
      coords: { prompt: 'a fox', model: 'seedream-4-5', aspect_ratio: '1:1', resolution: '2K' },
      request: { route: 'image', request: { model: 'seedream-4-5', prompt: 'a fox', size: '1:1', resolution: '2K', n: 1 } },
    });
    expect(cells[11].coords).toEqual({ prompt: 'a hare', model: 'seedream-4-0', aspect_ratio: '16:9', resolution: '1K' });
    expect(new Set(cells.map((c) => JSON.stringify(c.coords))).size).toBe(12);
    expect(localRefusals(cells)).toEqual([]);
  });

  it('prices each distinct request shape once, with how many cells it stands for', () => {
    const r = buildMatrix('image', twelve);
    const shapes = r.ok ? quoteShapes(r.matrix.cells) : [];
    expect(shapes).toEqual([
      { input: { route: 'image', request: { model: 'seedream-4-5', resolution: '2K', n: 1 } }, count: 6, model: 'seedream-4-5' },
      { input: { route: 'image', request: { model: 'seedream-4-0', resolution: '1K', n: 1 } }, count: 6, model: 'seedream-4-0' },
    ]);
  });

  it('names a ratio one model lacks, with the rule, once per combination whatever the prompt', () => {
    const r = buildMatrix('image', draft({ source: list('a fox', 'an owl'), models: ['seedream-4-5', 'seedream-4-0'], picked: { aspect_ratio: ['21:9'], resolution: ['2K'] } }));
    if (!r.ok) throw new Error('no matrix');
    const refusals = localRefusals(r.matrix.cells);
    expect(refusals.map((x) => r.matrix.cells[x.index].coords.model)).toEqual(['seedream-4-0', 'seedream-4-0']);
    const groups = groupRefusals(r.matrix, refusals);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ model: 'seedream-4-0', values: [{ axis: 'aspect_ratio', value: '21:9' }, { axis: 'resolution', value: '2K' }], cells: 2 });
    expect(groups[0].text).toMatchObject({ code: 'rules.param.oneOf', params: { name: 'size' } });
    expect(JSON.stringify(groups[0].text)).toContain('seedream-4-0');
  });

  it('offers every value a ticked model has, resolutions smallest first', () => {
    const [ratio, resolution] = AXES.image;
    expect(choicesOf(resolution, ['seedream-4-5', 'seedream-4-0'])).toEqual(['1K', '2K', '4K']);
    expect(choicesOf(ratio, ['seedream-4-0', 'seedream-4-5'])).toEqual(['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9', '9:21']);
  });

  it('forgets a ratio picked for a model since unticked, which no box shows any more', () => {
    const r = buildMatrix('image', draft({ source: list('a fox'), models: ['seedream-4-0'], picked: { aspect_ratio: ['21:9', '1:1'] } }));
    expect(r.ok && r.matrix.cells.map((c) => c.request.request)).toEqual([{ model: 'seedream-4-0', prompt: 'a fox', size: '1:1', resolution: '1K', n: 1 }]);
  });

  it('refuses a count that is not one, typed among the n values, naming the axis', () => {
    expect(buildMatrix('image', draft({ source: list('a'), models: ['seedream-4-0'], typed: { n: '1, two' } })))
      .toEqual({ ok: false, error: { code: 'badNumbers', axis: 'n', text: '1, two' } });
    expect(numbersOf(' 1,2 ，4 2')).toEqual(['1', '2', '4']);
  });

  it('refuses no model, and a product over the cell limit with its numbers', () => {
    expect(buildMatrix('image', draft({ source: list('a') }))).toEqual({ ok: false, error: { code: 'noModel' } });
    const prompts = Array.from({ length: 40 }, (_, k) => `p${k}`);
    const r = buildMatrix('image', draft({ source: list(...prompts), models: ['seedream-4-5', 'seedream-4-0', 'modela-4o-image'], picked: { aspect_ratio: ['1:1', '16:9', '9:16'] }, typed: { n: '1 2 3' } }));
    expect(r).toEqual({ ok: false, error: { code: 'tooMany', count: 40 * 3 * 3 * 3, limit: 1000 } });
  });

  it('puts a template\'s variables in the cells\' places, and refuses more axes than a batch holds', () => {
    const r = buildMatrix('image', draft({
      source: { mode: 'template', list: '', template: 'a {subject} in {style}', values: { subject: 'fox\nowl', style: 'ink\noil' } },
      models: ['seedream-4-0'],
    }));
    if (!r.ok) throw new Error('no matrix');
    expect(r.matrix.axes).toEqual(['prompt', 'subject', 'style', 'model']);
    expect(r.matrix.cells.map((c) => c.coords)).toContainEqual({ prompt: 'a owl in ink', subject: 'owl', style: 'ink', model: 'seedream-4-0' });
    const wide = buildMatrix('image', draft({
      source: { mode: 'template', list: '', template: '{a}{b}{c}{d}', values: { a: 'x', b: 'y', c: 'z', d: 'w' } },
      models: ['seedream-4-5', 'seedream-4-0'], picked: { aspect_ratio: ['1:1', '4:3'] }, typed: { n: '1 2' },
    }));
    expect(wide).toEqual({ ok: false, error: { code: 'tooManyAxes', count: 9, max: 8 } });
  });
});

describe('a video batch', () => {
  it('sends each route its own request, an axis a model lacks shown as not applicable', () => {
    const r = buildMatrix('video', draft({ source: list('waves'), models: ['modelf-hailuo-02', 'wan2.5-t2v-preview'], typed: { duration: '5 10' } }));
    if (!r.ok) throw new Error('no matrix');
    expect(r.matrix.axes).toEqual(['prompt', 'model', 'duration', 'aspect_ratio', 'size']);
    expect(r.matrix.cells.map((c) => c.request)).toEqual([
      { route: 'video', request: { model: 'modelf-hailuo-02', prompt: 'waves', duration: 5, aspect_ratio: '16:9' } },
      { route: 'video', request: { model: 'modelf-hailuo-02', prompt: 'waves', duration: 10, aspect_ratio: '16:9' } },
      { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'waves', seconds: '5', size: '1280*720', watermark: 'false' } },
      { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'waves', seconds: '10', size: '1280*720', watermark: 'false' } },
    ]);
    expect(r.matrix.cells[2].coords).toMatchObject({ aspect_ratio: '—', size: '1280*720' });
    expect(localRefusals(r.matrix.cells)).toEqual([]);
  });

  it('names a duration out of a model\'s range with its bounds', () => {
    const r = buildMatrix('video', draft({ source: list('waves'), models: ['modelf-hailuo-02', 'modelg3'], typed: { duration: '15' } }));
    if (!r.ok) throw new Error('no matrix');
    const refusals = localRefusals(r.matrix.cells);
    expect(refusals).toEqual([{ index: 0, text: msg('rules.param.intRange', { name: 'duration', min: 5, max: 10 }) }]);
  });
});
