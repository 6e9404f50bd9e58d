import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { renderPromptVideo } from '../../../sandbox/media/video-render.js';
import { downscale } from './thumbnail.js';
import { incomingFile, jpegBytes, meta, mp3Bytes, openLibrary, pngBytes, tempDirs, type TempDirs } from './test-fixtures.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(async () => {
  await dirs.cleanup();
});

/** Decodes a thumbnail file for real, whatever its format. */
function decodeThumb(bytes: Buffer): { width: number; height: number; data: Uint8Array } {
  if (bytes[0] === 0x89) return pngjs.PNG.sync.read(bytes);
  return jpeg.decode(bytes, { useTArray: true });
}

/** Long side exactly 320 (or the original size), short side within a pixel of the aspect ratio. */
function expectFit(img: { width: number; height: number }, w: number, h: number): void {
  expect(Math.max(img.width, img.height)).toBe(Math.min(320, Math.max(w, h)));
  const scale = Math.min(1, 320 / Math.max(w, h));
  expect(Math.abs(img.width - w * scale)).toBeLessThanOrEqual(1);
  expect(Math.abs(img.height - h * scale)).toBeLessThanOrEqual(1);
}

describe.each([
  ['ffmpeg.wasm', true],
  ['the JS decoders', false],
])('image thumbnails from %s', (_name, ffmpeg) => {
  it('are decodable JPEGs of at most 320 px for opaque images, aspect kept', async () => {
    const lib = openLibrary(dirs, { ffmpeg });
    const cases = [[1000, 500, pngBytes(1000, 500)], [300, 900, jpegBytes(300, 900)], [100, 60, pngBytes(100, 60)]] as const;
    for (const [w, h, bytes] of cases) {
      const item = await lib.add({ source: await incomingFile(dirs, bytes), meta: meta(), name: `${w}x${h}` });
      expect(item.thumb).toBe(`.thumbs/${item.id}.jpg`);
      expectFit(decodeThumb(await readFile(lib.resolve(item.thumb!))), w, h);
    }
  });

  it('keep transparency as PNG', async () => {
    const lib = openLibrary(dirs, { ffmpeg });
    const item = await lib.add({ source: await incomingFile(dirs, pngBytes(640, 640, 0, true)), meta: meta(), name: 'cutout.png' });
    expect(item.thumb).toMatch(/\.png$/);
    const img = decodeThumb(await readFile(lib.resolve(item.thumb!)));
    expect([img.width, img.height]).toEqual([320, 320]);
    expect(img.data[3]).toBe(0); // left half transparent
    expect(img.data[(320 * 10 + 300) * 4 + 3]).toBe(255);
  });
});

describe('other thumbnails', () => {
  it('are a poster frame for videos, and absent for audio or undecodable files', async () => {
    const video = await renderPromptVideo({ prompt: 'a fox in snow', width: 640, height: 360, seconds: 1 });
    const lines: string[] = [];
    const lib = openLibrary(dirs, { ffmpeg: true }, lines);
    const clip = await lib.add({ source: await incomingFile(dirs, video.mp4), meta: meta({ kind: 'video', durationSeconds: 1 }), name: 'clip.bin' });
    expect(clip).toMatchObject({ kind: 'video', mime: 'video/mp4', file: expect.stringMatching(/clip\.mp4$/) });
    expect(clip.thumb).toBe(`.thumbs/${clip.id}.jpg`);
    expectFit(decodeThumb(await readFile(lib.resolve(clip.thumb!))), 640, 360);

    const voice = await lib.add({ source: await incomingFile(dirs, mp3Bytes()), meta: meta({ kind: 'audio' }), name: 'voice.mp3' });
    expect(voice.thumb).toBeUndefined();
    const broken = Buffer.concat([pngBytes(20, 20).subarray(0, 40), Buffer.alloc(100)]);
    const bad = await lib.add({ source: await incomingFile(dirs, broken), meta: meta(), name: 'broken.png' });
    expect(bad.thumb).toBeUndefined();
    expect(lines.some((l) => l.includes('no thumbnail for broken.png'))).toBe(true);
  });
});

describe('video posters', () => {
  it('still come out for small clips whose first frame trips the JPEG encoder', async () => {
    const video = await renderPromptVideo({ prompt: 'a cat walking', width: 320, height: 180, seconds: 3 });
    const lib = openLibrary(dirs, { ffmpeg: true });
    const clip = await lib.add({ source: await incomingFile(dirs, video.mp4), meta: meta({ kind: 'video', durationSeconds: 3 }), name: 'small.mp4' });
    expect(clip.thumb).toBeDefined();
    expectFit(decodeThumb(await readFile(lib.resolve(clip.thumb!))), 320, 180);
  });
});

describe('downscale', () => {
  it('averages boxes and weights colour by alpha', () => {
    // 4x2: left 2x2 block red opaque, right block half transparent blue / fully transparent green.
    const px = (r: number, g: number, b: number, a: number) => [r, g, b, a];
    const data = new Uint8Array([
      ...px(255, 0, 0, 255), ...px(255, 0, 0, 255), ...px(0, 0, 255, 255), ...px(0, 255, 0, 0),
      ...px(255, 0, 0, 255), ...px(255, 0, 0, 255), ...px(0, 0, 255, 255), ...px(0, 255, 0, 0),
    ]);
    const out = downscale({ width: 4, height: 2, data }, 2);
    expect(out.width).toBe(2);
    expect(out.height).toBe(1);
    expect([...out.data]).toEqual([255, 0, 0, 255, 0, 0, 255, 128]);
  });
});
