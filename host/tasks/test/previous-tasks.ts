/**
 * The task files of the previous release, written as its stores wrote them, kept only so that
 * tests can make data folders exactly as that release left them (the import of docs/data.md,
 * "The tasks", is tested on those). The studio itself no longer writes these formats;
 * legacy-tasks.ts reads them.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JobRecord, JobState } from '../job-record.js';

/** The task list: one JSON document, `{ version: 1, jobs }`, as its atomic writer left it. */
export function writeOldList(dir: string, jobs: readonly JobRecord[]): void {
  writeFileSync(join(dir, 'jobs.json'), JSON.stringify({ version: 1, jobs }), { mode: 0o600 });
}

/** One move to the archive: each batch on a line of its own, oldest first, newest at the end. */
export function appendOldArchive(dir: string, records: readonly JobRecord[]): void {
  appendFileSync(join(dir, 'jobs-archive.jsonl'), `\n${records.map((r) => JSON.stringify(r)).join('\n')}\n`, { mode: 0o600 });
}

/** An archive of `n` finished jobs appended in batches of 100, as the previous release grew it. */
export function writeOldArchive(dir: string, n: number, make: (i: number) => JobRecord = oldFinished): void {
  for (let from = 0; from < n; from += 100) appendOldArchive(dir, Array.from({ length: Math.min(100, n - from) }, (_, k) => make(from + k)));
}

const FINISHED: JobState[] = ['saved', 'failed', 'cancelled', 'expired'];

export const oldFinished = (i: number): JobRecord => ({
  id: `old-${i}`, profileId: 'sandbox', route: i % 3 ? 'generic' : 'multipart', kind: i % 3 ? 'image' : 'video', model: 'seedream-4-0',
  prompt: `灯笼 older task ${i} ${'✨ '.repeat(i % 17)}`, params: { resolution: '2K' }, state: FINISHED[i % 4],
  ...(i % 4 === 1 ? { error: 'The gateway said no.' } : {}),
  createdAt: 1_000 + i, updatedAt: 2_000 + i, finishedAt: 2_000 + i, checks: 3, errorStreak: 0, resultUrls: [], downloads: [],
});
