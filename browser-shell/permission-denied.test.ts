/**
 * Data safety (docs/security.md, "The adversarial suite"): a folder the studio may not write to
 * (real file permissions) makes saving settings, the task list, a conversation, a download or a
 * library item fail with a message a creator understands, as contract error data; the files already
 * there are untouched and nothing half-written is left.
 *
 * Root ignores file modes, and CI runs as root: there the studio runs in a child process as an
 * unprivileged user (`nobody`), so the kernel really refuses its writes. Otherwise the child runs
 * as the current user. The data is first made by a core in this process, then handed over.
 */
import { englishText } from '@shared/messages/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { giveToChild, runAsNobody } from '@host/test/as-nobody.js';
import { openShellCore } from './test/shell-core.js';

const posix = process.platform !== 'win32';
const CHILD = join(import.meta.dirname, 'test', 'locked-core.ts');

let base: string;
let dataDir: string;
let libraryDir: string;
beforeAll(async () => {
  if (!posix) return;
  base = mkdtempSync(join(tmpdir(), 'studio-locked-'));
  dataDir = join(base, 'data');
  // What a creator already has: settings, a conversation, a saved job and its library item.
  const shell = await openShellCore(dataDir, { sandboxDir: join(base, 'sandbox') });
  libraryDir = shell.libraryDir;
  await shell.value('settings.update', { theme: 'light' });
  await shell.value('chat.create', { title: 'Kept' });
  const job = await shell.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a kept lantern', resolution: '1K' } });
  await shell.task(job.id, (t) => t.state === 'saved');
  await shell.core.close();
  giveToChild([base, ...walk(base)]);
});
afterAll(() => {
  if (!posix) return;
  for (const p of [base, ...walk(base, true)]) chmodSync(p, 0o700);
  rmSync(base, { recursive: true, force: true });
});

function walk(dir: string, dirsOnly = false): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !dirsOnly || e.isDirectory())
    .map((e) => join(e.parentPath, e.name));
}

/** Every file under `dir` with its bytes (hidden ones included), keyed by relative path. */
const snapshot = (dir: string) => Object.fromEntries(readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile()).map((e) => [relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name)).toString('base64')]));

/** Locks `dirs` (read and enter only) while the studio runs `scenario` in a child; returns what it printed. */
async function runLocked(scenario: string, dirs: string[]): Promise<Record<string, any>> {
  for (const d of dirs) chmodSync(d, 0o500);
  try {
    return await runAsNobody(CHILD, [dataDir, join(base, 'sandbox'), scenario], base);
  } finally {
    for (const d of dirs) chmodSync(d, 0o700);
  }
}

const NOT_ALLOWED = "Gateway Studio is not allowed to write to its data folder";

describe.runIf(posix)('a folder the studio may not write to', () => {
  it('data folder: settings, the task list and conversations are refused in words, and the files are kept', async () => {
    const conversations = join(dataDir, 'conversations');
    const before = snapshot(dataDir);
    const r = await runLocked('data', [dataDir, conversations]);

    expect(r['settings.update']).toEqual({ ok: false, error: { text: expect.anything(), code: 'internal', retryable: true, message: `Your settings could not be saved: ${NOT_ALLOWED}. Check the folder's permissions, then try again.` } });
    expect(r['tasks.submit'].error.message).toBe(`The task list could not be saved: ${NOT_ALLOWED} (${dataDir}). Check the folder's permissions, then try again. The job was not sent.`);
    // The task list is in the studio database, which this session could not open for writing: it
    // runs on a copy in memory (docs/data.md, "A damaged database"), so the earlier job is still
    // shown, and the refused one is not; the file is left as it was (the snapshot below).
    expect(r['tasks.list'].value.map((t: { prompt: string; state: string }) => [t.prompt, t.state])).toEqual([['a kept lantern', 'saved']]);
    expect(r['chat.create'].error.message).toBe(`The conversation could not be saved: ${NOT_ALLOWED} (${conversations}). Check the folder's permissions, then try again.`);
    expect(r['chat.update'].error.message).toBe(r['chat.create'].error.message);
    // Byte for byte what was there, and no temp file left anywhere.
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('library folder: the job says the library may not be written to; the library is untouched', async () => {
    const before = snapshot(libraryDir);
    const r = await runLocked('library', [libraryDir, ...walk(libraryDir, true)]);

    expect(englishText(r.task.error)).toBe(`Gateway Studio is not allowed to write to your library folder (${libraryDir}). Check its permissions or choose another folder in Settings.`);
    expect(r['library.list'].value.items.map((i: any) => i.prompt)).toEqual(['a kept lantern']);
    expect(snapshot(libraryDir)).toEqual(before);
    // The whole download is kept outside the library, so "check again" can save it later.
    const parts = readdirSync(join(dataDir, 'downloads'));
    expect(parts).toEqual([`${r.task.id}-0.part`]);
    expect(readFileSync(join(dataDir, 'downloads', parts[0])).length).toBe(r.task.downloads[0].total);
  });

  it('downloads folder: the job says so, and neither a partial file nor a library item appears', async () => {
    const library = snapshot(libraryDir);
    const downloads = join(dataDir, 'downloads');
    for (const n of readdirSync(downloads)) rmSync(join(downloads, n));
    const r = await runLocked('downloads', [downloads]);

    expect(englishText(r.task.error)).toBe('The studio may not write to the download folder (permission denied).');
    expect(readdirSync(downloads)).toEqual([]);
    expect(r['library.list'].value.total).toBe(1);
    expect(snapshot(libraryDir)).toEqual(library);
  });
});
