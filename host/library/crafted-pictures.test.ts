/**
 * The audit's 56-byte PNG (a text chunk whose length claims 2 or 4 GB, then nothing) and its JPEG
 * and MP4 kin, saved straight into the library with metadata and thumbnails on, and attached as a
 * reference picture: every length is checked against the file before anything is allocated
 * (docs/house-rules.md, "Untrusted input has bounds"), so each ends at once, saved as the bytes it came with or refused with a reason.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AttachmentStore } from '../media/attachments.js';
import { incomingFile, jpegBytes, meta, openLibrary, tempDirs, type TempDirs } from './test/fixtures.js';
import { claimingPng } from './test/crafted.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(() => dirs.cleanup());


/** A JPEG whose first segment after SOI claims 65535 bytes, in a file of a few hundred. */
function claimingJpeg(): Buffer {
  const jpeg = Buffer.from(jpegBytes(8, 8)).subarray(0, 300);
  jpeg.writeUInt16BE(0xffff, 4);
  return jpeg;
}

/** An `ftyp` box, then a `moov` whose 64-bit size claims 2^62 bytes. */
function claimingMp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypisom\0\0\0\0', 'latin1')]);
  const moov = Buffer.alloc(32);
  moov.writeUInt32BE(1, 0);
  moov.write('moov', 4, 'latin1');
  moov.writeBigUInt64BE(2n ** 62n, 8);
  return Buffer.concat([ftyp, moov]);
}

const crafted: [string, () => Buffer][] = [
  ...(['tEXt', 'iTXt', 'zTXt'] as const).flatMap((t) => [0x7ffffff0, 0x80000000, 0xfffffff0].map((c): [string, () => Buffer] => [`a PNG whose ${t} claims ${c} bytes`, () => claimingPng(t, c)])),
  ['a JPEG whose segment runs past the file', claimingJpeg],
  ['an MP4 whose moov claims 2^62 bytes', claimingMp4],
];

describe('crafted lengths, saved into the library with metadata and thumbnails', () => {
  it.each(crafted)('%s: saved as it came or refused, never allocating the claim', async (_name, make) => {
    const lines: string[] = [];
    const lib = openLibrary(dirs, { metadata: true, ffmpeg: true }, lines);
    const bytes = make();
    const rss = process.memoryUsage().rss;
    const saved = await lib.add({ source: await incomingFile(dirs, bytes), meta: meta(), name: 'crafted.exe' }).catch((e: unknown) => e);
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 1024 * 1024);
    if (saved instanceof Error) {
      expect(saved).toMatchObject({ code: 'not_media' });
      return;
    }
    const item = saved as Awaited<ReturnType<typeof lib.add>>;
    // Untagged (the tagger refused the lying length), exactly the bytes that came, named for them.
    expect(await readFile(lib.resolve(item.file))).toEqual(bytes);
    expect(path.extname(item.file)).toBe(item.mime === 'image/png' ? '.png' : item.mime === 'image/jpeg' ? '.jpg' : '.mp4');
    expect(lines.some((l) => l.startsWith('library: saved without metadata inside'))).toBe(true);
  });
});

describe('crafted lengths, attached as a reference picture', () => {
  it.each(crafted.slice(0, 10))('%s: taken or refused at once with a reason', async (_name, make) => {
    const store = new AttachmentStore(path.join(dirs.base, 'attachments'), Date.now);
    const added = await store.add('crafted.png', make()).catch((e: unknown) => e);
    if (added instanceof Error) expect(added.message).toMatch(/crafted\.png/);
    else expect((added as { mime: string }).mime).toMatch(/^image\//);
    await store.close();
  });
});
