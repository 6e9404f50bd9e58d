/**
 * The composer's draft and whether a tab shows it, kept like the forms' drafts (state/drafts.ts):
 * a tab switch, a reload or a restart loses neither. What comes back from storage is checked
 * field by field (docs/house-rules.md, "Validate at every boundary"): a damaged or older value
 * falls back to that field's default instead of breaking the tab.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { useDraft } from '../../../state/drafts.js';
import type { BatchKind } from './axes.js';
import { INITIAL_BATCH_DRAFT, type BatchDraft } from './matrix.js';

const OFF = { batch: false };

export function useBatchMode(kind: BatchKind): [boolean, (batch: boolean) => void] {
  const [mode, update] = useDraft(`batch-mode:${kind}`, OFF);
  return [mode.batch === true, (batch) => update({ batch })];
}

const Stored = z.object({
  source: z.object({
    mode: z.enum(['list', 'template']).catch('list'),
    list: z.string().catch(''),
    template: z.string().catch(''),
    values: z.record(z.string(), z.string()).catch({}),
  }).catch(INITIAL_BATCH_DRAFT.source),
  models: z.array(z.string()).catch([]),
  picked: z.record(z.string(), z.array(z.string())).catch({}),
  typed: z.record(z.string(), z.string()).catch({}),
  name: z.string().catch(''),
});

/** A stored draft as the composer can use it. */
export const saneDraft = (stored: unknown): BatchDraft => Stored.catch(INITIAL_BATCH_DRAFT).parse(stored);

export function useBatchDraft(kind: BatchKind): [BatchDraft, (patch: Partial<BatchDraft>) => void] {
  const [draft, update] = useDraft<BatchDraft>(`batch:${kind}`, INITIAL_BATCH_DRAFT);
  const sane = useMemo(() => saneDraft(draft), [draft]);
  return [sane, update];
}
