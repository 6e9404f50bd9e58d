/**
 * "Remove" keeps its word for jobs in the archive (job-store.ts; docs/robust-host.md, "Older
 * tasks"): a job whose older copy was archived does not come back among the older jobs, and a
 * database that refuses the removal says so and keeps the archive whole.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobRecord, JobState } from './job-record.js';
import { connectionOf, storeAt } from './test/store-at.js';
import { archivedOnDisk } from './test/tasks-db.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-archive-removal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const job = (i: number, state: JobState = 'failed'): JobRecord => ({
  id: `job-${i}`, profileId: 'p', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `a lantern number ${i}`,
  params: {}, state, createdAt: 1_000 + i, updatedAt: 1_000 + i, checks: 3, errorStreak: 0, resultUrls: [], downloads: [],
});
/** Everything in the archive on disk, newest first. */
const inArchive = () => archivedOnDisk(dir).map((r) => r.id).reverse();
/** A store that keeps 2 finished jobs and moves the rest as soon as one more gathers. */
const smallStore = () => storeAt(join(dir, 'jobs.json'), () => undefined, () => undefined, { keepFinished: 2, archiveBatch: 1 });

describe('a job back from the archive', () => {
  it('that moved on after its move keeps no older copy there, even after a restart', async () => {
    const store = smallStore();
    for (let i = 0; i < 4; i++) store.put(job(i));
    await store.archived();
    expect(inArchive()).toEqual(['job-1', 'job-0']);
    // "Check again" on job 1, from "Older tasks": a newer record, back in the list.
    store.put({ ...job(1, 'attention') });
    await store.flush();
    expect(inArchive()).toEqual(['job-0']);
    // The studio is closed and opened again; the creator then removes job 1 from the list. No
    // older copy of it may come back among the older jobs.
    const reopened = smallStore();
    expect(reopened.get('job-1')?.state).toBe('attention');
    await reopened.delete('job-1');
    await reopened.archived();
    expect(inArchive()).toEqual(['job-0']);
    expect((await reopened.archivedPage({ limit: 10 })).records.map((r) => r.id)).toEqual(['job-0']);
  });
});

describe('removing an archived job', () => {
  it('takes it out of the archive; asked again, there is nothing to remove', async () => {
    const store = smallStore();
    for (let i = 0; i < 6; i++) store.put(job(i));
    await store.archived();
    expect(inArchive()).toEqual(['job-3', 'job-2', 'job-1', 'job-0']);
    expect(await store.forgetArchived('job-2')).toBe(true);
    expect(await store.forgetArchived('job-2')).toBe(false);
    expect((await store.archivedPage({ limit: 10 })).records.map((r) => r.id)).toEqual(['job-3', 'job-1', 'job-0']);
    expect(inArchive()).toEqual(['job-3', 'job-1', 'job-0']);
  });

  it('when the database refuses, says so in words and keeps the archive whole; once it can, it goes', async () => {
    const store = smallStore();
    for (let i = 0; i < 6; i++) store.put(job(i));
    await store.archived();
    connectionOf(store).pragma('query_only = ON');
    await expect(store.forgetArchived('job-2')).rejects.toThrow(/^The archive of older tasks could not be saved: /);
    connectionOf(store).pragma('query_only = OFF');
    expect(inArchive()).toEqual(['job-3', 'job-2', 'job-1', 'job-0']);
    expect(await store.forgetArchived('job-2')).toBe(true);
  });
});
