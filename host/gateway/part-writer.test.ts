import { afterAll, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { BATCH_BYTES, writeBody } from './part-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'studio-part-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Varied bytes, so a misplaced block shows. */
function bytes(n: number, seed = 7): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 131 + seed + (i >> 12)) & 0xff;
  return b;
}

/** The socket's way: 64 KB chunks (the last one shorter). */
const chunksOf = (b: Buffer, size = 64 * 1024) => Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.subarray(i * size, (i + 1) * size));

describe('writing a download into its .part file', () => {
  it('writes every byte in order, many batches of them, counting them as they come', async () => {
    const data = bytes(BATCH_BYTES * 7 + 12_345);
    const path = join(dir, 'big.part');
    let counted = 0;
    await writeBody(Readable.from(chunksOf(data)), path, 0, (n) => (counted += n));
    expect(counted).toBe(data.length);
    expect(readFileSync(path).equals(data)).toBe(true);
  });

  it('resumes at its offset, dropping whatever followed it', async () => {
    const data = bytes(3 * BATCH_BYTES);
    const path = join(dir, 'resume.part');
    // The first 1.5 MB are kept; the stale tail after them must go.
    writeFileSync(path, Buffer.concat([data.subarray(0, 1_500_000), Buffer.alloc(4_000_000, 1)]));
    await writeBody(Readable.from(chunksOf(data.subarray(1_500_000))), path, 1_500_000, () => undefined);
    expect(readFileSync(path).equals(data)).toBe(true);
  });

  it('pauses the body while megabytes wait for the disk, and resumes it', async () => {
    const data = bytes(BATCH_BYTES * 6);
    // 64 KB chunks as fast as they are taken: far faster than a disk write comes back.
    const body = Readable.from(chunksOf(data));
    const pause = vi.spyOn(body, 'pause');
    const path = join(dir, 'paced.part');
    await writeBody(body, path, 0, () => undefined);
    expect(pause).toHaveBeenCalled();
    expect(readFileSync(path).equals(data)).toBe(true);
  });

  it('on a cut, writes what arrived before it and reports the cut', async () => {
    const data = bytes(BATCH_BYTES + 300_000);
    const body = new PassThrough();
    const path = join(dir, 'cut.part');
    let counted = 0;
    // The connection breaks right after these bytes arrived.
    const done = writeBody(body, path, 0, (n) => {
      counted += n;
      if (counted === data.length) setImmediate(() => body.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
    });
    body.write(data);
    await expect(done).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(readFileSync(path).equals(data)).toBe(true);
  });

  it('keeps the bytes that came while the file was still opening, when the connection breaks right after', async () => {
    const data = bytes(300_000);
    const body = new PassThrough();
    body.write(data);
    const path = join(dir, 'early-bytes.part');
    const done = writeBody(body, path, 0, () => undefined);
    // The break comes before the file has opened: a stream drops what it holds unread when it breaks.
    setImmediate(() => body.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
    await expect(done).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(readFileSync(path).equals(data)).toBe(true);
  });

  it('hears a cut that comes while the file is still opening', async () => {
    const body = new PassThrough();
    const done = writeBody(body, join(dir, 'early.part'), 0, () => undefined);
    body.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    await expect(done).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('reports a full disk and stops the body', async () => {
    const path = join(dir, 'full.part');
    symlinkSync('/dev/full', path);
    const body = Readable.from(chunksOf(bytes(2 * BATCH_BYTES)));
    await expect(writeBody(body, path, 0, () => undefined)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(body.destroyed).toBe(true);
    expect(existsSync('/dev/full')).toBe(true);
  });
});
