/**
 * The contract calls that start paid work (docs/ledger.md, "Budgets"): the hard stop checks these,
 * in one place, before their handler runs, so nothing is sent and nothing is paid when a budget is
 * spent. A call that only continues work already started (a tool call's answer, a check of a job)
 * is not a new submission and is never held.
 */
import type { MethodName } from '@shared/contract/index.js';

export const PAID_SUBMISSIONS: ReadonlySet<MethodName> = new Set<MethodName>([
  'tasks.submit',
  'tasks.submitBatch',
  'tasks.retry',
  'batches.create',
  'batches.retryFailed',
  'chat.send',
  'chat.regenerate',
  'chat.continue',
  'images.generateNative',
  'speech.synthesize',
  'storyboard.run',
  'storyboard.retryShot',
]);
