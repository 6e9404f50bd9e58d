/**
 * The composer's draft as cells (docs/batch-composer.md): prompts × models × the
 * parameter axes, each cell one job request with its place in the matrix (`coords`, axis name ->
 * label), as `batches.check` and `batches.create` take them. Each request is checked here with the
 * very schema the host applies (shared/contract/job-request.ts), so a combination the spec forbids
 * is named with its rule before anything is asked of the host; the host's answer still decides.
 */
import { MAX_BATCH_CELLS, type BatchCellInput } from '@shared/contract/batches.js';
import { JobRequest } from '@shared/contract/job-request.js';
import type { QuoteInput } from '@shared/contract/ledger-quote.js';
import { check } from '@shared/gateway/rules.js';
import type { Text } from '@shared/messages/message.js';
import { AXES, appliesTo, choicesOf, isMultipart, type AxisDef, type BatchKind } from './axes.js';
import { expandPrompts, type ExpandError, type PromptCell, type PromptSource } from './expand.js';

export interface BatchDraft {
  source: PromptSource;
  models: string[];
  /** A `choice` axis's values picked; none picked sends each model its default. */
  picked: Record<string, string[]>;
  /** A `numbers` axis's values as typed ("1, 2, 4"); blank sends each model its default. */
  typed: Record<string, string>;
  /** The batch's name as typed; blank names it after its first prompt and the time. */
  name: string;
}

export const INITIAL_BATCH_DRAFT: BatchDraft = {
  source: { mode: 'list', list: '', template: '', values: {} },
  models: [],
  picked: {},
  typed: {},
  name: '',
};

/** A cell's label for an axis its model does not have (a multipart clip has no aspect ratio). */
export const NOT_APPLICABLE = '—';
/** The contract's most axes a batch has (shared/contract/batches.ts). */
export const MAX_AXES = 8;

export type MatrixError =
  | ExpandError
  | { code: 'noModel' }
  | { code: 'badNumbers'; axis: string; text: string }
  | { code: 'tooManyAxes'; count: number; max: number };

export interface AxisValues {
  name: string;
  values: string[];
}

export interface Matrix {
  /** In the composer's order: prompt, its variables, model, then each parameter that varies. */
  axes: string[];
  /** Every axis with the distinct labels its cells have, for the matrix table. */
  values: AxisValues[];
  cells: BatchCellInput[];
  /**
   * Each cell's parameters the creator chose (ticked or typed), varying or not: a refusal names the
   * chosen values even when every cell shares them; a model's own default is never at fault.
   */
  params: Record<string, string>[];
  prompts: PromptCell[];
  /** Lines or combinations that made a prompt already there, left out. */
  repeats: number;
}

/** A typed list of whole numbers, "1, 2 4"; undefined when an item is not one. */
export function numbersOf(text: string): string[] | undefined {
  const items = text.split(/[\s,，、;]+/).filter(Boolean);
  if (items.some((i) => !/^\d{1,6}$/.test(i))) return undefined;
  return [...new Set(items.map((i) => String(Number(i))))];
}

function request(kind: BatchKind, model: string, prompt: string, at: Record<string, string>): JobRequest {
  if (kind === 'image') {
    return { route: 'image', request: { model, prompt, size: at.aspect_ratio, resolution: at.resolution, n: Number(at.n) } } as JobRequest;
  }
  if (isMultipart(model)) {
    // The multipart route takes form strings (spec 4.8).
    return { route: 'video-multipart', request: { model, prompt, seconds: at.duration, size: at.size, watermark: 'false' } } as JobRequest;
  }
  return { route: 'video', request: { model, prompt, duration: Number(at.duration), aspect_ratio: at.aspect_ratio } } as JobRequest;
}

/** Each chosen model's values of each axis it has; an axis it lacks is one "not applicable". */
function valuesPerModel(axes: AxisDef[], draft: BatchDraft): { perModel: Map<string, Map<string, string[]>>; chosen: Set<string> } | { error: MatrixError } {
  const chosen = new Map<string, string[] | undefined>();
  for (const axis of axes) {
    if (axis.input === 'choice') {
      // A value picked for a model since unticked is no choice any more: no box shows it to untick.
      const offered = choicesOf(axis, draft.models);
      const picked = [...new Set(draft.picked[axis.name] ?? [])].filter((v) => offered.includes(v));
      chosen.set(axis.name, picked.length ? picked : undefined);
      continue;
    }
    const text = draft.typed[axis.name] ?? '';
    const numbers = numbersOf(text);
    if (!numbers) return { error: { code: 'badNumbers', axis: axis.name, text } };
    chosen.set(axis.name, numbers.length ? numbers : undefined);
  }
  const perModel = new Map<string, Map<string, string[]>>();
  for (const model of draft.models) {
    perModel.set(model, new Map(axes.map((a) => [a.name, a.options(model) === null ? [NOT_APPLICABLE] : (chosen.get(a.name) ?? [a.fallback(model)])])));
  }
  return { perModel, chosen: new Set([...chosen].filter(([, values]) => values !== undefined).map(([name]) => name)) };
}

const product = (lists: string[][]): string[][] => lists.reduce<string[][]>((acc, l) => acc.flatMap((c) => l.map((v) => [...c, v])), [[]]);

/** The draft's cells, or the first thing that keeps it from being a batch; never more than `limit` cells built. */
export function buildMatrix(kind: BatchKind, draft: BatchDraft, limit = MAX_BATCH_CELLS): { ok: true; matrix: Matrix } | { ok: false; error: MatrixError } {
  const expanded = expandPrompts(draft.source, limit);
  if (!expanded.ok) return expanded;
  const models = [...new Set(draft.models)];
  if (models.length === 0) return { ok: false, error: { code: 'noModel' } };
  const axes = AXES[kind].filter((a) => appliesTo(a, models));
  const found = valuesPerModel(axes, { ...draft, models });
  if ('error' in found) return { ok: false, error: found.error };
  const { perModel, chosen } = found;
  const perPrompt = models.reduce((n, m) => n + axes.reduce((k, a) => k * perModel.get(m)!.get(a.name)!.length, 1), 0);
  const count = expanded.prompts.length * perPrompt;
  if (count > limit) return { ok: false, error: { code: 'tooMany', count, limit } };

  const varying = axes.filter((a) => new Set(models.flatMap((m) => perModel.get(m)!.get(a.name)!)).size > 1).map((a) => a.name);
  const names = ['prompt', ...expanded.variables, 'model', ...varying];
  if (names.length > MAX_AXES) return { ok: false, error: { code: 'tooManyAxes', count: names.length, max: MAX_AXES } };

  const cells: BatchCellInput[] = [];
  const params: Record<string, string>[] = [];
  for (const p of expanded.prompts) {
    for (const model of models) {
      for (const combo of product(axes.map((a) => perModel.get(model)!.get(a.name)!))) {
        const at = Object.fromEntries(axes.map((a, k) => [a.name, combo[k]]));
        const coords: Record<string, string> = { prompt: p.prompt, ...p.vars, model };
        for (const name of varying) coords[name] = at[name];
        cells.push({ coords, request: request(kind, model, p.prompt, at) });
        params.push(Object.fromEntries(Object.entries(at).filter(([name, value]) => chosen.has(name) && value !== NOT_APPLICABLE)));
      }
    }
  }
  const values = names.map((name) => ({ name, values: [...new Set(cells.map((c) => c.coords[name]))] }));
  return { ok: true, matrix: { axes: names, values, cells, params, prompts: expanded.prompts, repeats: expanded.repeats } };
}

export interface Refusal {
  index: number;
  text: Text;
}

/** Each cell the shared rules refuse, with the first rule it breaks (as the host would name it). */
export function localRefusals(cells: readonly BatchCellInput[]): Refusal[] {
  return cells.flatMap((cell, index) => {
    const r = check(JobRequest, cell.request);
    return r.ok ? [] : [{ index, text: r.problems[0].text }];
  });
}

export interface RefusalGroup {
  /** The combination refused, without the prompt: the model and the values chosen for it. */
  model: string;
  values: { axis: string; value: string }[];
  text: Text;
  /** How many cells (one per prompt) it refuses. */
  cells: number;
  first: number;
}

/** The refusals as combinations: one line per model and values refused by the same rule, whatever the prompt. */
export function groupRefusals(matrix: Matrix, refusals: readonly Refusal[]): RefusalGroup[] {
  const groups = new Map<string, RefusalGroup>();
  for (const r of refusals) {
    const cell = matrix.cells[r.index];
    const model = cell?.request.request.model ?? '';
    const values = Object.entries(matrix.params[r.index] ?? {}).map(([axis, value]) => ({ axis, value }));
    const key = JSON.stringify([model, values, r.text]);
    const group = groups.get(key);
    if (group) group.cells += 1;
    else groups.set(key, { model, values, text: r.text, cells: 1, first: r.index });
  }
  return [...groups.values()];
}

/** What a cell is billed by (docs/ledger.md, "Units"): its model and the parameters that set the price. */
export function quoteOf(cell: BatchCellInput): QuoteInput {
  const { route, request: r } = cell.request;
  if (route === 'image') return { route: 'image', request: { model: r.model, resolution: r.resolution, n: r.n } };
  if (route === 'video-multipart') return { route: 'video-multipart', request: { model: r.model, seconds: r.seconds, size: r.size } };
  return { route: 'video-generations', request: { model: r.model, duration: r.duration } };
}

/** The cells' quotes, each distinct one once with how many cells it prices: a 500-cell batch asks a few questions, not 500. */
export function quoteShapes(cells: readonly BatchCellInput[]): { input: QuoteInput; count: number; model: string }[] {
  const shapes = new Map<string, { input: QuoteInput; count: number; model: string }>();
  for (const cell of cells) {
    const input = quoteOf(cell);
    const key = JSON.stringify(input);
    const shape = shapes.get(key);
    if (shape) shape.count += 1;
    else shapes.set(key, { input, count: 1, model: cell.request.request.model });
  }
  return [...shapes.values()];
}
