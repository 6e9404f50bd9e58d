/**
 * "Remove" keeps its word for jobs in the archive (job-store.ts; docs/robust-host.md, "Older
 * tasks"): a job the creator removes while it is being moved there, or whose older copy is there,
 * does not stay behind in the file, and a disk that refuses the removal says so and keeps the
 * archive whole.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heldDisk } from '../test/held-fsync.js';
import { readArchivePage } from './archive-file.js';
import type { JobRecord, JobState } from './job-record.js';
import { JobStore } from './job-store.js';

vi.mock('node:fs/promises', async (original) => (await import('../test/held-fsync.js')).withHeldSync(await original()));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-archive-removal-'));
});
afterEach(() => {
  heldDisk.release();
  rmSync(dir, { recursive: true, force: true });
});

const job = (i: number, state: JobState = 'failed'): JobRecord => ({
  id: `job-${i}`, profileId: 'p', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `a lantern number ${i}`,
  params: {}, state, createdAt: 1_000 + i, updatedAt: 1_000 + i, checks: 3, errorStreak: 0, resultUrls: [], downloads: [],
});
const ARCHIVE = 'jobs-archive.jsonl';
/** Everything in the archive, whether or not the list holds it too. */
const inArchive = async () => (await readArchivePage(join(dir, ARCHIVE), { limit: 1_000 })).records.map((r) => r.id);
/** A store that keeps 2 finished jobs and moves the rest as soon as one more gathers. */
const smallStore = () => new JobStore(join(dir, 'jobs.json'), () => undefined, () => undefined, { keepFinished: 2, archiveBatch: 1 });
const untilHeld = () => vi.waitFor(() => expect(heldDisk.held).toBe(1));

describe('removing a job on its way to the archive', () => {
  it('a job removed while it was being moved does not stay in the archive', async () => {
    const store = smallStore();
    heldDisk.slow = (name) => name === ARCHIVE;
    for (let i = 0; i < 4; i++) store.put(job(i));
    await untilHeld();
    // The creator removes the oldest while its move waits on the disk.
    await store.delete('job-0');
    heldDisk.release();
    await store.archived();
    expect(await inArchive()).toEqual(['job-1']);
    expect(store.all().map((j) => j.id).sort()).toEqual(['job-2', 'job-3']);
  });

  it('a job that moved on during its move keeps no older copy there, even after a restart', async () => {
    const store = smallStore();
    heldDisk.slow = (name) => name === ARCHIVE;
    for (let i = 0; i < 4; i++) store.put(job(i));
    await untilHeld();
    // "Check again" on job 1: a newer record, so it stays in the list; its older copy was on its
    // way to the archive.
    store.put({ ...job(1, 'attention') });
    heldDisk.release();
    await store.archived();
    expect(await inArchive()).toEqual(['job-0']);
    expect(store.get('job-1')?.state).toBe('attention');
    await store.flush();
    // The studio is closed and opened again; the creator then removes job 1 from the list. No
    // older copy of it may come back among the older jobs.
    const reopened = smallStore();
    expect(reopened.get('job-1')?.state).toBe('attention');
    await reopened.delete('job-1');
    await reopened.archived();
    expect(await inArchive()).toEqual(['job-0']);
  });
});

describe('removing an archived job', () => {
  it('takes it out of the archive; asked again, there is nothing to remove', async () => {
    const store = smallStore();
    for (let i = 0; i < 6; i++) store.put(job(i));
    await store.archived();
    expect(await inArchive()).toEqual(['job-3', 'job-2', 'job-1', 'job-0']);
    expect(await store.forgetArchived('job-2')).toBe(true);
    expect(await store.forgetArchived('job-2')).toBe(false);
    expect((await store.archivedPage({ limit: 10 })).records.map((r) => r.id)).toEqual(['job-3', 'job-1', 'job-0']);
  });

  it('on a full disk says so in words and keeps the archive whole, with no copy left beside it', async () => {
    const store = smallStore();
    for (let i = 0; i < 6; i++) store.put(job(i));
    await store.archived();
    heldDisk.full = (name) => name === ARCHIVE;
    await expect(store.forgetArchived('job-2')).rejects.toThrow('The archive of older tasks could not be saved: the disk is full. Free some space, then try again.');
    heldDisk.release();
    expect(await inArchive()).toEqual(['job-3', 'job-2', 'job-1', 'job-0']);
    // The archive's copy only: the task list's own coalesced write may be under way on a busy machine.
    expect(readdirSync(dir).filter((n) => n.startsWith(`.${ARCHIVE}.`) && n.endsWith('.tmp'))).toEqual([]);
    // Once there is room, it goes.
    expect(await store.forgetArchived('job-2')).toBe(true);
  });

  it('a removal killed mid-copy leaves no copy behind after the next start', async () => {
    // What a kill leaves: the temp copy of a process that no longer runs (pid far above any in use).
    writeFileSync(join(dir, `.${ARCHIVE}.999999999.abc123.tmp`), 'a half-written copy');
    smallStore();
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
