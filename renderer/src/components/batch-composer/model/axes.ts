/**
 * The parameter axes a batch of each tab can vary (spec 2.15, 4.7, 4.8), read from the catalog:
 * which models have the axis, the values each offers and its default. A value one chosen model
 * does not offer is still a cell: the check refuses it with the rule named (matrix.ts), so the
 * creator sees why instead of finding it silently dropped. No model of the catalog takes a seed,
 * so no tab offers a seed axis (docs/batch-composer.md).
 */
import {
  GENERATIONS_VIDEO_MODELS, IMAGE_MODEL_IDS, IMAGE_MODELS, MULTIPART_VIDEO_DEFAULTS, MULTIPART_VIDEO_MODELS, MULTIPART_VIDEO_SECONDS,
  MULTIPART_VIDEO_SIZES,
} from '@shared/gateway/catalog.js';

export type BatchKind = 'image' | 'video';

export interface AxisDef {
  name: 'aspect_ratio' | 'resolution' | 'n' | 'duration' | 'size';
  /** `choice`: picked from the values the chosen models offer; `numbers`: typed, "1, 2, 4". */
  input: 'choice' | 'numbers';
  /** The values the model offers, or null when it has no such parameter. */
  options(model: string): readonly string[] | null;
  /** What the model is sent when no value is chosen. */
  fallback(model: string): string;
}

const isMultipart = (m: string) => (MULTIPART_VIDEO_MODELS as readonly string[]).includes(m);
const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, k) => String(min + k));

const IMAGE_AXES: AxisDef[] = [
  { name: 'aspect_ratio', input: 'choice', options: (m) => IMAGE_MODELS[m]?.sizes ?? null, fallback: (m) => IMAGE_MODELS[m].defaultSize },
  { name: 'resolution', input: 'choice', options: (m) => IMAGE_MODELS[m]?.resolutions ?? null, fallback: (m) => IMAGE_MODELS[m].defaultResolution },
  {
    name: 'n', input: 'numbers',
    options: (m) => (IMAGE_MODELS[m] ? range(IMAGE_MODELS[m].n.min, IMAGE_MODELS[m].n.max) : null),
    fallback: (m) => String(IMAGE_MODELS[m].n.default),
  },
];

const VIDEO_AXES: AxisDef[] = [
  {
    // The multipart route's `seconds` is the same axis: how long the clip is.
    name: 'duration', input: 'numbers',
    options: (m) => (isMultipart(m) ? MULTIPART_VIDEO_SECONDS : GENERATIONS_VIDEO_MODELS[m] ? range(GENERATIONS_VIDEO_MODELS[m].duration.min, GENERATIONS_VIDEO_MODELS[m].duration.max) : null),
    fallback: (m) => (isMultipart(m) ? MULTIPART_VIDEO_DEFAULTS.seconds : String(GENERATIONS_VIDEO_MODELS[m].duration.default)),
  },
  {
    name: 'aspect_ratio', input: 'choice',
    options: (m) => GENERATIONS_VIDEO_MODELS[m]?.aspectRatios ?? null,
    fallback: (m) => GENERATIONS_VIDEO_MODELS[m].defaultAspectRatio,
  },
  { name: 'size', input: 'choice', options: (m) => (isMultipart(m) ? MULTIPART_VIDEO_SIZES : null), fallback: () => MULTIPART_VIDEO_DEFAULTS.size },
];

export const AXES: Record<BatchKind, AxisDef[]> = { image: IMAGE_AXES, video: VIDEO_AXES };

/** The models a batch of the tab can run: its job models (the instant ones are no jobs). */
export const BATCH_MODELS: Record<BatchKind, readonly string[]> = {
  image: IMAGE_MODEL_IDS,
  video: [...Object.keys(GENERATIONS_VIDEO_MODELS), ...MULTIPART_VIDEO_MODELS],
};

/** Resolutions read smallest first, whichever model offers which. */
const RESOLUTIONS: readonly string[] = ['1K', '2K', '4K'];

/** The values to pick from: every value any chosen model offers, in the catalog's order (resolutions by size). */
export function choicesOf(axis: AxisDef, models: readonly string[]): string[] {
  const values = [...new Set(models.flatMap((m) => axis.options(m) ?? []))];
  return axis.name === 'resolution' ? values.sort((a, b) => RESOLUTIONS.indexOf(a) - RESOLUTIONS.indexOf(b)) : values;
}

export const appliesTo = (axis: AxisDef, models: readonly string[]) => models.some((m) => axis.options(m) !== null);

export { isMultipart };
