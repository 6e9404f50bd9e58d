/**
 * A Gallery remix restores every parameter the generator forms know. The host saves a job's
 * request as the item's parameters (host/tasks/result-saver.ts) and a spoken item's voice, format
 * and speed (host/media/generators.ts); a remix of that item, put back into the form, must send
 * the very same request again, every model of the catalog, with nothing named as lost. What a
 * form has no control for is named, never dropped in silence.
 */
import { describe, expect, it } from 'vitest';
import { IMAGE_MODEL_IDS, IMAGE_MODELS, GENERATIONS_VIDEO_MODELS, MULTIPART_VIDEO_MODELS, SPEECH_FORMATS, SPEECH_MODELS } from '@shared/gateway/catalog.js';
import { i18n } from '../i18n/index.js';
import { formatsFor } from '../i18n/format.js';
import '../features/video/strings/register.js';
import '../features/speech/strings/register.js';
import { asyncRequest, fromRemix, INITIAL_DRAFT, remixUnrestored as imageUnrestored, type ImageDraft } from '../features/image/model/image-draft.js';
import { checkVideo, draftFromRemix as videoFromRemix, INITIAL_VIDEO_DRAFT, remixUnrestored as videoUnrestored, type VideoDraft } from '../features/video/model/video-draft.js';
import { checkSpeech, draftFromRemix as speechFromRemix, INITIAL_SPEECH_DRAFT, remixUnrestored as speechUnrestored } from '../features/speech/model/speech-draft.js';
import type { Remix } from './remix-store.js';

const f = formatsFor('en');
const LINK = 'https://example.com/sketch.png';
const last = <T>(list: readonly T[]) => list[list.length - 1];

describe('Remix into the Image form', () => {
  for (const model of IMAGE_MODEL_IDS) {
    it(`${model}: model, prompt, size, resolution, n, group, watermark and the reference come back, the request is the same`, () => {
      const spec = IMAGE_MODELS[model];
      const draft: ImageDraft = {
        ...INITIAL_DRAFT, model, prompt: 'a lighthouse', size: last(spec.sizes), resolution: last(spec.resolutions), n: String(spec.n.max),
        sequential: spec.sequential, watermark: spec.watermark, refs: [{ kind: 'url', id: 'r1', url: LINK }],
      };
      const sent = asyncRequest(draft);
      const remix: Remix = { kind: 'image', model, prompt: 'a lighthouse', params: sent, references: [{ kind: 'url', url: LINK }] };
      const patch = fromRemix(remix);
      expect(asyncRequest({ ...INITIAL_DRAFT, ...patch })).toEqual(sent);
      expect(imageUnrestored(remix, patch)).toEqual([]);
    });
  }

  it('names what the form has no control for, or a value this model does not offer', () => {
    const remix: Remix = { kind: 'image', model: 'seedream-4-0', prompt: 'p', params: { size: '21:9', resolution: '2K', n: 2, seed: 7, quality: 'hd', style: 'vivid' } };
    expect(imageUnrestored(remix, fromRemix(remix))).toEqual(['size', 'seed', 'quality', 'style']);
  });

  it('a model the studio does not know keeps the prompt and names the model and every setting', () => {
    const remix: Remix = { kind: 'image', model: 'sd_xl_base_1.0', prompt: 'p', params: { steps: 20, cfg_scale: 7 } };
    expect(fromRemix(remix)).toEqual({ prompt: 'p' });
    expect(imageUnrestored(remix, fromRemix(remix))).toEqual(['model', 'steps', 'cfg_scale']);
  });

  it("a native picture's references come back through the host, so its record names nothing lost", () => {
    const remix: Remix = { kind: 'image', model: 'modelc-2.5-flash-image-preview', prompt: 'p', params: { edit: true, references: ['a.png'], attachmentIds: ['x'] } };
    expect(imageUnrestored(remix, fromRemix(remix))).toEqual([]);
  });
});

describe('Remix into the Video form', () => {
  const tv = i18n.getFixedT('en', 'video');
  const drafts: VideoDraft[] = [
    ...Object.values(GENERATIONS_VIDEO_MODELS).map((spec) => ({
      ...INITIAL_VIDEO_DRAFT, model: spec.id, prompt: 'waves', duration: String(spec.duration.max), aspect_ratio: last(spec.aspectRatios), image_url: LINK,
    })),
    ...MULTIPART_VIDEO_MODELS.map((model) => ({ ...INITIAL_VIDEO_DRAFT, model, prompt: 'waves', seconds: '10', size: '1920*1080', watermark: true })),
  ];
  for (const draft of drafts) {
    it(`${draft.model}: every setting and the start image come back, the request is the same`, () => {
      const sent = checkVideo(draft, tv, f).request!;
      expect(sent).toBeDefined();
      const remix: Remix = { kind: 'video', model: draft.model, prompt: draft.prompt, params: sent.request as Record<string, unknown> };
      const next = videoFromRemix(remix, INITIAL_VIDEO_DRAFT);
      expect(checkVideo(next, tv, f).request).toEqual(sent);
      expect(videoUnrestored(remix, next)).toEqual([]);
    });
  }

  it('names a duration the model does not allow and a setting the form has no control for', () => {
    const remix: Remix = { kind: 'video', model: 'modelf-hailuo-02', prompt: 'p', params: { model: 'modelf-hailuo-02', duration: 15, aspect_ratio: '16:9', fps: 24 } };
    expect(videoUnrestored(remix, videoFromRemix(remix, INITIAL_VIDEO_DRAFT))).toEqual(['duration', 'fps']);
  });
});

describe('Remix into the Speech form', () => {
  const ts = i18n.getFixedT('en', 'speech');
  for (const model of SPEECH_MODELS) {
    it(`${model}: voice, format and speed come back, the request is the same`, () => {
      const draft = { ...INITIAL_SPEECH_DRAFT, model, input: 'Hello there.', voice: 'fable' as const, response_format: last(SPEECH_FORMATS), speed: '1.5' };
      const sent = checkSpeech(draft, ts, f).request!;
      // What the host saves of a spoken item (host/media/generators.ts).
      const remix: Remix = { kind: 'audio', model, prompt: sent.input, params: { voice: sent.voice, response_format: sent.response_format, speed: sent.speed } };
      const next = speechFromRemix(remix, INITIAL_SPEECH_DRAFT);
      expect(checkSpeech(next, ts, f).request).toEqual(sent);
      expect(speechUnrestored(remix, next)).toEqual([]);
    });
  }

  it('names a voice the form does not offer', () => {
    const remix: Remix = { kind: 'audio', model: 'tts-1', prompt: 'p', params: { voice: 'robot', speed: 1 } };
    expect(speechUnrestored(remix, speechFromRemix(remix, INITIAL_SPEECH_DRAFT))).toEqual(['voice']);
  });
});
