import { describe, expect, it } from 'vitest';
import {
  GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, imagePixelSize, MULTIPART_VIDEO_SECONDS, MULTIPART_VIDEO_SIZES, SPEECH_FORMATS,
  SPEECH_VOICES, type ResolutionClass,
} from './catalog.js';
import { check } from './rules.js';
import { imageRequestSchema, MultipartVideoRequest, SpeechRequest, videoRequestSchema } from './requests-media.js';

// Every row of spec 2.15, 4.7, 4.8 and 4.10, checked against the catalog's schemas.
const ALL_SIZES = ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9', '9:21', '4:5', '5:4'];
const SPEC_IMAGE_ROWS = {
  'seedream-4-5': { sizes: ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9', '9:21'], resolutions: ['2K', '4K'], n: [1, 15], seq: true, watermark: true },
  'seedream-4-0': { sizes: ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'], resolutions: ['1K', '2K', '4K'], n: [1, 4], seq: false, watermark: false },
  'modela-4o-image': { sizes: ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'], resolutions: ['1K', '2K'], n: [1, 4], seq: false, watermark: false },
} as const;

describe('image models (spec 2.15)', () => {
  for (const [model, row] of Object.entries(SPEC_IMAGE_ROWS)) {
    const schema = imageRequestSchema(IMAGE_MODELS[model]);
    const ok = (extra: Record<string, unknown>) => check(schema, { model, prompt: 'p', ...extra }).ok;

    it(`${model}: exactly the spec's sizes`, () => {
      for (const size of ALL_SIZES) expect(ok({ size }), size).toBe((row.sizes as readonly string[]).includes(size));
    });
    it(`${model}: exactly the spec's resolutions`, () => {
      for (const resolution of ['1K', '2K', '4K', '8K']) expect(ok({ resolution }), resolution).toBe((row.resolutions as readonly string[]).includes(resolution));
    });
    it(`${model}: n from ${row.n[0]} to ${row.n[1]}, a JSON integer`, () => {
      expect(ok({ n: row.n[0] })).toBe(true);
      expect(ok({ n: row.n[1] })).toBe(true);
      expect(ok({ n: row.n[0] - 1 })).toBe(false);
      expect(ok({ n: row.n[1] + 1 })).toBe(false);
      expect(ok({ n: String(row.n[0]) })).toBe(false);
    });
    it(`${model}: sequential generation ${row.seq ? 'offered' : 'absent'}, watermark ${row.watermark ? 'offered' : 'absent'}`, () => {
      expect(ok({ sequential_image_generation: 'auto' })).toBe(row.seq);
      expect(ok({ watermark: true })).toBe(row.watermark);
    });
    it(`${model}: at most 10 reference images, URLs or data URIs`, () => {
      expect(ok({ image_urls: Array(10).fill('https://example.com/a.png') })).toBe(true);
      expect(ok({ image_urls: Array(11).fill('https://example.com/a.png') })).toBe(false);
      expect(ok({ image_urls: ['data:image/png;base64,AAAA'] })).toBe(true);
      expect(ok({ image_urls: ['ftp://example.com/a.png'] })).toBe(false);
    });
  }

  it('defaults follow the spec', () => {
    expect(IMAGE_MODELS['seedream-4-5']).toMatchObject({ defaultSize: '1:1', defaultResolution: '2K', n: { default: 1 } });
    expect(IMAGE_MODELS['seedream-4-0']).toMatchObject({ defaultSize: '1:1', defaultResolution: '1K', n: { default: 1 } });
  });

  it('pixel sizes keep the aspect ratio and the resolution class', () => {
    for (const resolution of ['1K', '2K', '4K'] as ResolutionClass[]) {
      for (const size of ALL_SIZES) {
        const { width, height } = imagePixelSize(size, resolution);
        const [rw, rh] = size.split(':').map(Number);
        expect(width / height, `${size} ${resolution}`).toBeCloseTo(rw / rh, 1);
        const side = 1024 * Number(resolution[0]);
        expect(Math.abs(width * height - side * side) / (side * side)).toBeLessThan(0.03);
        expect(width % 16 + height % 16).toBe(0);
      }
    }
  });
});

describe('video models (spec 4.7, 4.8)', () => {
  const rows = { 'modelf-hailuo-02': { d: [5, 10], aspects: ['16:9', '9:16', '1:1'] }, modelg3: { d: [5, 15], aspects: ['16:9', '9:16'] } };
  for (const [model, row] of Object.entries(rows)) {
    const ok = (extra: Record<string, unknown>) => check(videoRequestSchema(model), { model, prompt: 'p', ...extra }).ok;
    it(`${model}: duration ${row.d[0]}–${row.d[1]} s and its aspect ratios`, () => {
      expect(GENERATIONS_VIDEO_MODELS[model].duration.default).toBe(5);
      for (let d = row.d[0] - 1; d <= row.d[1] + 1; d++) expect(ok({ duration: d }), String(d)).toBe(d >= row.d[0] && d <= row.d[1]);
      for (const a of ['16:9', '9:16', '1:1', '4:3']) expect(ok({ aspect_ratio: a }), a).toBe(row.aspects.includes(a));
      expect(ok({ image_url: 'https://example.com/a.png' })).toBe(true);
    });
  }

  it('the multipart route takes the spec\'s form strings only', () => {
    const ok = (extra: Record<string, unknown>) => check(MultipartVideoRequest, { model: 'wan2.6-t2v-preview', prompt: 'p', ...extra }).ok;
    expect(MULTIPART_VIDEO_SECONDS).toEqual(['3', '5', '10']);
    expect(MULTIPART_VIDEO_SIZES).toEqual(['1920*1080', '1080*1920', '1280*720', '720*1280']);
    for (const seconds of ['3', '5', '10']) expect(ok({ seconds })).toBe(true);
    for (const seconds of ['4', '15', 5]) expect(ok({ seconds })).toBe(false);
    for (const watermark of ['true', 'false']) expect(ok({ watermark })).toBe(true);
    expect(ok({ watermark: true })).toBe(false);
    expect(ok({ size: '1920x1080' })).toBe(false);
  });
});

describe('speech (spec 4.10)', () => {
  const ok = (extra: Record<string, unknown>) => check(SpeechRequest, { model: 'tts-1', input: 'hello', voice: 'alloy', ...extra }).ok;
  it('six voices, four formats, two models', () => {
    expect(Object.keys(SPEECH_VOICES)).toEqual(['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer']);
    for (const voice of Object.keys(SPEECH_VOICES)) expect(ok({ voice })).toBe(true);
    for (const f of SPEECH_FORMATS) expect(ok({ response_format: f })).toBe(true);
    expect(ok({ response_format: 'wav' })).toBe(false);
    expect(ok({ model: 'tts-1-hd' })).toBe(true);
  });
  it('speed 0.25 to 4 and input up to 4096 characters', () => {
    for (const [speed, accepted] of [[0.25, true], [4, true], [0.24, false], [4.01, false]] as const) expect(ok({ speed })).toBe(accepted);
    expect(ok({ input: 'x'.repeat(4096) })).toBe(true);
    expect(ok({ input: 'x'.repeat(4097) })).toBe(false);
  });
});
