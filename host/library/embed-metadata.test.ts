/**
 * A saved file carries its prompt and settings inside, read back with real readers (sharp for
 * PNG text chunks, exifr and piexifjs for JPEG EXIF, the native ffmpeg for MP4 tags), with the
 * picture or the streams unchanged, and a file whose metadata cannot be written saved as it came.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installedFfmpegPath } from '@media/ffmpeg-process.js';
import { renderPromptVideo } from '@sandbox/media/video-render.js';
import { nodeDisk, type DiskOps } from './disk.js';
import { PNG_JSON_KEYWORD } from './embed-metadata.js';
import { readJpegComment } from './jpeg-exif.js';
import { readPngText } from './png-text.js';
import { incomingFile, jpegBytes, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(() => dirs.cleanup());

const textChunks = async (file: string) => Object.fromEntries(((await sharp(file).metadata()).comments ?? []).map((c) => [c.keyword, c.text]));
const pixels = (input: Buffer | string) => sharp(input).raw().toBuffer();
/** Every file under the library, hidden ones included: no tagged copy may be left behind. */
const hiddenFiles = async () => (await readdir(dirs.root, { recursive: true })).filter((f) => path.basename(String(f)).startsWith('.') && !String(f).startsWith('.thumbs'));

async function save(bytes: Buffer, over: Parameters<typeof meta>[0] = {}, extra = {}) {
  const lines: string[] = [];
  const lib = openLibrary(dirs, { metadata: true, ...extra }, lines);
  const item = await lib.add({ source: await incomingFile(dirs, bytes), meta: meta(over), name: 'saved.bin' });
  const file = lib.resolve(item.file);
  return { item, file, lines, bytes: await readFile(file) };
}

describe('PNG: text chunks in the convention image tools read', () => {
  it('writes parameters, Description, Software and the JSON record; the pixels and the recorded size match', async () => {
    const original = pngBytes(64, 48, 3);
    const { item, file } = await save(original, { prompt: 'A fox in snow', model: 'seedream-4-5', params: { size: '1024x1024', seed: 42, negative_prompt: 'blurry' } });
    const text = await textChunks(file);
    expect(text.parameters).toBe('A fox in snow\nNegative prompt: blurry\nModel: seedream-4-5, Size: 1024x1024, Seed: 42, Software: Gateway Studio');
    expect(text.Description).toBe('A fox in snow');
    expect(text.Software).toBe('Gateway Studio');
    expect(JSON.parse(text[PNG_JSON_KEYWORD])).toMatchObject({ prompt: 'A fox in snow', model: 'seedream-4-5', params: { seed: 42, negative_prompt: 'blurry' }, createdAt: '2025-06-15T15:06:40.000Z' });
    expect(await pixels(file)).toEqual(await pixels(original));
    expect(item.bytes).toBe((await stat(file)).size);
    expect(item.bytes).toBeGreaterThan(original.length);
    expect(await hiddenFiles()).toEqual([]);
  });

  it('keeps non-Latin text exact (iTXt, UTF-8) and quotes values that hold separators', async () => {
    const prompt = '狐狸在雪中 🦊 — ثعلب في الثلج';
    const { file } = await save(pngBytes(20, 20), { prompt, params: { style: 'ink, wash: soft' } });
    const text = await textChunks(file);
    expect(text.parameters.split('\n')[0]).toBe(prompt);
    expect(text.parameters).toContain('Style: "ink, wash: soft"');
    expect(text.Description).toBe(prompt);
    expect(readPngText(await readFile(file)).Description).toBe(prompt);
  });

  it('holds a 100,000-character prompt with control characters whole, the controls made harmless', async () => {
    const prompt = `line one\r\nline\u0000two\u001b[31m ${'x'.repeat(100_000)}`;
    const { file, item } = await save(pngBytes(20, 20), { prompt });
    const text = await textChunks(file);
    expect(text.Description).toBe(`line one\nline two [31m ${'x'.repeat(100_000)}`);
    expect(JSON.parse(text[PNG_JSON_KEYWORD]).prompt).toBe(prompt);
    expect(item.prompt).toBe(prompt);
  });

  it('replaces the gateway’s own parameters chunk instead of adding a second one', async () => {
    const { addPngText } = await import('./png-text.js');
    const fromGateway = await addPngText(pngBytes(20, 20), [{ keyword: 'parameters', text: 'something else' }, { keyword: 'Author', text: 'gateway' }]);
    const { file } = await save(fromGateway);
    const comments = (await sharp(file).metadata()).comments ?? [];
    expect(comments.filter((c) => c.keyword === 'parameters')).toHaveLength(1);
    expect(comments.find((c) => c.keyword === 'Author')?.text).toBe('gateway');
  });

  it('saves a damaged PNG exactly as it came, and says why in the log', async () => {
    const damaged = Buffer.from(pngBytes(30, 30));
    damaged[damaged.length - 20] ^= 0xff; // inside the IDAT: its CRC no longer matches
    const { bytes, item, lines, file } = await save(damaged);
    expect(bytes.equals(damaged)).toBe(true);
    expect(item.bytes).toBe(damaged.length);
    expect(lines.join('\n')).toMatch(/saved without metadata inside/);
    expect((await stat(file)).size).toBe(damaged.length);
    expect(await hiddenFiles()).toEqual([]);
  });

  it('saves the file as it came when the disk refuses the tagged copy (full disk)', async () => {
    const disk: Partial<DiskOps> = {
      writeDurable: async (p, data) => {
        if (p.endsWith('.meta.part')) {
          await writeFile(p, 'half');
          throw Object.assign(new Error('ENOSPC: simulated'), { code: 'ENOSPC' });
        }
        return nodeDisk.writeDurable(p, data);
      },
    };
    const original = pngBytes(30, 30);
    const { bytes, item, lines } = await save(original, {}, { disk });
    expect(bytes.equals(original)).toBe(true);
    expect(item.bytes).toBe(original.length);
    expect(lines.join('\n')).toMatch(/without metadata inside \(ENOSPC/);
    expect(await hiddenFiles()).toEqual([]);
  });
});

describe('JPEG: EXIF without re-encoding', () => {
  it('writes ImageDescription, Software and the parameters as a UNICODE UserComment; the picture is the same', async () => {
    const original = jpegBytes(40, 30);
    const prompt = 'Un renard dans la neige — 雪の中の狐';
    const { file, item } = await save(original, { prompt, params: { seed: 7 } });
    const exif = await exifr.parse(file, { ifd0: true, exif: true } as never);
    expect(exif.ImageDescription).toBe(prompt);
    expect(exif.Software).toBe('Gateway Studio');
    expect(readJpegComment(await readFile(file))).toBe(`${prompt}\nModel: seedream-4-5, Size: 40x30, Seed: 7, Software: Gateway Studio`);
    expect(await pixels(file)).toEqual(await pixels(original));
    expect(item.bytes).toBe((await stat(file)).size);
  });

  it('cuts a 100,000-character prompt to fit the 64 KB segment and stays a valid JPEG', async () => {
    const prompt = '雪'.repeat(100_000);
    const { file } = await save(jpegBytes(16, 16), { prompt });
    const exif = await exifr.parse(file, { ifd0: true } as never);
    expect(exif.ImageDescription).toMatch(/^雪+…$/);
    expect(readJpegComment(await readFile(file))).toMatch(/^雪+…$/);
    expect((await sharp(file).metadata()).width).toBe(16);
  });

  it('saves a JPEG piexifjs cannot take apart exactly as it came', async () => {
    // A valid header (so the library knows it for a JPEG) and then garbage where segments should be.
    const broken = Buffer.concat([jpegBytes(16, 16).subarray(0, 200), Buffer.alloc(300, 0xff)]);
    const { bytes, item } = await save(broken);
    expect(bytes.equals(broken)).toBe(true);
    expect(item.bytes).toBe(broken.length);
  });
});

describe('MP4: tags copied in by ffmpeg (-c copy)', () => {
  let clip: Buffer;
  let ffmpeg: string | undefined;
  beforeAll(async () => {
    ffmpeg = await installedFfmpegPath();
    clip = (await renderPromptVideo({ prompt: 'Waves on a beach', seconds: 2, width: 160, height: 90 })).mp4;
  }, 60_000);

  /** The container's tags, as ffmpeg itself reads them back. */
  const tags = (file: string) => execFileSync(ffmpeg!, ['-v', 'error', '-i', file, '-f', 'ffmetadata', '-'], { encoding: 'utf8' });
  /** A hash of every video packet: equal only when no frame was re-encoded. */
  const streamHash = (file: string) => execFileSync(ffmpeg!, ['-v', 'error', '-i', file, '-map', '0:v', '-c', 'copy', '-f', 'md5', '-'], { encoding: 'utf8' });

  it('writes title, description and comment and copies the streams bit for bit', async (ctx) => {
    if (!ffmpeg) ctx.skip();
    const source = path.join(dirs.base, 'clip.mp4');
    await writeFile(source, clip);
    const prompt = 'Waves = sea; #1 \\ "beach"\nsecond line 海浪';
    const { file, item } = await save(clip, { kind: 'video', prompt, params: { seconds: '2' } }, { ffmpeg: true });
    const read = tags(file);
    expect(read).toContain('title=Waves \\= sea\\; \\#1 \\\\ "beach" second line 海浪');
    expect(read).toContain('comment=Waves \\= sea\\; \\#1 \\\\ "beach"\\\nsecond line 海浪\\\nModel: seedream-4-5, Seconds: 2, Software: Gateway Studio');
    expect(streamHash(file)).toBe(streamHash(source));
    expect(item.bytes).toBe((await stat(file)).size);
    expect(await hiddenFiles()).toEqual([]);
  }, 60_000);

  it('saves a truncated MP4 as it came (ffmpeg never sees it)', async () => {
    const cut = clip.subarray(0, clip.length >> 1);
    const { bytes } = await save(cut, { kind: 'video' }, { ffmpeg: true });
    expect(bytes.equals(cut)).toBe(true);
  });
});
