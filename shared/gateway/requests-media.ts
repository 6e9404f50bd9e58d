/** Request schemas of the media APIs: images (2.15), videos (4.7, 4.8), speech (4.10). */
import { z } from 'zod';
import {
  GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, MULTIPART_VIDEO_MODELS, MULTIPART_VIDEO_SECONDS, MULTIPART_VIDEO_SIZES,
  SPEECH_FORMATS, SPEECH_LIMITS, SPEECH_MODELS, SPEECH_VOICES, type ImageModelSpec,
} from './catalog.js';
import { msg, zodMessage } from '../messages/index.js';
import { bool, httpUrl, imageRef, int, num, oneOf, quoted, text } from './rules.js';

const asTuple = (values: readonly string[]) => values as unknown as readonly [string, ...string[]];

/**
 * One strict schema per image model: a parameter the model does not have is refused by name.
 * `standIn`: references the caller resolves itself, taken in place of a picture (rules.ts, imageRef).
 */
export function imageRequestSchema(spec: ImageModelSpec, standIn?: (s: string) => boolean) {
  const forModel = msg('rules.param.forModel', { model: spec.id });
  return z.strictObject({
    model: z.literal(spec.id),
    prompt: text('prompt'),
    size: oneOf('size', asTuple(spec.sizes), forModel).optional(),
    resolution: oneOf('resolution', asTuple(spec.resolutions), forModel).optional(),
    n: int('n', spec.n.min, spec.n.max).optional(),
    image_urls: z.array(imageRef('image_urls', standIn), { error: zodMessage('rules.request.imageUrlsArray') })
      .max(spec.maxReferences, { error: zodMessage('rules.request.imageUrlsMax', { max: spec.maxReferences, forModel }) }).optional(),
    ...(spec.sequential ? { sequential_image_generation: oneOf('sequential_image_generation', ['disabled', 'auto']).optional() } : {}),
    ...(spec.watermark ? { watermark: bool('watermark').optional() } : {}),
  }, { error: (iss) => (iss.code === 'unrecognized_keys' ? zodMessage('rules.param.notAParameter', { keys: quoted(iss.keys), model: spec.id }) : undefined) });
}

export const ImageRequest = z.looseObject({ model: oneOf('model', asTuple(Object.keys(IMAGE_MODELS))) });
export interface ImageRequest {
  model: string;
  prompt: string;
  size?: string;
  resolution?: string;
  n?: number;
  image_urls?: string[];
  sequential_image_generation?: 'disabled' | 'auto';
  watermark?: boolean;
}

export function videoRequestSchema(modelId: string) {
  const spec = GENERATIONS_VIDEO_MODELS[modelId];
  const forModel = msg('rules.param.forModel', { model: modelId });
  return z.strictObject({
    model: z.literal(modelId),
    prompt: text('prompt'),
    duration: int('duration', spec.duration.min, spec.duration.max).optional(),
    aspect_ratio: oneOf('aspect_ratio', asTuple(spec.aspectRatios), forModel).optional(),
    image_url: httpUrl('image_url').optional(),
  }, { error: (iss) => (iss.code === 'unrecognized_keys' ? zodMessage('rules.param.notAParameter', { keys: quoted(iss.keys), model: modelId }) : undefined) });
}
export const VideoRequest = z.looseObject({ model: oneOf('model', asTuple(Object.keys(GENERATIONS_VIDEO_MODELS))) });
export interface VideoRequest {
  model: string;
  prompt: string;
  duration?: number;
  aspect_ratio?: string;
  image_url?: string;
}

/** Multipart route: every field is a form string (spec 4.8). */
export const MultipartVideoRequest = z.strictObject({
  model: oneOf('model', MULTIPART_VIDEO_MODELS),
  prompt: text('prompt'),
  seconds: oneOf('seconds', MULTIPART_VIDEO_SECONDS).optional(),
  size: oneOf('size', MULTIPART_VIDEO_SIZES).optional(),
  watermark: oneOf('watermark', ['true', 'false']).optional(),
});
export type MultipartVideoRequest = z.infer<typeof MultipartVideoRequest>;

const voices = Object.keys(SPEECH_VOICES) as [keyof typeof SPEECH_VOICES, ...(keyof typeof SPEECH_VOICES)[]];

export const SpeechRequest = z.looseObject({
  model: oneOf('model', SPEECH_MODELS),
  input: text('input', SPEECH_LIMITS.maxInputChars),
  voice: oneOf('voice', voices),
  response_format: oneOf('response_format', SPEECH_FORMATS).optional(),
  speed: num('speed', SPEECH_LIMITS.speed.min, SPEECH_LIMITS.speed.max).optional(),
});
export type SpeechRequest = z.infer<typeof SpeechRequest>;
