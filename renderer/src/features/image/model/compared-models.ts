/** Which models a "Compare models" run goes to, how many it takes (ui/compare-models.tsx picks them), and what each is quoted by. */
import { IMAGE_MODEL_IDS, NATIVE_IMAGE_MODELS } from '@shared/gateway/catalog.js';
import type { QuoteInput } from '@shared/contract/ledger-quote.js';
import { fitImageDraft, type ImageDraft } from './image-draft.js';

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
export const COMPARABLE: readonly string[] = [...IMAGE_MODEL_IDS, ...NATIVE_IMAGE_MODELS];

/** The models a compare run goes to: the ones picked, in catalog order, known ones only. */
export const comparedModels = (d: ImageDraft): string[] => COMPARABLE.filter((m) => d.compareModels.includes(m));

/** The draft as each compared model is sent it: adapted to that model (image-draft.ts, `fitImageDraft`). */
export const comparedDrafts = (d: ImageDraft): ImageDraft[] => comparedModels(d).map((m) => ({ ...d, ...fitImageDraft(d, m).patch }));

/**
 * What a job of this draft is billed by (docs/ledger.md, "Units"), for its expected cost: model,
 * resolution, n and the references; typing the prompt asks nothing.
 */
export const quoteInput = (d: ImageDraft): QuoteInput => ({
  route: 'image',
  request: {
    model: d.model,
    resolution: d.resolution,
    // Left blank, the model's default is sent, and billed: the host reads it so (units.ts).
    ...(d.n.trim() === '' ? {} : { n: /^\s*\d+\s*$/.test(d.n) ? Number(d.n) : d.n }),
    ...(d.refs.length ? { image_urls: d.refs.map((r) => r.id) } : {}),
  },
});
