/**
 * Data safety (docs/security.md, "The adversarial suite"): a result that cannot be saved because
 * the disk is full, while it downloads or as it goes into the library, ends with the job saying so
 * in words; nothing half-written is left, and "check again" saves it once there is room.
 */
import { englishText } from '@shared/messages/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { startSandbox } from '@sandbox/server.js';
import { nodeDisk, type DiskOps } from '../library/disk.js';
import type { JobRecord } from './job-record.js';
import { startJobs } from './test/job-harness.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(disk?: Partial<DiskOps>) {
  const sandbox = await startSandbox({ speed: 100, streamPaceMs: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'studio-job-full-'));
  cleanups.push(() => sandbox.close(), () => rmSync(dir, { recursive: true, force: true }));
  const { library, service, until, close } = await startJobs({ dataDir: dir, gatewayUrl: sandbox.url, libraryName: 'Library', indexDelayMs: 0, ffmpeg: false, disk });
  cleanups.push(close);
  const failed = (j: JobRecord) => j.downloads.length > 0 && j.downloads.every((d) => d.state === 'failed');
  const files = () => library.list({ limit: 100 }).items.map((i) => library.resolve(i.file));
  return { sandbox, dir, library, service, until, failed, files };
}

const submit = (t: Awaited<ReturnType<typeof setup>>, prompt: string) =>
  t.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } });

describe('a full disk while a result is saved', () => {
  it.runIf(existsSync('/dev/full'))('while downloading: the job says the disk is full, no partial file stays, and it saves once there is room', async () => {
    const t = await setup();
    const job = await submit(t, 'no room to download');
    // The job's download file is /dev/full, which refuses every write with ENOSPC: a real full disk.
    const part = join(t.dir, 'downloads', `${job.id}-0.part`);
    symlinkSync('/dev/full', part);
    const stuck = await t.until(job.id, t.failed);
    expect(englishText(stuck.error)).toBe('The disk is full: free some space, then retry the download.');
    expect(() => lstatSync(part)).toThrow(/ENOENT/);
    expect(existsSync('/dev/full')).toBe(true);
    expect(t.files()).toEqual([]);

    t.service.checkAgain(job.id);
    expect((await t.until(job.id, (j) => j.state === 'saved')).error).toBeUndefined();
    expect(PNG.sync.read(readFileSync(t.files()[0])).width).toBe(1024);
  });

  it('into the library: the job says the library\'s disk is full, the library holds no half file, and "check again" saves the kept file once there is room', async () => {
    let full = true;
    const t = await setup({
      writeDurable: async (path, data) => {
        if (!full || !path.endsWith('.json.tmp')) return nodeDisk.writeDurable(path, data);
        // The sidecar, the save's last step, runs out of space half-way.
        await writeFile(path, String(data).slice(0, 20));
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    });
    const job = await submit(t, 'no room in the library');
    const stuck = await t.until(job.id, t.failed);
    expect(englishText(stuck.error)).toBe(`The disk that holds your library (${t.library.root}) is full. Free some space, then save again.`);
    expect(readdirSync(t.library.root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
    expect(t.files()).toEqual([]);
    // The whole download waits outside the library for the next try.
    expect(readdirSync(join(t.dir, 'downloads'))).toEqual([`${job.id}-0.part`]);

    // Room again, a day later: the link has expired, and the file on disk is all it takes.
    full = false;
    await fetch(`${t.sandbox.url}/_sandbox/links/expire`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    t.service.checkAgain(job.id);
    await t.until(job.id, (j) => j.state === 'saved');
    expect(t.files()).toHaveLength(1);
    expect(PNG.sync.read(readFileSync(t.files()[0])).width).toBe(1024);
    expect(readdirSync(join(t.dir, 'downloads'))).toEqual([]);
  });
});
