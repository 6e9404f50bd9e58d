/**
 * The rules of the "Jobs sent at once" form (the host's job queue, docs/robust-host.md). The
 * bounds mirror the contract's `QueueLimits` (shared/contract/tasks.ts) by hand, so the Settings
 * chunk does not pull zod in; queue-limits.test.ts holds them equal, and the host checks again.
 */
import type { QueueLimits } from '@shared/contract/tasks.js';

export const QUEUE_FIELDS = ['perModel', 'overall'] as const satisfies readonly (keyof QueueLimits)[];
export type QueueField = (typeof QUEUE_FIELDS)[number];
export const QUEUE_BOUNDS: Record<QueueField, { min: number; max: number }> = { perModel: { min: 1, max: 16 }, overall: { min: 1, max: 32 } };

export type QueueDraft = Record<QueueField, string>;
export type QueueProblem = 'notWhole' | 'outOfRange' | 'perModelOverOverall';

/** Full-width digits (typed with a Chinese input method) read as the digits they are. */
const halfWidth = (text: string) => text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** Every field's problem, or the limits to save. A per-model limit above the overall one could never be reached: said so. */
export function checkQueueLimits(draft: QueueDraft): { limits: QueueLimits } | { problems: Partial<Record<QueueField, QueueProblem>> } {
  const problems: Partial<Record<QueueField, QueueProblem>> = {};
  const limits = { perModel: 0, overall: 0 };
  for (const field of QUEUE_FIELDS) {
    const digits = halfWidth(draft[field].trim());
    if (!/^\d+$/.test(digits)) {
      problems[field] = 'notWhole';
      continue;
    }
    const value = Number(digits);
    const { min, max } = QUEUE_BOUNDS[field];
    if (value < min || value > max) problems[field] = 'outOfRange';
    else limits[field] = value;
  }
  if (!problems.perModel && !problems.overall && limits.perModel > limits.overall) problems.perModel = 'perModelOverOverall';
  return Object.keys(problems).length ? { problems } : { limits };
}

export const queueDraftOf = (limits: QueueLimits): QueueDraft => ({ perModel: String(limits.perModel), overall: String(limits.overall) });
