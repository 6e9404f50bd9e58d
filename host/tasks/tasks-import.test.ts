/**
 * The first start of this release on a data folder the previous one wrote (docs/data.md, "The
 * tasks"): the task list, a large archive with what a kill and a damaged disk leave in it, and what
 * finished jobs taught the poller all come back from the studio database; the old files are kept
 * as `.imported` until a later start, and a damaged one is kept aside and said. The folders are
 * made by the previous release's own writers (test/previous-tasks.ts).
 */
import { describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backupName, backupsOf, DAMAGES } from '../test/damage.js';
import { dataDirCores } from '../test/data-dir-cores.js';
import Database from 'better-sqlite3';
import { applyMigration, pendingMigrations } from '../db/migrations.js';
import { JOB_STATES, type JobRecord, type JobState } from './job-record.js';
import { JobStore } from './job-store.js';
import { tasksMigrations } from './tasks-table.js';
import { appendOldArchive, oldFinished, writeOldArchive, writeOldList } from './test/previous-tasks.js';
import { storeAt } from './test/store-at.js';

const { freshDir, start } = dataDirCores('studio-tasks-import-');

/** A job of the list in `state`, holding every kind of field the previous release wrote. */
const listed = (state: JobState, i: number): JobRecord => ({
  id: `list-${state}`, profileId: 'sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `a lantern ${state} ✨`,
  params: { resolution: '2K', n: 1 }, state, remoteId: `remote-${i}`, rawStatus: 'processing', progress: 40,
  createdAt: 900_000 + i, submittedAt: 900_001 + i, updatedAt: 900_002 + i, checks: 4, errorStreak: 0, resultUrls: [], downloads: [],
  ...(state === 'saved' ? { finishedAt: 900_010 + i, learned: { total: { lo: 9_000, hi: 9_500 }, prompt: true, run: { lo: 8_000, hi: 9_000 } } } : {}),
  ...(state === 'cancelled' ? { cancelledAt: 900_005 + i } : {}),
  ...(state === 'attention' ? { error: 'The disk is full: free some space, then retry the download.' } : {}),
});
const LIST = JOB_STATES.map(listed);

/** Every page of "Older tasks", as the Tasks tab asks for them. */
async function olderTasks(page: (before?: number) => Promise<{ ids: string[]; next?: number }>): Promise<string[]> {
  const ids: string[] = [];
  for (let before: number | undefined; ;) {
    const p = await page(before);
    ids.push(...p.ids);
    if (p.next === undefined) return ids;
    before = p.next;
  }
}
const newestFirst = (n: number, skip: readonly number[] = []) =>
  Array.from({ length: n }, (_, k) => n - 1 - k).filter((i) => !skip.includes(i)).map((i) => `old-${i}`);

describe('a data folder of the previous release', () => {
  it('opens with every job of the list and the archive; the old files are kept as .imported, then removed at a later start', async () => {
    const dir = freshDir();
    writeOldList(dir, LIST);
    writeOldArchive(dir, 10_000);
    // A damaged disk wrote garbage into a line, then a kill cut the last append short.
    appendFileSync(join(dir, 'jobs-archive.jsonl'), DAMAGES['binary garbage']());
    writeOldArchive(dir, 10_000, (i) => oldFinished(10_000 + i));
    appendFileSync(join(dir, 'jobs-archive.jsonl'), `\n${JSON.stringify(oldFinished(20_000)).slice(0, 80)}`);
    const archiveBytes = readFileSync(join(dir, 'jobs-archive.jsonl'));

    const c = await start(dir);
    expect((await c.value('tasks.list')).map((t: any) => t.id).sort()).toEqual(LIST.map((j) => j.id).sort());
    const pages = (x: typeof c) => olderTasks(async (before) => {
      const p = await x.value('tasks.archived', { limit: 200, ...(before === undefined ? {} : { before }) });
      return { ids: p.tasks.map((t: any) => t.id), next: p.next };
    });
    expect(await pages(c)).toEqual(newestFirst(20_000));
    // The archive held lines no reader can use: kept aside whole, and said.
    const problems = await c.value('app.startupProblems');
    expect(problems).toEqual([{ file: 'task archive', backup: expect.stringMatching(backupName('jobs-archive.jsonl')) }]);
    expect(readFileSync(join(dir, problems[0].backup)).equals(archiveBytes)).toBe(true);
    expect(existsSync(join(dir, 'jobs.json'))).toBe(false);
    expect(existsSync(join(dir, 'jobs.json.imported'))).toBe(true);
    await c.close();

    const again = await start(dir);
    expect(await again.value('app.startupProblems')).toEqual([]);
    expect((await again.value('tasks.list')).map((t: any) => t.id).sort()).toEqual(LIST.map((j) => j.id).sort());
    expect(await pages(again)).toEqual(newestFirst(20_000));
    expect(readdirSync(dir).filter((n) => n.startsWith('jobs'))).toEqual([problems[0].backup]);
  }, 120_000);

  it('gives back each record field for field, with what finished jobs taught the poller', () => {
    const dir = freshDir();
    writeOldList(dir, LIST);
    const store = storeAt(join(dir, 'jobs.json'));
    const byId = new Map(store.all().map((j) => [j.id, j]));
    for (const job of LIST) expect(byId.get(job.id)).toEqual(job);
    expect(store.get('list-saved')?.learned).toEqual(LIST.find((j) => j.state === 'saved')!.learned);
  });

  it('an archive as the previous release wrote it (blank lines between batches) is imported without a word', async () => {
    const dir = freshDir();
    writeOldArchive(dir, 250);
    const problems: (string | null)[] = [];
    const store = storeAt(join(dir, 'jobs.json'), undefined, undefined, { onArchiveUnreadable: (b) => problems.push(b) });
    expect(await olderTasks(async (before) => {
      const p = await store.archivedPage({ limit: 40, before });
      return { ids: p.records.map((r) => r.id), next: p.next };
    })).toEqual(newestFirst(250));
    expect(problems).toEqual([]);
    expect(readdirSync(dir).filter((n) => n.startsWith('jobs'))).toEqual(['jobs-archive.jsonl.imported']);
  });

  it('a job both in the list and in the archive (it moved on while it was moved) shows in the list, as it is now', async () => {
    const dir = freshDir();
    const now = { ...oldFinished(1), state: 'attention' as const, updatedAt: 5_000 };
    writeOldArchive(dir, 3);
    writeOldList(dir, [now]);
    const store = storeAt(join(dir, 'jobs.json'));
    expect(store.get('old-1')).toEqual(now);
    expect((await store.archivedPage({ limit: 10 })).records.map((r) => r.id)).toEqual(['old-2', 'old-0']);
  });
});

describe('a session on a database in memory (the file could not be migrated or written)', () => {
  it('shows the older jobs, and leaves the old files as they are for the next start to import', async () => {
    const dir = freshDir();
    writeOldList(dir, LIST);
    writeOldArchive(dir, 30);
    const db = new Database(':memory:');
    for (const m of pendingMigrations(db, [tasksMigrations])) applyMigration(db, m, 0);
    const store = new JobStore({ db, dataDir: dir, inMemory: true });
    await store.archived();
    expect(store.all()).toHaveLength(LIST.length);
    expect((await store.archivedPage({ limit: 50 })).records).toHaveLength(30);
    expect(readdirSync(dir).sort()).toEqual(['jobs-archive.jsonl', 'jobs.json']);

    const next = storeAt(join(dir, 'jobs.json'));
    await next.archived();
    expect(next.all()).toHaveLength(LIST.length);
    expect((await next.archivedPage({ limit: 50 })).records).toHaveLength(30);
  });
});

describe('a damaged task list', () => {
  it('is kept aside whole and said; the studio starts, and the jobs made then are kept', async () => {
    const dir = freshDir();
    const bytes = DAMAGES['binary garbage']();
    writeFileSync(join(dir, 'jobs.json'), bytes);
    appendOldArchive(dir, [oldFinished(0)]);
    const said: (string | null)[] = [];
    const store = storeAt(join(dir, 'jobs.json'), undefined, (b) => said.push(b));
    expect(said).toEqual([expect.stringMatching(backupName('jobs.json'))]);
    expect(readFileSync(join(dir, said[0]!)).equals(bytes)).toBe(true);
    expect(store.all()).toEqual([]);
    await store.putDurable(listed('running', 1));
    expect((await store.archivedPage({ limit: 5 })).records.map((r) => r.id)).toEqual(['old-0']);

    const again = storeAt(join(dir, 'jobs.json'), undefined, (b) => said.push(b));
    expect(said).toHaveLength(1);
    expect(again.all().map((j) => j.id)).toEqual(['list-running']);
  });

  it('with records no reader can use: the readable ones are imported, a copy of the whole file is kept and said', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'jobs.json'), JSON.stringify({ version: 1, jobs: [LIST[0], { id: 'half' }, LIST[1]] }));
    const said: (string | null)[] = [];
    const store = storeAt(join(dir, 'jobs.json'), undefined, (b) => said.push(b));
    expect(store.all().map((j) => j.id).sort()).toEqual([LIST[0].id, LIST[1].id].sort());
    expect(said).toEqual([expect.stringMatching(backupName('jobs.json'))]);
    expect(backupsOf(dir, 'jobs.json')).toEqual(said);
  });
});

describe('an import cut short', () => {
  it('(the database refusing midway, as a kill stops it) imports again at the next start, nothing doubled', async () => {
    const dir = freshDir();
    writeOldList(dir, LIST);
    writeOldArchive(dir, 9_000);
    // Room for the list and a few pages of the archive: the import stops there, as a kill would stop it.
    const log: string[] = [];
    const cut = storeAt(join(dir, 'jobs.json'), (line) => log.push(line), undefined, undefined, { pages: 400 });
    await cut.archived();
    const partly = (await cut.archivedPage({ limit: 9_000 })).records.length;
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(9_000);
    expect(log.some((l) => l.includes('tried again next start'))).toBe(true);
    expect(existsSync(join(dir, 'jobs-archive.jsonl'))).toBe(true);

    const again = storeAt(join(dir, 'jobs.json'));
    const ids = await olderTasks(async (before) => {
      const p = await again.archivedPage({ limit: 1_000, before });
      return { ids: p.records.map((r) => r.id), next: p.next };
    });
    expect(ids).toEqual(newestFirst(9_000));
    expect(again.all().map((j) => j.id).sort()).toEqual(LIST.map((j) => j.id).sort());
    expect(existsSync(join(dir, 'jobs-archive.jsonl.imported'))).toBe(true);
  }, 60_000);
});
