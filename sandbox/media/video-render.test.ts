import { describe, expect, it } from 'vitest';
import { renderPromptVideo, type RenderVideoOptions } from './video-render.js';
import { childBoxes, inspectMp4, readBoxes, type Mp4Box } from '@media/mp4-inspect.js';

const PROMPT = 'A red fox running through a snowy forest at dawn, cinematic';

function path(buf: Uint8Array, types: string[]): Mp4Box {
  let level = readBoxes(buf);
  let box: Mp4Box | undefined;
  for (const type of types) {
    box = level.find((b) => b.type === type);
    if (!box) throw new Error(`no ${type}`);
    level = type === 'stbl' || type === 'minf' || type === 'mdia' || type === 'trak' || type === 'moov'
      ? childBoxes(buf, box) : [];
  }
  return box as Mp4Box;
}

/** Per-frame coded sizes from stsz (the renderer always writes per-sample sizes). */
function sampleSizes(buf: Buffer): number[] {
  const stsz = path(buf, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsz']);
  const p = stsz.start + stsz.headerSize;
  const n = buf.readUInt32BE(p + 8);
  return Array.from({ length: n }, (_, i) => buf.readUInt32BE(p + 12 + i * 4));
}

function u32s(buf: Buffer, type: string, skip: number, width: number): number[][] {
  const b = path(buf, ['moov', 'trak', 'mdia', 'minf', 'stbl', type]);
  const p = b.start + b.headerSize + skip;
  const n = buf.readUInt32BE(p - 4);
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: width }, (_, j) => buf.readUInt32BE(p + (i * width + j) * 4)));
}

/**
 * Follows stsc/stco to where each chunk's first sample sits and checks a
 * length-prefixed H.264 slice starts there whose length matches stsz: proves
 * the chunk offsets still point at the right bytes after moov was moved.
 */
function checkChunkOffsets(buf: Buffer): number {
  const sizes = sampleSizes(buf);
  const offsets = u32s(buf, 'stco', 8, 1).map(([o]) => o);
  const runs = u32s(buf, 'stsc', 8, 3);
  let sample = 0;
  offsets.forEach((offset, c) => {
    const run = runs.filter(([first]) => first <= c + 1).at(-1) as number[];
    const nal = buf[offset + 4] & 0x1f;
    expect([1, 5]).toContain(nal); // non-IDR or IDR slice
    expect(buf.readUInt32BE(offset) + 4).toBe(sizes[sample]);
    sample += run[1];
  });
  expect(sample).toBe(sizes.length);
  return offsets.length;
}

describe('renderPromptVideo', () => {
  it.each<[string, RenderVideoOptions, number]>([
    ['16:9', { prompt: PROMPT, seconds: 10, width: 320, height: 180 }, 16 / 9],
    ['9:16', { prompt: PROMPT, seconds: 5, width: 180, height: 320 }, 9 / 16],
    ['1:1', { prompt: PROMPT, seconds: 3, width: 240, height: 240 }, 1],
  ])('writes a real H.264 MP4 at %s', async (_label, opts, aspect) => {
    const video = await renderPromptVideo(opts);
    const info = inspectMp4(video.mp4);

    expect(info.topLevelBoxes).toEqual(expect.arrayContaining(['ftyp', 'moov', 'mdat']));
    // faststart: moov ahead of mdat so playback can begin before the download ends
    expect(info.topLevelBoxes.indexOf('moov')).toBeLessThan(info.topLevelBoxes.indexOf('mdat'));
    expect(info.codec).toMatch(/^avc1\.[0-9a-f]{6}$/);
    expect(Math.abs(info.durationSeconds - opts.seconds)).toBeLessThanOrEqual(1 / video.fps);
    expect(info.width).toBe(opts.width);
    expect(info.height).toBe(opts.height);
    expect(info.width / info.height).toBeCloseTo(aspect, 5);
    expect(info.frameCount).toBe(opts.seconds * 12);
    expect(info.fps).toBeCloseTo(12, 5);
    expect(video).toMatchObject({ width: opts.width, height: opts.height, fps: 12, seconds: opts.seconds });
    expect(checkChunkOffsets(video.mp4)).toBeGreaterThan(0);
  });

  it('keeps the exact duration for a 15 s clip and a custom fps', async () => {
    const video = await renderPromptVideo({ prompt: 'long', seconds: 15, width: 160, height: 90, fps: 8 });
    const info = inspectMp4(video.mp4);
    expect(info.durationSeconds).toBeCloseTo(15, 6);
    expect(info.frameCount).toBe(120);
    expect(video.fps).toBe(8);
  });

  it('rounds odd sizes to even and reports the real size', async () => {
    const video = await renderPromptVideo({ prompt: 'odd', seconds: 3, width: 321, height: 179 });
    expect([video.width, video.height]).toEqual([322, 180]);
    const info = inspectMp4(video.mp4);
    expect([info.width, info.height]).toEqual([322, 180]);
  });

  it('is deterministic per prompt and differs between prompts', async () => {
    const opts = { seconds: 3, width: 240, height: 240 };
    const a1 = await renderPromptVideo({ prompt: 'a lighthouse in a storm', ...opts });
    const a2 = await renderPromptVideo({ prompt: 'a lighthouse in a storm', ...opts });
    const b = await renderPromptVideo({ prompt: 'a lighthouse in the sun', ...opts });
    expect(a1.mp4.equals(a2.mp4)).toBe(true);
    expect(a1.mp4.equals(b.mp4)).toBe(false);
    // The key frame alone already differs: the picture itself depends on the prompt.
    expect(sampleSizes(a1.mp4)[0]).not.toBe(sampleSizes(b.mp4)[0]);
  });

  it('has motion in every frame, not a still picture repeated', async () => {
    const video = await renderPromptVideo({ prompt: PROMPT, seconds: 3, width: 320, height: 180 });
    const sizes = sampleSizes(video.mp4);
    // A P-frame identical to its reference codes to about 9 bytes with this encoder.
    const smallest = Math.min(...sizes.slice(1));
    expect(smallest).toBeGreaterThan(200);
  });

  it('serialises concurrent calls without corrupting each other', async () => {
    const prompts = ['one', 'two', 'three'];
    const opts = { seconds: 3, width: 160, height: 90 };
    const together = await Promise.all(prompts.map((prompt) => renderPromptVideo({ prompt, ...opts })));
    for (const [i, prompt] of prompts.entries()) {
      const alone = await renderPromptVideo({ prompt, ...opts });
      expect(together[i].mp4.equals(alone.mp4)).toBe(true);
    }
  });

  it("leaves the host process's error handlers alone", async () => {
    const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    await renderPromptVideo({ prompt: 'handlers', seconds: 3, width: 64, height: 64 });
    expect([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]).toEqual(before);
  });

  it('draws prompts it has no glyphs for, and an empty prompt', async () => {
    for (const prompt of ['', '日本の桜 🌸', 'x'.repeat(5000)]) {
      const video = await renderPromptVideo({ prompt, seconds: 3, width: 64, height: 64 });
      expect(inspectMp4(video.mp4).durationSeconds).toBe(3);
    }
  });

  it.each<[string, Partial<RenderVideoOptions>]>([
    ['zero seconds', { seconds: 0 }],
    ['NaN seconds', { seconds: Number.NaN }],
    ['too long', { seconds: 61 }],
    ['negative width', { width: -2 }],
    ['fractional fps', { fps: 12.5 }],
  ])('rejects %s', async (_label, bad) => {
    await expect(renderPromptVideo({ prompt: 'x', seconds: 3, width: 64, height: 64, ...bad }))
      .rejects.toThrow(RangeError);
  });
});
