/**
 * Reference pictures a creator drops into a draft, on a slow or full disk (docs/robust-host.md,
 * "Data files written off the loop"): a picture of megabytes is written off the host's loop, is on
 * disk before the index names it, and a disk that refuses says so in words and keeps nothing
 * half-saved. The disk is real; only the fsync of the files named here waits or fails.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heldDisk } from '../test/held-fsync.js';
import { pngBytes } from '../library/test/fixtures.js';
import { AttachmentStore } from './attachments.js';

vi.mock('node:fs/promises', async (original) => (await import('../test/held-fsync.js')).withHeldSync(await original()));

const dirs: string[] = [];
afterEach(() => {
  heldDisk.release();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'studio-attachments-'));
  dirs.push(dir);
  return join(dir, 'attachments');
}
const now = () => Date.now();
const until = async (what: string, ok: () => boolean) => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error(`never: ${what}`);
};
const pictures = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.bin'));

describe('a picture dropped into a draft', () => {
  it('while the disk stalls: the host answers meanwhile, and the picture is kept whole once the disk answers, also after a restart', async () => {
    const dir = folder();
    const store = new AttachmentStore(dir, now);
    const first = await store.add('first.png', pngBytes(64, 64));
    heldDisk.slow = (name) => name.endsWith('.bin');
    const big = pngBytes(1200, 900, 3);
    const adding = store.add('large.png', big);
    await until('the picture waits on the disk', () => heldDisk.held > 0);
    // The rest of the host goes on: the first picture is read and removed meanwhile.
    expect(store.get(first.id).view.name).toBe('first.png');
    await store.remove(first.id);
    expect(heldDisk.held).toBe(1);
    heldDisk.release();
    const added = await adding;
    expect(store.get(added.id).data.equals(Buffer.from(big))).toBe(true);
    await store.close();
    const again = new AttachmentStore(dir, now);
    expect(again.get(added.id).data.equals(Buffer.from(big))).toBe(true);
    expect(() => again.get(first.id)).toThrow();
    expect(pictures(dir)).toEqual([`${added.id}.bin`]);
  });

  it('on a full disk: a message in words, and nothing half-kept, whether the picture or the index could not be written', async () => {
    const dir = folder();
    const store = new AttachmentStore(dir, now);
    const kept = await store.add('kept.png', pngBytes(32, 32));
    for (const full of [(name: string) => name.endsWith('.bin'), (name: string) => name === 'attachments.json']) {
      heldDisk.full = full;
      const err = await store.add('refused.png', pngBytes(48, 48, 1)).catch((e: unknown) => e);
      expect((err as Error).message).toMatch(/^The attached picture could not be saved: the disk is full\. Free some space, then try again\.$/);
      heldDisk.release();
      expect(pictures(dir)).toEqual([`${kept.id}.bin`]);
    }
    await store.close();
    const again = new AttachmentStore(dir, now);
    expect(again.get(kept.id).view.name).toBe('kept.png');
    expect(pictures(dir)).toEqual([`${kept.id}.bin`]);
  });

  it('an index that is not a file does not stop the studio from starting', () => {
    const dir = folder();
    mkdirSync(join(dir, 'attachments.json'), { recursive: true });
    expect(() => new AttachmentStore(dir, now)).not.toThrow();
  });
});

describe('a picture a job was sent with', () => {
  it('is kept past the week-long clean-up and the draft letting go, and comes back as a new attachment; a forged id reads nothing', async () => {
    const dir = folder();
    let clock = Date.now();
    const store = new AttachmentStore(dir, () => clock);
    const sent = await store.add('sent.png', pngBytes(40, 30));
    await store.keep([sent.id]);
    await store.remove(sent.id);
    await store.close();
    clock += 8 * 24 * 3600 * 1000;
    const later = new AttachmentStore(dir, () => clock);
    const back = await later.revive(sent.id);
    expect(back).toMatchObject({ name: 'sent.png', width: 40, height: 30 });
    expect(back!.id).not.toBe(sent.id);
    expect(later.get(back!.id).data.equals(Buffer.from(pngBytes(40, 30)))).toBe(true);
    expect(await later.keptName(sent.id)).toBe('sent.png');
    for (const forged of ['../attachments', '../../keys', 'a/b', '']) expect(await later.revive(forged)).toBeUndefined();
  });
});
