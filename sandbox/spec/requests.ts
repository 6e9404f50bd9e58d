/**
 * The sandbox's checks of the media requests and of the text limits, built from its own tables
 * (tables.ts) with the shared rule builders, so a refusal words its problem exactly as the studio's
 * own check does (shared/gateway/rules.ts) while the values allowed are the spec's as the sandbox
 * read them.
 */
import { z } from 'zod';
import { msg, zodMessage } from '@shared/messages/index.js';
import { bool, httpUrl, imageRef, int, num, oneOf, quoted, text } from '@shared/gateway/rules.js';
import { GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, MULTIPART_VIDEO, SPEECH, TEXT_LIMITS, type ImageModelTable, type VideoModelTable } from './tables.js';

const asTuple = (values: readonly string[]) => values as unknown as readonly [string, ...string[]];
const strict = (model: string) => (iss: { code: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? zodMessage('rules.param.notAParameter', { keys: quoted(iss.keys ?? []), model }) : undefined;

/** Which model: checked first, so the rest is judged by that model's own table. */
export const ImageModel = z.looseObject({ model: oneOf('model', asTuple(Object.keys(IMAGE_MODELS))) });
export const VideoModel = z.looseObject({ model: oneOf('model', asTuple(Object.keys(GENERATIONS_VIDEO_MODELS))) });

/** §2.15: one strict schema per model; a parameter the model does not have is refused by name. */
export function imageRequest(model: string, spec: ImageModelTable) {
  const forModel = msg('rules.param.forModel', { model });
  return z.strictObject({
    model: z.literal(model),
    prompt: text('prompt'),
    size: oneOf('size', asTuple(spec.sizes), forModel).optional(),
    resolution: oneOf('resolution', asTuple(spec.resolutions), forModel).optional(),
    n: int('n', spec.n.min, spec.n.max).optional(),
    image_urls: z.array(imageRef('image_urls'), { error: zodMessage('rules.request.imageUrlsArray') })
      .max(spec.maxReferences, { error: zodMessage('rules.request.imageUrlsMax', { max: spec.maxReferences, forModel }) }).optional(),
    ...(spec.sequential ? { sequential_image_generation: oneOf('sequential_image_generation', ['disabled', 'auto']).optional() } : {}),
    ...(spec.watermark ? { watermark: bool('watermark').optional() } : {}),
  }, { error: strict(model) });
}

/** A request imageRequest passed. */
export interface ImageBody {
  model: string;
  prompt: string;
  size?: string;
  resolution?: string;
  n?: number;
  image_urls?: string[];
  sequential_image_generation?: 'disabled' | 'auto';
  watermark?: boolean;
}

/** §4.7. */
export function videoRequest(model: string, spec: VideoModelTable) {
  const forModel = msg('rules.param.forModel', { model });
  return z.strictObject({
    model: z.literal(model),
    prompt: text('prompt'),
    duration: int('duration', spec.duration.min, spec.duration.max).optional(),
    aspect_ratio: oneOf('aspect_ratio', asTuple(spec.aspectRatios), forModel).optional(),
    image_url: httpUrl('image_url').optional(),
  }, { error: strict(model) });
}

/** A request videoRequest passed. */
export interface VideoBody {
  model: string;
  prompt: string;
  duration?: number;
  aspect_ratio?: string;
  image_url?: string;
}

/** §4.8: every field a form string. */
export const MultipartVideoRequest = z.strictObject({
  model: oneOf('model', MULTIPART_VIDEO.models),
  prompt: text('prompt'),
  seconds: oneOf('seconds', MULTIPART_VIDEO.seconds).optional(),
  size: oneOf('size', MULTIPART_VIDEO.sizes).optional(),
  watermark: oneOf('watermark', ['true', 'false']).optional(),
});

/** §4.10. */
export const SpeechRequest = z.looseObject({
  model: oneOf('model', SPEECH.models),
  input: text('input', SPEECH.maxInputChars),
  voice: oneOf('voice', SPEECH.voices),
  response_format: oneOf('response_format', SPEECH.formats).optional(),
  speed: num('speed', SPEECH.speed.min, SPEECH.speed.max).optional(),
});

const L = TEXT_LIMITS;
const stopError = zodMessage('rules.request.stop', { max: L.stopSequences });

/**
 * §8's limits of a chat or responses request, checked before the request's shape: the shape is
 * the studio's wire format (shared/gateway), the limits the sandbox's own reading of the spec.
 */
export const TextLimits = z.looseObject({
  temperature: num('temperature', L.temperature.min, L.temperature.max).optional(),
  top_p: num('top_p', L.top_p.min, L.top_p.max).optional(),
  frequency_penalty: num('frequency_penalty', L.frequency_penalty.min, L.frequency_penalty.max).optional(),
  presence_penalty: num('presence_penalty', L.presence_penalty.min, L.presence_penalty.max).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(L.stopSequences)], { error: stopError }).optional(),
  n: int('n', L.n.min, L.n.max).optional(),
});

/** §8's limits that apply to a responses request. */
export const ResponsesLimits = z.looseObject({
  temperature: num('temperature', L.temperature.min, L.temperature.max).optional(),
  top_p: num('top_p', L.top_p.min, L.top_p.max).optional(),
});
