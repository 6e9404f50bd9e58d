/**
 * The task list stays small however long a creator has used the studio (task-archive.ts;
 * docs/robust-host.md, "A task list that stays small"): the oldest finished jobs move to an
 * archive, nothing unfinished or needing the creator ever does, nothing is lost on the way, and a
 * disk that refuses or a kill mid-move costs no record.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobRecord, JobState } from './job-record.js';
import { connectionOf, storeAt } from './test/store-at.js';
import { archivedOnDisk, listedOnDisk } from './test/tasks-db.js';
import { writeOldList } from './test/previous-tasks.js';
import { KEEP_FINISHED, toArchive } from './task-archive.js';
import { MAX_BATCH_CELLS } from '@shared/contract/batches.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-task-archive-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const job = (i: number, state: JobState): JobRecord => ({
  id: `job-${i}`, profileId: 'p', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `a lantern number ${i}`,
  params: { resolution: '2K' }, state, remoteId: `task-${i}`, createdAt: 1_000 + i, updatedAt: 1_000 + i, checks: 3, errorStreak: 0,
  resultUrls: [`https://cdn.example/${i}.png`], downloads: [],
});
const FINISHED: JobState[] = ['saved', 'failed', 'cancelled', 'expired'];
const file = () => join(dir, 'jobs.json');
const archiveFile = () => join(dir, 'jobs-archive.jsonl');
const onDisk = () => listedOnDisk(dir);
const archived = () => archivedOnDisk(dir);
const ids = (jobs: readonly JobRecord[]) => jobs.map((j) => j.id).sort();

describe('a task list that stays small', () => {
  it(`a creator's long history opens to the newest ${KEEP_FINISHED} finished jobs and every one not finished; the rest is in the archive, whole`, async () => {
    // Three thousand finished jobs from earlier months, and old jobs that still need the creator.
    const history = Array.from({ length: 3_000 }, (_, i) => job(i, FINISHED[i % FINISHED.length]));
    const waiting = [job(-4, 'attention'), job(-3, 'timed_out'), job(-2, 'unknown'), job(-1, 'running'), job(-5, 'completed')];
    writeOldList(dir, [...waiting, ...history]);

    const store = storeAt(file());
    await store.archived();
    await store.flush();
    const newest = history.slice(-KEEP_FINISHED);
    expect(ids(store.all())).toEqual(ids([...newest, ...waiting]));
    expect(ids(onDisk())).toEqual(ids([...newest, ...waiting]));
    // Every record that left the list is in the archive, as it was.
    const moved = history.slice(0, -KEEP_FINISHED);
    expect(archived()).toHaveLength(moved.length);
    expect(new Map(archived().map((j) => [j.id, j]))).toEqual(new Map(moved.map((j) => [j.id, j])));
    // And the next start opens the small list and moves nothing more.
    const again = storeAt(file());
    await again.archived();
    expect(again.all()).toHaveLength(KEEP_FINISHED + waiting.length);
    expect(archived()).toHaveLength(moved.length);
  });

  it('jobs finishing past the limit move in batches, oldest first, and the views are told which', async () => {
    const store = storeAt(file(), undefined, undefined, { keepFinished: 10, archiveBatch: 5 });
    const told: string[][] = [];
    store.onArchived((moved) => told.push(moved));
    for (let i = 0; i < 15; i++) store.put(job(i, 'saved'));
    store.put(job(100, 'running'));
    await store.archived();
    // Fifteen finished is within the batch: nothing moves yet.
    expect(told).toEqual([]);
    store.put(job(15, 'failed'));
    await store.archived();
    expect(told).toEqual([['job-0', 'job-1', 'job-2', 'job-3', 'job-4', 'job-5']]);
    // Appended oldest first: the archive's end is its newest.
    expect(archived().map((j) => j.id)).toEqual(['job-0', 'job-1', 'job-2', 'job-3', 'job-4', 'job-5']);
    await store.flush();
    expect(onDisk()).toHaveLength(11);
    expect(onDisk().map((j) => j.id)).toContain('job-100');
    expect(ids(archived())).toEqual(ids(Array.from({ length: 6 }, (_, i) => job(i, 'saved'))));
  });

  it('a batch still running keeps every finished cell in the list, however old, so its row shows them all; once it ends they move', async () => {
    const store = storeAt(file(), undefined, undefined, { keepFinished: 2, archiveBatch: 0 });
    const cell = (i: number, state: JobState): JobRecord => ({ ...job(i, state), batch: { id: 'b1', index: i } });
    // The batch's first cells ended long ago; its last is still running, and newer loose jobs ended since.
    for (let i = 0; i < 4; i++) store.put(cell(i, 'saved'));
    const last = cell(4, 'running');
    store.put(last);
    for (let i = 10; i < 14; i++) store.put(job(i, 'saved'));
    await store.archived();
    expect(ids(store.all())).toEqual(['job-0', 'job-1', 'job-12', 'job-13', 'job-2', 'job-3', 'job-4']);
    expect(ids(archived())).toEqual(['job-10', 'job-11']);
    // The last cell ends: the batch is over, and its cells are old finished jobs like any other.
    store.put(Object.assign(last, { state: 'saved' as const, updatedAt: 2_000 }));
    await store.archived();
    expect(ids(store.all())).toEqual(['job-12', 'job-13']);
    expect(ids(archived())).toEqual(['job-0', 'job-1', 'job-10', 'job-11', 'job-2', 'job-3', 'job-4']);
  });

  it('holds at most a whole batch of cells (the newest) for batches left paused half done, however many', () => {
    const cells = Array.from({ length: MAX_BATCH_CELLS + 5 }, (_, i): JobRecord => ({ ...job(i, 'saved'), batch: { id: `b${i % 7}`, index: i } }));
    const paused = Array.from({ length: 7 }, (_, b): JobRecord => ({ ...job(10_000 + b, 'waiting'), batch: { id: `b${b}`, index: 9_999 } }));
    const moved = toArchive([...cells, ...paused], 0, 0);
    expect(moved.map((j) => j.id)).toEqual(cells.slice(0, 5).map((j) => j.id));
  });

  it('an archive the disk refuses keeps every job in the list and says so; the next finished job moves them once it can', async () => {
    const log: string[] = [];
    const store = storeAt(file(), (line) => log.push(line), undefined, { keepFinished: 3, archiveBatch: 1 });
    await store.archived();
    // The database refuses every write from here on, as a disk that does not let it write.
    connectionOf(store).pragma('query_only = ON');
    for (let i = 0; i < 6; i++) store.put(job(i, 'saved'));
    await store.archived();
    expect(store.all()).toHaveLength(6);
    expect(log.join('\n')).toMatch(/could not be moved to the archive \(SQLITE_READONLY\); they stay in the task list/);
    connectionOf(store).pragma('query_only = OFF');
    store.put(job(6, 'cancelled'));
    await store.archived();
    expect(ids(store.all())).toEqual(['job-4', 'job-5', 'job-6']);
    expect(ids(archived())).toEqual(['job-0', 'job-1', 'job-2', 'job-3']);
  });

  it('an older archive cut by a kill loses no record: what the cut line held is still in the list, and moves after the rest', async () => {
    // A kill mid-append of the previous release left a cut line with no end.
    writeFileSync(archiveFile(), `${JSON.stringify(job(-1, 'saved'))}\n{"id":"job-0","profileId":"p","sta`);
    const store = storeAt(file(), undefined, undefined, { keepFinished: 2, archiveBatch: 1 });
    for (let i = 0; i < 5; i++) store.put(job(i, 'saved'));
    await store.archived();
    expect(ids(store.all())).toEqual(['job-3', 'job-4']);
    expect(ids(archived())).toEqual(['job--1', 'job-0', 'job-1', 'job-2']);
  });

  it('a job that moves on while its move is written stays in the list', async () => {
    const store = storeAt(file(), undefined, undefined, { keepFinished: 1, archiveBatch: 0 });
    const expired = job(0, 'expired');
    store.put(expired);
    store.put(job(1, 'saved'));
    // The creator asks for the expired job's files again while the archive is being written.
    expired.state = 'completed';
    store.put(expired);
    await store.archived();
    expect(ids(store.all())).toEqual(['job-0', 'job-1']);
  });
});
