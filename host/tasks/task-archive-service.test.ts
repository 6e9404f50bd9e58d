/**
 * The task list's archive as the studio uses it, against the sandbox gateway: jobs that finish
 * past the list's limit leave the Tasks tab (the views are told, as for a removed job), their
 * files stay in the library, the Tasks tab can still read and remove them, and a restart opens the
 * small list (task-archive.ts, tasks-table.ts).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeAt } from './test/store-at.js';
import { archivedOnDisk } from './test/tasks-db.js';
import { startJobs } from './test/job-harness.js';
import { sandboxSuite } from './test/sandbox-suite.js';

const suite = sandboxSuite();

describe('finished jobs past the limit', () => {
  it('leave the list and the Tasks tab, their files stay in the library, and a restart opens the small list', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-archive-'));
    suite.cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const removed: string[] = [];
    const s = await startJobs({ dataDir, gatewayUrl: suite.sandbox.url, indexDelayMs: 0, store: { keepFinished: 2, archiveBatch: 1 }, onRemove: (id) => removed.push(id) });
    suite.cleanups.push(s.close);
    const jobs = [];
    for (let i = 0; i < 5; i++) {
      // One after another, so that "oldest" is plain.
      const job = await s.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: `lantern ${i}`, resolution: '1K' } });
      await s.until(job.id, (j) => j.state === 'saved');
      jobs.push(job);
    }
    await s.store.archived();
    const kept = s.service.list().map((j) => j.id);
    // Two kept, and at most one more gathered before the next move.
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBeLessThanOrEqual(3);
    expect(kept).toContain(jobs[4].id);
    expect(kept).not.toContain(jobs[0].id);
    // The views were told of exactly what left the list.
    expect(new Set(removed)).toEqual(new Set(jobs.map((j) => j.id).filter((id) => !kept.includes(id))));
    // The Tasks tab's older tasks: the moved jobs, newest first.
    const moved = jobs.map((j) => j.id).filter((id) => !kept.includes(id)).reverse();
    expect((await s.service.archived({ limit: 50 })).records.map((j) => j.id)).toEqual(moved);
    // One removed there is gone from the archive, and the views are told; asked again, there is nothing to remove.
    const told = removed.length;
    expect(await s.service.remove(moved[0])).toBe(true);
    expect(removed.slice(told)).toEqual([moved[0]]);
    expect(await s.service.remove(moved[0])).toBe(false);
    expect(removed.slice(told)).toEqual([moved[0]]);
    expect((await s.service.archived({ limit: 50 })).records.map((j) => j.id)).toEqual(moved.slice(1));
    // Every result is still in the Gallery.
    expect(s.library.list().total).toBe(5);
    await s.close();
    expect(archivedOnDisk(dataDir).map((j) => j.id).sort()).toEqual(moved.slice(1).sort());
    expect(storeAt(join(dataDir, 'jobs.json')).all().map((j) => j.id).sort()).toEqual([...kept].sort());
  });

  it('can be sent again from the archive: a new job with the same request, the older one kept as it ended', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-archive-retry-'));
    suite.cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const s = await startJobs({ dataDir, gatewayUrl: suite.sandbox.url, indexDelayMs: 0, store: { keepFinished: 1, archiveBatch: 1 } });
    suite.cleanups.push(s.close);
    const first = await s.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'a lantern by the sea', resolution: '1K' } });
    await s.until(first.id, (j) => j.state === 'saved');
    for (let i = 0; i < 2; i++) {
      const job = await s.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: `filler ${i}`, resolution: '1K' } });
      await s.until(job.id, (j) => j.state === 'saved');
    }
    await s.store.archived();
    expect(s.service.list().map((j) => j.id)).not.toContain(first.id);

    const again = await s.service.retry(first.id);
    expect(again.id).not.toBe(first.id);
    expect(again.prompt).toBe('a lantern by the sea');
    await s.until(again.id, (j) => j.state === 'saved');
    await s.store.archived();
    expect((await s.service.archived({ limit: 50 })).records.find((r) => r.id === first.id)?.state).toBe('saved');
    // A job neither in the list nor in the archive is gone, said in words.
    await expect(s.service.retry('no-such-job')).rejects.toMatchObject({ code: 'not_found' });
  });
});
