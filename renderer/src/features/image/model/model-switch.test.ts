/**
 * Switching model never silently resets what the creator chose: each pair of catalog models,
 * from every ratio, resolution and count the first offers, lands on a draft the second accepts,
 * keeping every value it can and naming each one it had to move (the form says it aloud).
 */
import { describe, expect, it } from 'vitest';
import { IMAGE_MODEL_IDS, IMAGE_MODELS, NATIVE_IMAGE_MODELS, GENERATIONS_VIDEO_MODELS } from '@shared/gateway/catalog.js';
import { i18n } from '../../../i18n/index.js';
import { formatsFor } from '../../../i18n/format.js';
import '../strings/register.js';
import '../../video/strings/register.js';
import { fitImageDraft, INITIAL_DRAFT, validate, type ImageDraft } from './image-draft.js';
import { nearestRatio } from '../../../components/generator/ratios.js';
import { checkVideo, fitVideoDraft, INITIAL_VIDEO_DRAFT } from '../../video/model/video-draft.js';

const t = i18n.getFixedT('en', 'image');
const tv = i18n.getFixedT('en', 'video');
const f = formatsFor('en');
const ALL = [...IMAGE_MODEL_IDS, ...NATIVE_IMAGE_MODELS];

describe('image model switch', () => {
  for (const from of IMAGE_MODEL_IDS) {
    for (const to of ALL.filter((m) => m !== from)) {
      it(`${from} → ${to}: keeps what ${to} accepts, moves the rest to the nearest, and says so`, () => {
        const a = IMAGE_MODELS[from];
        const b = IMAGE_MODELS[to];
        for (const size of a.sizes) {
          for (const resolution of a.resolutions) {
            for (const n of [a.n.min, a.n.max]) {
              const draft: ImageDraft = { ...INITIAL_DRAFT, model: from, prompt: 'a fox', size, resolution, n: String(n) };
              const { patch, changes } = fitImageDraft(draft, to);
              const next = { ...draft, ...patch };
              expect(next.model).toBe(to);
              expect(validate(next, t, f)).toEqual({});
              if (!b) {
                // A native model has no such fields: nothing is lost for the next model that has them.
                expect([next.size, next.resolution, next.n]).toEqual([size, resolution, String(n)]);
                expect(changes).toEqual([]);
                continue;
              }
              expect(next.size).toBe(b.sizes.includes(size) ? size : nearestRatio(size, b.sizes, b.defaultSize));
              expect(b.sizes).toContain(next.size);
              if ((b.resolutions as readonly string[]).includes(resolution)) expect(next.resolution).toBe(resolution);
              expect(next.n).toBe(String(Math.min(n, b.n.max)));
              const moved = (['size', 'resolution', 'n'] as const).filter((k) => next[k] !== draft[k]);
              expect(changes.map((c) => c.field)).toEqual(moved);
              for (const c of changes) expect([c.from, c.to]).toEqual([draft[c.field], next[c.field]]);
            }
          }
        }
      });
    }
  }

  it('moves the issue\'s 21:9 and 12 images to the closest the model offers', () => {
    const draft: ImageDraft = { ...INITIAL_DRAFT, model: 'seedream-4-5', prompt: 'a wide shot', size: '21:9', resolution: '4K', n: '12' };
    expect(fitImageDraft(draft, 'seedream-4-0')).toEqual({
      patch: { model: 'seedream-4-0', size: '16:9', resolution: '4K', n: '4' },
      changes: [
        { field: 'size', from: '21:9', to: '16:9' },
        { field: 'n', from: '12', to: '4' },
      ],
    });
    // modela-4o-image has 21:9 but no 4K: its nearest is 2K.
    expect(fitImageDraft(draft, 'modela-4o-image').patch).toMatchObject({ size: '21:9', resolution: '2K', n: '4' });
    expect(fitImageDraft({ ...draft, size: '9:21' }, 'seedream-4-0').patch.size).toBe('9:16');
  });

  it('keeps a half-typed count as typed, for the rules to judge on send', () => {
    const { patch, changes } = fitImageDraft({ ...INITIAL_DRAFT, n: '2.' }, 'seedream-4-0');
    expect(patch.n).toBe('2.');
    expect(changes).toEqual([]);
  });
});

describe('video model switch', () => {
  const ids = Object.keys(GENERATIONS_VIDEO_MODELS);
  for (const from of ids) {
    for (const to of ids.filter((m) => m !== from)) {
      it(`${from} → ${to}: duration and ratio stay valid, each move named`, () => {
        const a = GENERATIONS_VIDEO_MODELS[from];
        const b = GENERATIONS_VIDEO_MODELS[to];
        for (const aspect_ratio of a.aspectRatios) {
          for (const duration of [a.duration.min, a.duration.max]) {
            const draft = { ...INITIAL_VIDEO_DRAFT, model: from, prompt: 'waves', aspect_ratio, duration: String(duration) };
            const { draft: next, changes } = fitVideoDraft(draft, to);
            expect(checkVideo(next, tv, f).problems).toEqual({});
            if (b.aspectRatios.includes(aspect_ratio)) expect(next.aspect_ratio).toBe(aspect_ratio);
            const moved = (['duration', 'aspect_ratio'] as const).filter((k) => next[k] !== draft[k]);
            expect(changes.map((c) => c.field)).toEqual(moved);
          }
        }
      });
    }
  }
});
