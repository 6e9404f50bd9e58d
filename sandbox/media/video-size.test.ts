import { describe, expect, it } from 'vitest';
import { GENERATIONS_VIDEO_MODELS, MULTIPART_VIDEO_MODELS, MULTIPART_VIDEO_SIZES } from '@shared/gateway/index.js';
import { inspectMp4 } from '@media/mp4-inspect.js';
import { renderPromptVideo } from './video-render.js';
import { GENERATIONS_SIZE_CLASS, planVideoSize, VIDEO_RATIO_TOLERANCE } from './video-size.js';

/**
 * Every size a client may ask for, built from the catalog (spec 4.7, 4.8): the generations route
 * names an aspect ratio and no size (sandbox/README.md, "Video jobs": taken as 720p), the
 * multipart route a pixel size whose short side is its size class.
 */
interface Case { label: string; aspect: string; sizeClass: number; ratio: number; requested?: [number, number] }
const CATALOG: Case[] = [
  ...Object.values(GENERATIONS_VIDEO_MODELS).flatMap((m) => m.aspectRatios.map((aspect) => {
    const [w, h] = aspect.split(':').map(Number);
    return { label: `${m.id} ${aspect}`, aspect, sizeClass: 720, ratio: w / h };
  })),
  ...MULTIPART_VIDEO_MODELS.flatMap((model) => MULTIPART_VIDEO_SIZES.map((size) => {
    const [w, h] = size.split('*').map(Number);
    return { label: `${model} ${size}`, aspect: `${w}:${h}`, sizeClass: Math.min(w, h), ratio: w / h, requested: [w, h] as [number, number] };
  })),
];

/** Ratios no catalog model offers today, so the rule is not tuned to the few it does. */
const OTHER_RATIOS = ['4:3', '3:4', '21:9', '9:21', '3:2', '2:3', '5:4', '2.39:1'];
const CLASSES = [240, 360, 480, 540, 720, 1080, 1440, 2160];
const ratioOf = (aspect: string) => aspect.split(':').map(Number).reduce((w, h) => w / h);
const ratioError = (width: number, height: number, ratio: number) => Math.abs(width / height / ratio - 1);

describe('the video size rule (sandbox/README.md, "Video jobs")', () => {
  it('covers every model and ratio of the catalog', () => {
    // 3 + 2 ratios on the generations route, 2 models × 4 sizes on the multipart route.
    expect(CATALOG).toHaveLength(13);
    expect(GENERATIONS_SIZE_CLASS).toBe(720);
  });

  it.each(CATALOG)('$label: keeps the ratio, with even sides no larger than asked', ({ aspect, sizeClass, ratio, requested }) => {
    const plan = planVideoSize(aspect, sizeClass);
    const { width, height } = plan.encoded;
    expect(width % 2).toBe(0);
    expect(height % 2).toBe(0);
    expect(ratioError(width, height, ratio)).toBeLessThanOrEqual(VIDEO_RATIO_TOLERANCE);
    // Every catalog size scales to whole even sides at its ratio, so these are exact.
    expect(width / height).toBeCloseTo(ratio, 9);
    expect(Math.min(plan.requested.width, plan.requested.height)).toBe(sizeClass);
    if (requested) expect([plan.requested.width, plan.requested.height]).toEqual(requested);
    expect(width).toBeLessThanOrEqual(plan.requested.width);
    expect(height).toBeLessThanOrEqual(plan.requested.height);
  });

  it.each(OTHER_RATIOS.flatMap((aspect) => CLASSES.map((c) => [aspect, c] as const)))(
    'keeps %s at %ip within the tolerance, with even sides', (aspect, sizeClass) => {
      const { width, height } = planVideoSize(aspect, sizeClass).encoded;
      expect([width % 2, height % 2]).toEqual([0, 0]);
      expect(ratioError(width, height, ratioOf(aspect))).toBeLessThanOrEqual(VIDEO_RATIO_TOLERANCE);
      expect(width > height).toBe(ratioOf(aspect) > 1);
    });

  it('never makes a larger size class smaller, and 1080p larger than 720p', () => {
    const ratios = [...new Set([...CATALOG.map((c) => c.aspect), ...OTHER_RATIOS, '1:1'])];
    for (const aspect of ratios) {
      const sizes = CLASSES.map((c) => planVideoSize(aspect, c).encoded);
      for (let i = 1; i < sizes.length; i++) {
        expect(sizes[i].width, `${aspect} at ${CLASSES[i]}p`).toBeGreaterThanOrEqual(sizes[i - 1].width);
        expect(sizes[i].height, `${aspect} at ${CLASSES[i]}p`).toBeGreaterThanOrEqual(sizes[i - 1].height);
      }
      const [p720, p1080] = [720, 1080].map((c) => planVideoSize(aspect, c).encoded);
      expect(p1080.width * p1080.height, aspect).toBeGreaterThan(p720.width * p720.height);
    }
  });

  it('takes a pixel size or a ratio and reduces it', () => {
    expect(planVideoSize('1920:1080', 1080)).toMatchObject({ aspect: '16:9', requested: { width: 1920, height: 1080 } });
    expect(planVideoSize('720:1280', 720)).toMatchObject({ aspect: '9:16', requested: { width: 720, height: 1280 } });
    expect(planVideoSize('1:1', 720).requested).toEqual({ width: 720, height: 720 });
    expect(planVideoSize('21:9', 1080).requested).toEqual({ width: 2520, height: 1080 });
  });

  it.each([
    ['no ratio', '', 720], ['a zero side', '16:0', 720], ['text', 'wide', 720], ['a negative side', '-16:9', 720],
    ['an extreme ratio', '10:1', 720], ['a tiny class', '16:9', 50], ['a fractional class', '16:9', 720.5],
  ])('refuses %s', (_label, aspect, sizeClass) => {
    expect(() => planVideoSize(aspect as string, sizeClass as number)).toThrow(RangeError);
  });
});

describe('the MP4 the sandbox encodes for each catalog size', () => {
  // One-second clips: the size of the picture, not the duration, is under test here.
  it.each(CATALOG)('$label: the file has the planned even size and the ratio', async ({ aspect, sizeClass, ratio }) => {
    const { encoded } = planVideoSize(aspect, sizeClass);
    const video = await renderPromptVideo({ prompt: `size check ${aspect}`, seconds: 1, ...encoded });
    const info = inspectMp4(video.mp4);
    expect({ width: info.width, height: info.height }).toEqual(encoded);
    expect([info.width % 2, info.height % 2]).toEqual([0, 0]);
    expect(ratioError(info.width, info.height, ratio)).toBeLessThanOrEqual(VIDEO_RATIO_TOLERANCE);
  });

  it('encodes a ratio off the catalog (21:9 at 1080p) at its ratio too', async () => {
    const { encoded } = planVideoSize('21:9', 1080);
    const info = inspectMp4((await renderPromptVideo({ prompt: 'cinemascope', seconds: 1, ...encoded })).mp4);
    expect(ratioError(info.width, info.height, 21 / 9)).toBeLessThanOrEqual(VIDEO_RATIO_TOLERANCE);
    expect([info.width % 2, info.height % 2]).toEqual([0, 0]);
  });
});
