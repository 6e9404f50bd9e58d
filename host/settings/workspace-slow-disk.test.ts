/**
 * The workspace on a slow disk (docs/robust-host.md, "Data files written off the loop"): a draft
 * is kept at every key press, and a write that waits on the disk must not hold the host; once the
 * disk answers, the newest draft is on disk, and closing meanwhile loses no key press. The disk is
 * real; only the fsync of workspace.json waits until released.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heldDisk } from '../test/held-fsync.js';
import { WorkspaceStore } from './workspace-store.js';

vi.mock('node:fs/promises', async (original) => (await import('../test/held-fsync.js')).withHeldSync(await original()));

const dirs: string[] = [];
afterEach(() => {
  heldDisk.release();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const until = async (what: string, ok: () => boolean) => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error(`never: ${what}`);
};
const onDisk = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, { prompt: string }> }).entries;

describe('a draft typed while the disk stalls', () => {
  it('each key press is kept at once, the host goes on, and the newest draft is on disk once the disk answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-workspace-slow-'));
    dirs.push(dir);
    const file = join(dir, 'workspace.json');
    const store = new WorkspaceStore(file, () => undefined, () => undefined);
    heldDisk.slow = (target) => target === 'workspace.json';
    const prompt = 'A lighthouse at dusk, gulls over the sea';
    store.set('draft:image', { prompt: prompt.slice(0, 5) });
    await until('the first write waits on the disk', () => heldDisk.held > 0);
    // The creator keeps typing; every key press is answered while the write waits, and the loop turns.
    let turns = 0;
    for (let i = 6; i <= prompt.length; i++) {
      store.set('draft:image', { prompt: prompt.slice(0, i) });
      await new Promise((r) => setImmediate(r));
      turns += 1;
    }
    expect(turns).toBe(prompt.length - 5);
    expect(heldDisk.held).toBe(1);
    expect(store.all()).toEqual({ 'draft:image': { prompt } });
    // Quitting now: closing waits for the held write and then writes the newest draft.
    const closed = store.close();
    heldDisk.release();
    await closed;
    expect(onDisk(file)).toEqual({ 'draft:image': { prompt } });
  });
});
