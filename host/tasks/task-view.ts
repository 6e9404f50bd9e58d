/** What crosses the contract of a job: no internal scheduling fields, no links (they are the host's). */
import type { TaskView } from '@shared/contract/tasks.js';
import type { JobRecord } from './job-record.js';

export function toTaskView(j: JobRecord): TaskView {
  return {
    id: j.id, revision: j.revision ?? 0, kind: j.kind, route: j.route, model: j.model, prompt: j.prompt, actualPrompt: j.actualPrompt, params: j.params,
    state: j.state, rawStatus: j.rawStatus, progress: j.progress, error: j.error, remoteId: j.remoteId,
    createdAt: j.createdAt, submittedAt: j.submittedAt, finishedAt: j.finishedAt, cancelledAt: j.cancelledAt, expiresAt: j.expiresAt,
    ...(j.batch ? { batch: { id: j.batch.id, index: j.batch.index } } : {}),
    downloads: j.downloads.map((d) => ({ state: d.state, received: d.received, total: d.total, libraryId: d.libraryId })),
  };
}
