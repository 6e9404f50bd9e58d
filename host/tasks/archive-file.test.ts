/**
 * The task archive as the Tasks tab's "Older tasks" read it (archive-file.ts; docs/robust-host.md,
 * "Older tasks"): pages newest first that miss nothing and repeat nothing, whatever a kill or a
 * damaged disk left in the file, and a removal that takes out exactly the job asked for.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropFromArchive, MAX_LINE, readArchivePage } from './archive-file.js';
import type { JobRecord, JobState } from './job-record.js';
import { appendArchive } from './task-archive.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-archive-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const STATES: JobState[] = ['saved', 'failed', 'cancelled', 'expired'];
// Prompts of different lengths and scripts, so lines straddle the reader's chunks at every point.
const job = (i: number, state = STATES[i % 4]): JobRecord => ({
  id: `job-${i}`, profileId: 'p', route: 'generic', kind: 'image', model: 'seedream-4-0',
  prompt: `灯笼 lantern ${i} ${'✨ glow '.repeat(i % 97)}`, params: { resolution: '2K' }, state,
  createdAt: 1_000 + i, updatedAt: 1_000 + i, checks: 3, errorStreak: 0, resultUrls: [], downloads: [],
});
const file = () => join(dir, 'jobs-archive.jsonl');

/** Every page, following `next`, as the Tasks tab asks for them. */
async function allPages(limit: number, skip?: (r: JobRecord) => boolean): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let before: number | undefined;
  let pages = 0;
  for (;;) {
    const page = await readArchivePage(file(), { before, limit, skip });
    pages += 1;
    expect(page.records.length).toBeLessThanOrEqual(limit);
    ids.push(...page.records.map((r) => r.id));
    if (page.next === undefined) return { ids, pages };
    expect(page.next).toBeLessThan(before ?? Infinity);
    before = page.next;
  }
}
const newestFirst = (n: number) => Array.from({ length: n }, (_, i) => `job-${n - 1 - i}`);

describe('older tasks, a page at a time', () => {
  it('gives every archived job once, newest first, across pages that cut lines and chunks anywhere', async () => {
    for (let i = 0; i < 600; i += 100) await appendArchive(file(), Array.from({ length: 100 }, (_, k) => job(i + k)));
    expect(statSync(file()).size).toBeGreaterThan(3 * 64 * 1024);
    const { ids, pages } = await allPages(50);
    expect(ids).toEqual(newestFirst(600));
    expect(pages).toBeGreaterThanOrEqual(12);
    // Pages of one, too: the cursor lands on every line's start.
    expect((await allPages(1)).ids.slice(0, 5)).toEqual(newestFirst(600).slice(0, 5));
  });

  it('skips what a kill or a damaged disk left: blank and cut lines, garbage, a line of megabytes', async () => {
    await appendArchive(file(), [job(0), job(1)]);
    appendFileSync(file(), '{"id":"job-cut","profileId":"p","rou'); // a kill mid-append
    await appendArchive(file(), [job(2)]);
    appendFileSync(file(), `\n\n   \nnot json at all\n{"id":"job-x"}\n${'x'.repeat(MAX_LINE * 2 + 123)}\n[1,2,3]\n`);
    await appendArchive(file(), [job(3), job(4)]);
    expect((await allPages(2)).ids).toEqual(['job-4', 'job-3', 'job-2', 'job-1', 'job-0']);
  });

  it('gives a job appended twice once, as its newer record, and leaves out what the list or a filter holds', async () => {
    await appendArchive(file(), [job(0, 'failed'), job(1, 'failed'), job(2, 'expired')]);
    // Job 1 was checked again and saved after it was first moved: its newer record is the truth.
    await appendArchive(file(), [job(1, 'saved'), job(3, 'cancelled')]);
    const page = await readArchivePage(file(), { limit: 10 });
    expect(page.records.map((r) => [r.id, r.state])).toEqual([['job-3', 'cancelled'], ['job-1', 'saved'], ['job-2', 'expired'], ['job-0', 'failed']]);
    const failedOnly = await readArchivePage(file(), { limit: 10, skip: (r) => r.state !== 'failed' });
    expect(failedOnly.records.map((r) => r.id)).toEqual(['job-0']);
    const notInList = await readArchivePage(file(), { limit: 10, skip: (r) => r.id === 'job-2' });
    expect(notInList.records.map((r) => r.id)).toEqual(['job-3', 'job-1', 'job-0']);
  });

  it('an archive not yet made is empty, not an error', async () => {
    expect(await readArchivePage(file(), { limit: 50 })).toEqual({ records: [] });
    expect(await dropFromArchive(file(), new Set(['job-1']))).toEqual(new Set());
  });
});

describe('removing an archived job', () => {
  it('takes out every record of that job and nothing else, lines it cannot read kept as they were', async () => {
    await appendArchive(file(), [job(0), job(1), job(2)]);
    appendFileSync(file(), 'a line no reader understands\n');
    // An id that is a prefix of another's, and a prompt that names the removed job.
    await appendArchive(file(), [job(1, 'saved'), job(10), { ...job(11), prompt: 'like "job-1" again' }]);
    const dropped = await dropFromArchive(file(), new Set(['job-1']));
    expect(dropped).toEqual(new Set(['job-1']));
    expect((await allPages(50)).ids).toEqual(['job-11', 'job-10', 'job-2', 'job-0']);
    expect(readFileSync(file(), 'utf8')).toContain('a line no reader understands\n');
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    // No temp copy is left beside it.
    expect(readdirSync(dir)).toEqual(['jobs-archive.jsonl']);
  });

  it('leaves the file untouched when it holds no such job', async () => {
    await appendArchive(file(), [job(0), job(1)]);
    writeFileSync(join(dir, 'marker'), '');
    const before = statSync(file());
    expect(await dropFromArchive(file(), new Set(['job-9', 'job-'])).then((d) => d.size)).toBe(0);
    const after = statSync(file());
    expect([after.ino, after.mtimeMs, after.size]).toEqual([before.ino, before.mtimeMs, before.size]);
  });
});
