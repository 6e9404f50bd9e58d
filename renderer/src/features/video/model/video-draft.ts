/**
 * The Video tab's form as data: its draft, the checks made before anything is sent (the same
 * rules the host applies, from the catalog, so a mistake costs nothing), and the request of
 * each route. Pure, so the tab stays about layout.
 */
import type { TFunction } from 'i18next';
import type { MultipartVideoRequest } from '@shared/gateway/requests-media.js';
import type { SubmitTaskInput } from '@shared/contract/index.js';
import type { Formats } from '../../../i18n/format.js';
import { unrestoredOf, type Remix } from '../../../state/remix-store.js';
import { nearestRatio } from '../../../components/generator/ratios.js';
import {
  GENERATIONS_VIDEO_MODELS,
  MULTIPART_VIDEO_DEFAULTS,
  MULTIPART_VIDEO_MODELS,
  MULTIPART_VIDEO_SECONDS,
  MULTIPART_VIDEO_SIZES,
} from '@shared/gateway/catalog.js';

export const GENERATIONS_MODELS = Object.keys(GENERATIONS_VIDEO_MODELS);
export const VIDEO_FIELDS = ['model', 'prompt', 'duration', 'aspect_ratio', 'image_url', 'seconds', 'size', 'watermark'] as const;
export type VideoField = (typeof VIDEO_FIELDS)[number];
export type VideoProblems = Partial<Record<VideoField, string>>;

/** Numbers are kept as typed (strings) so a half-typed value is shown, then checked on submit. */
export interface VideoDraft {
  model: string;
  prompt: string;
  duration: string;
  aspect_ratio: string;
  image_url: string;
  seconds: string;
  size: string;
  watermark: boolean;
}

const FIRST = GENERATIONS_VIDEO_MODELS['modelf-hailuo-02'];

export const INITIAL_VIDEO_DRAFT: VideoDraft = {
  model: FIRST.id,
  prompt: '',
  duration: String(FIRST.duration.default),
  aspect_ratio: FIRST.defaultAspectRatio,
  image_url: '',
  seconds: MULTIPART_VIDEO_DEFAULTS.seconds,
  size: MULTIPART_VIDEO_DEFAULTS.size,
  // The spec's default is the form string 'false'.
  watermark: (MULTIPART_VIDEO_DEFAULTS.watermark as string) === 'true',
};

export const isMultipartModel = (model: string) => (MULTIPART_VIDEO_MODELS as readonly string[]).includes(model);
const isKnownModel = (model: string) => isMultipartModel(model) || model in GENERATIONS_VIDEO_MODELS;

/** A setting the new model does not offer, and the nearest one it does, put in its place. */
export interface VideoModelChange {
  field: 'duration' | 'aspect_ratio';
  from: string;
  to: string;
}

/**
 * Switching model keeps what still applies and moves the rest to the new model's nearest
 * allowed value (a 15 s modelg3 clip becomes 10 s on hailuo, 1:1 the closest ratio offered),
 * naming each move in `changes` so the form can say it, and the form is never invalid just
 * because the model changed. A half-typed duration is kept as typed: the rules judge it on send.
 */
export function fitVideoDraft(d: VideoDraft, model: string): { draft: VideoDraft; changes: VideoModelChange[] } {
  const spec = GENERATIONS_VIDEO_MODELS[model];
  if (!spec) return { draft: { ...d, model }, changes: [] };
  const typed = d.duration.trim();
  const duration = /^\d+$/.test(typed) ? String(Math.min(spec.duration.max, Math.max(spec.duration.min, Number(typed)))) : typed ? d.duration : String(spec.duration.default);
  const aspect_ratio = nearestRatio(d.aspect_ratio, spec.aspectRatios, spec.defaultAspectRatio);
  const changes: VideoModelChange[] = [];
  if (/^\d+$/.test(typed) && duration !== typed) changes.push({ field: 'duration', from: typed, to: duration });
  if (aspect_ratio !== d.aspect_ratio) changes.push({ field: 'aspect_ratio', from: d.aspect_ratio, to: aspect_ratio });
  return { draft: { ...d, model, duration, aspect_ratio }, changes };
}

export const fitToModel = (d: VideoDraft, model: string): VideoDraft => fitVideoDraft(d, model).draft;

const PUBLIC_URL = /^https?:\/\/[^\s/]+\S*$/i;

/**
 * Every problem of the draft by field, in the language shown (`t`, `f`), and the request to
 * send when there is none.
 */
export function checkVideo(d: VideoDraft, t: TFunction<'video'>, f: Formats): { problems: VideoProblems; request?: SubmitTaskInput } {
  const problems: VideoProblems = {};
  const list = (values: readonly string[]) => values.join(t('draft.listSeparator'));
  const prompt = d.prompt.trim();
  if (!prompt) problems.prompt = t('draft.noPrompt');
  if (!isKnownModel(d.model)) problems.model = t('draft.unknownModel');

  if (isMultipartModel(d.model)) {
    if (!(MULTIPART_VIDEO_SECONDS as readonly string[]).includes(d.seconds)) problems.seconds = t('draft.seconds', { values: list(MULTIPART_VIDEO_SECONDS) });
    if (!(MULTIPART_VIDEO_SIZES as readonly string[]).includes(d.size)) problems.size = t('draft.size');
    if (Object.keys(problems).length) return { problems };
    // The multipart route takes form strings, exactly as spec 4.8 lists them.
    return {
      problems,
      // Each value is one the checks above found in the catalog's lists.
      request: { route: 'video-multipart', request: { model: d.model, prompt, seconds: d.seconds, size: d.size, watermark: String(d.watermark) } as MultipartVideoRequest },
    };
  }

  const spec = GENERATIONS_VIDEO_MODELS[d.model];
  const duration = Number(d.duration);
  if (spec && (!/^\s*\d+\s*$/.test(d.duration) || duration < spec.duration.min || duration > spec.duration.max)) {
    problems.duration = t('draft.duration', { model: spec.id, min: f.number(spec.duration.min), max: f.number(spec.duration.max) });
  }
  if (spec && !spec.aspectRatios.includes(d.aspect_ratio)) problems.aspect_ratio = t('draft.aspectRatio', { model: spec.id, values: list(spec.aspectRatios) });
  const imageUrl = d.image_url.trim();
  if (imageUrl && !PUBLIC_URL.test(imageUrl)) problems.image_url = t('draft.imageUrl');
  if (Object.keys(problems).length) return { problems };
  // Numbers go as JSON numbers (spec 4.7); the image is sent only when there is one.
  const request = { model: d.model, prompt, duration, aspect_ratio: d.aspect_ratio, ...(imageUrl ? { image_url: imageUrl } : {}) };
  return { problems, request: { route: 'video', request } };
}

/** Seconds of video the draft asks for, or undefined while the duration is not valid yet. */
export function requestedSeconds(d: VideoDraft): number | undefined {
  const n = Number(isMultipartModel(d.model) ? d.seconds : d.duration);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** A Gallery remix as a draft patch: only the values this form has, each as the form keeps it. */
export function draftFromRemix(remix: Remix, current: VideoDraft): VideoDraft {
  const p = remix.params;
  const model = isKnownModel(remix.model) ? remix.model : current.model;
  const next: VideoDraft = {
    ...current,
    model,
    prompt: remix.prompt,
    duration: str(p.duration) ?? current.duration,
    aspect_ratio: str(p.aspect_ratio) ?? current.aspect_ratio,
    image_url: str(p.image_url) ?? '',
    seconds: str(p.seconds) ?? current.seconds,
    size: str(p.size) ?? current.size,
    watermark: p.watermark === undefined ? current.watermark : str(p.watermark) === 'true',
  };
  return fitToModel(next, model);
}

/** The parameters each route's form has, as the request names them. */
const MULTIPART_KEYS: readonly VideoField[] = ['seconds', 'size', 'watermark'];
const GENERATIONS_KEYS: readonly VideoField[] = ['duration', 'aspect_ratio', 'image_url'];

/**
 * The item's parameters the remixed draft does not hold as they were (a duration moved to what
 * the model allows, a setting the form has no control for), so the Gallery's notice names them.
 */
export function remixUnrestored(remix: Remix, draft: VideoDraft): string[] {
  const keys = isMultipartModel(draft.model) ? MULTIPART_KEYS : GENERATIONS_KEYS;
  const held = (key: string, v: unknown) => (keys as readonly string[]).includes(key) && draft[key as VideoField] !== undefined && String(draft[key as VideoField]) === str(v);
  return unrestoredOf(remix, held, isKnownModel(remix.model));
}
