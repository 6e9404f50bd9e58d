/** Which models a "Compare models" run goes to, and how many it takes (ui/compare-models.tsx picks them). */
import { IMAGE_MODEL_IDS, NATIVE_IMAGE_MODELS } from '@shared/gateway/catalog.js';
import type { ImageDraft } from './image-draft.js';

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
export const COMPARABLE: readonly string[] = [...IMAGE_MODEL_IDS, ...NATIVE_IMAGE_MODELS];

/** The models a compare run goes to: the ones picked, in catalog order, known ones only. */
export const comparedModels = (d: ImageDraft): string[] => COMPARABLE.filter((m) => d.compareModels.includes(m));
