/**
 * The composer's draft and whether a tab shows it, kept like the forms' drafts (state/drafts.ts):
 * a tab switch, a reload or a restart loses neither.
 */
import { useDraft } from '../../../state/drafts.js';
import type { BatchKind } from './axes.js';
import { INITIAL_BATCH_DRAFT, type BatchDraft } from './matrix.js';

const OFF = { batch: false };

export function useBatchMode(kind: BatchKind): [boolean, (batch: boolean) => void] {
  const [mode, update] = useDraft(`batch-mode:${kind}`, OFF);
  return [mode.batch === true, (batch) => update({ batch })];
}

export const useBatchDraft = (kind: BatchKind) => useDraft<BatchDraft>(`batch:${kind}`, INITIAL_BATCH_DRAFT);
