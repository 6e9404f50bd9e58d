/**
 * Thumbnails as the library makes them on save, from real files: pictures made by sharp itself,
 * a video made by the sandbox's renderer, and the damaged or forged files an outsider could feed
 * it. Whatever happens to the thumbnail, the save must succeed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPromptVideo } from '@sandbox/media/video-render.js';
import { incomingFile, jpegBytes, meta, mp3Bytes, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
let boat: Buffer;
beforeAll(async () => {
  boat = (await renderPromptVideo({ prompt: 'A paper boat drifting down a rainy street', seconds: 6, width: 320, height: 180 })).mp4;
});
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(async () => {
  await dirs.cleanup();
});

interface Decoded {
  format?: string;
  width: number;
  height: number;
  /** RGBA pixels. */
  data: Buffer;
}

/** Decodes a thumbnail file for real, whatever its format. */
async function decodeThumb(file: string): Promise<Decoded> {
  const bytes = await readFile(file);
  const { format } = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { format, width: info.width, height: info.height, data };
}

/** Long side exactly 320 (or the original size), short side within a pixel of the aspect ratio. */
function expectFit(img: { width: number; height: number }, w: number, h: number): void {
  expect(Math.max(img.width, img.height)).toBe(Math.min(320, Math.max(w, h)));
  const scale = Math.min(1, 320 / Math.max(w, h));
  expect(Math.abs(img.width - w * scale)).toBeLessThanOrEqual(1);
  expect(Math.abs(img.height - h * scale)).toBeLessThanOrEqual(1);
}

/** A PNG whose IHDR (with a valid CRC) claims `width`×`height`, followed by a scrap of image data. */
function forgedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1 << 16))), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(b: Buffer): number {
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** The sandbox video with its mvhd saying 100 hours (timescale 1000). */
function hundredHours(): Buffer {
  const b = Buffer.from(boat);
  const mvhd = b.indexOf('mvhd', 0, 'latin1') + 4;
  b.writeUInt32BE(1000, mvhd + 12);
  b.writeUInt32BE(100 * 3600 * 1000, mvhd + 16);
  return b;
}

describe('picture thumbnails (sharp)', () => {
  it('are JPEGs of at most 320 px for opaque pictures, aspect kept, never enlarged', async () => {
    const lib = openLibrary(dirs);
    const cases = [[1000, 500, pngBytes(1000, 500)], [300, 900, jpegBytes(300, 900)], [100, 60, pngBytes(100, 60)]] as const;
    for (const [w, h, bytes] of cases) {
      const item = await lib.add({ source: await incomingFile(dirs, bytes), meta: meta(), name: `${w}x${h}` });
      expect(item.thumb).toBe(`.thumbs/${item.id}.jpg`);
      const img = await decodeThumb(lib.resolve(item.thumb!));
      expect(img.format).toBe('jpeg');
      expectFit(img, w, h);
    }
  });

  it('come from a 2048x2048 PNG and a 4096x4096 JPEG', async () => {
    const lib = openLibrary(dirs);
    const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
    const png = await sharp({ create: { width: 2048, height: 2048, channels: 3, background: '#336699', noise } }).png().toBuffer();
    const jpg = await sharp({ create: { width: 4096, height: 4096, channels: 3, background: '#993366', noise } }).jpeg({ quality: 90 }).toBuffer();
    for (const [bytes, name] of [[png, 'large.png'], [jpg, 'huge.jpg']] as const) {
      const item = await lib.add({ source: await incomingFile(dirs, bytes), meta: meta(), name });
      expect(item.thumb).toBe(`.thumbs/${item.id}.jpg`);
      const img = await decodeThumb(lib.resolve(item.thumb!));
      expect([img.format, img.width, img.height]).toEqual(['jpeg', 320, 320]);
    }
  });

  it('keep transparency as PNG, from PNG and from WebP', async () => {
    const lib = openLibrary(dirs);
    const cutout = await lib.add({ source: await incomingFile(dirs, pngBytes(640, 640, 0, true)), meta: meta(), name: 'cutout.png' });
    expect(cutout.thumb).toMatch(/\.png$/);
    const img = await decodeThumb(lib.resolve(cutout.thumb!));
    expect([img.width, img.height]).toEqual([320, 320]);
    expect(img.data[3]).toBe(0); // left half transparent
    expect(img.data[(320 * 10 + 300) * 4 + 3]).toBe(255);

    const webp = await sharp({ create: { width: 800, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).webp().toBuffer();
    const sticker = await lib.add({ source: await incomingFile(dirs, webp), meta: meta(), name: 'sticker.webp' });
    expect(sticker.thumb).toMatch(/\.png$/);
    expect(await decodeThumb(lib.resolve(sticker.thumb!))).toMatchObject({ format: 'png', width: 320, height: 160 });
  });
});

describe('video posters (a native ffmpeg process)', () => {
  it('are a JPEG of at most 320 px for a real 6 s 16:9 sandbox video', async () => {
    const lines: string[] = [];
    const lib = openLibrary(dirs, { ffmpeg: true }, lines);
    const clip = await lib.add({ source: await incomingFile(dirs, boat), meta: meta({ kind: 'video', durationSeconds: 6 }), name: 'boat.bin' });
    expect(clip).toMatchObject({ kind: 'video', mime: 'video/mp4', file: expect.stringMatching(/boat\.mp4$/) });
    expect(clip.thumb).toBe(`.thumbs/${clip.id}.jpg`);
    const img = await decodeThumb(lib.resolve(clip.thumb!));
    expect(img.format).toBe('jpeg');
    expectFit(img, 320, 180);
    expect(lines).toEqual([]);
  });

  it('are not made when the library is told not to (ffmpeg: false); pictures still get theirs', async () => {
    const lib = openLibrary(dirs, { ffmpeg: false });
    const clip = await lib.add({ source: await incomingFile(dirs, boat), meta: meta({ kind: 'video' }), name: 'boat.mp4' });
    expect(clip.thumb).toBeUndefined();
    // Its shape and length still come from its header, so the gallery can lay the tile out as 16:9.
    expect(clip).toMatchObject({ width: 320, height: 180, durationSeconds: 6 });
    const pic = await lib.add({ source: await incomingFile(dirs, pngBytes(64, 64)), meta: meta(), name: 'pic.png' });
    expect(pic.thumb).toBeDefined();
  });

  it('give up on a hung decoder at the time limit: the video is saved, the process is gone', async () => {
    const hang = path.join(dirs.base, 'hang.sh');
    await writeFile(hang, '#!/bin/sh\nsleep 1000\n', { mode: 0o755 });
    const pids: number[] = [];
    const lines: string[] = [];
    const lib = openLibrary(dirs, { ffmpeg: true, thumbnails: { ffmpegPath: hang, timeoutMs: 300, onSpawn: (pid) => pids.push(pid) } }, lines);
    const clip = await lib.add({ source: await incomingFile(dirs, boat), meta: meta({ kind: 'video' }), name: 'boat.mp4' });
    expect(clip.thumb).toBeUndefined();
    expect(await readFile(lib.resolve(clip.file))).toEqual(boat);
    expect(lines).toEqual([expect.stringMatching(/^library: no thumbnail for boat\.mp4: ffmpeg timeout/)]);
    expect(pids).toHaveLength(1);
    expect(() => process.kill(pids[0], 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});

describe('thumbnails of hostile files', () => {
  it.each([
    ['a truncated MP4', () => boat.subarray(0, boat.length >> 1), 'cut.mp4', /truncated/],
    ['an MP4 whose mvhd claims 100 hours', hundredHours, 'long.mp4', /duration of 360000 s/],
    ['a PNG whose header claims 100000x100000', () => forgedPng(100_000, 100_000), 'vast.png', /too large for a thumbnail \(100000×100000\)/],
    ['a PNG whose header claims 40000x10', () => forgedPng(40_000, 10), 'wide.png', /too large/],
    ['a PNG with a valid header and damaged data', () => Buffer.concat([pngBytes(64, 64).subarray(0, 60), Buffer.alloc(200, 7)]), 'broken.png', /./],
    ['a JPEG that stops after its header', () => jpegBytes(640, 480).subarray(0, 700), 'cut.jpg', /./],
  ])('%s: saved without a thumbnail, and the log says why', async (_name, make, name, reason) => {
    const lines: string[] = [];
    const lib = openLibrary(dirs, { ffmpeg: true }, lines);
    const bytes = make();
    const item = await lib.add({ source: await incomingFile(dirs, bytes), meta: meta(), name });
    expect(item.thumb).toBeUndefined();
    expect(await readFile(lib.resolve(item.file))).toEqual(bytes);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`no thumbnail for ${name}: `);
    expect(lines[0]).toMatch(reason);
  });

  it.each([
    ['an empty file', () => Buffer.alloc(0)],
    ['random bytes named .mp4', () => Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 251))],
    ['an MP4 with its magic bytes damaged', () => Buffer.from(boat).fill(0x78, 4, 8)],
  ])('%s: refused as no media before any decoder sees it, nothing kept', async (_name, make) => {
    const lib = openLibrary(dirs, { ffmpeg: true });
    const err = await lib.add({ source: await incomingFile(dirs, make()), meta: meta({ kind: 'video' }), name: 'clip.mp4' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'not_media' });
    expect(lib.list().items).toEqual([]);
  });

  it.each([
    ['a PNG signature in front of MP4 data', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), boat.subarray(4)])],
    ['an MP3 (audio has no thumbnail)', mp3Bytes],
  ])('%s: saved without a thumbnail', async (_name, make) => {
    const lib = openLibrary(dirs, { ffmpeg: true });
    const bytes = make();
    const item = await lib.add({ source: await incomingFile(dirs, bytes), meta: meta({ kind: 'video' }), name: 'clip.mp4' });
    expect(item.thumb).toBeUndefined();
    expect(await readFile(lib.resolve(item.file))).toEqual(bytes);
    expect(lib.list().items.map((i) => i.id)).toContain(item.id);
  });
});
