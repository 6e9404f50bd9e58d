/**
 * What a job's saved results were made from (docs/library-files.md, "Lineage"): the sources its
 * request named (`lineage`, from the page: a remix, a "use in", a Gallery reference) and, for a
 * batch's job, its cell. Each source once, in that order; nothing when nothing is known.
 */
import { MAX_LINEAGE, type LineageRef } from '@shared/contract/lineage-ref.js';
import type { JobRecord } from './job-record.js';

export function madeFromOf(job: Pick<JobRecord, 'lineage' | 'batch'>): LineageRef[] | undefined {
  const refs: LineageRef[] = [...(job.lineage ?? [])];
  if (job.batch) refs.push({ kind: 'batchCell', batchId: job.batch.id, index: job.batch.index });
  const seen = new Set<string>();
  const out = refs.filter((r) => {
    const key = JSON.stringify([r.kind, r.itemId, r.conversationId, r.messageId, r.batchId, r.index, r.boardId, r.shotId]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_LINEAGE);
  return out.length ? out : undefined;
}
