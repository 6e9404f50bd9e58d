/**
 * The request of a job, typed end to end: what `tasks.submit` and `tasks.submitBatch` take, one
 * schema per route and, inside it, per model (spec 2.15, 4.7, 4.8), built from the gateway's own
 * request schemas (shared/gateway). The contract checks it once, at the boundary: a wrong type, a
 * value out of range or a parameter the model does not have is refused there with the field named,
 * before the host does anything. A reference picture may be the studio's stand-in
 * `attachment:<id>`, which the host turns into the picture only for the call.
 */
import { z } from 'zod';
import {
  GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, imageRequestSchema, MultipartVideoRequest, videoRequestSchema,
} from '../gateway/index.js';
import { zodMessage } from '../messages/index.js';
import { ATTACHMENT_PREFIX } from './media.js';
import { Lineage } from './lineage-ref.js';

const standIn = (s: string) => s.startsWith(ATTACHMENT_PREFIX) && s.length > ATTACHMENT_PREFIX.length;

/** A model the route does not have is refused by name, with the ones it has. */
const modelError = (models: string[]) => (iss: { code?: string }) =>
  (iss.code === 'invalid_union' ? zodMessage('rules.param.oneOf', { name: 'model', values: models.join(', '), forModel: '' }) : undefined);

type Variants<T> = [T, ...T[]];
const imageModels = Object.keys(IMAGE_MODELS);
const videoModels = Object.keys(GENERATIONS_VIDEO_MODELS);

export const ImageJobRequest = z.discriminatedUnion(
  'model',
  imageModels.map((m) => imageRequestSchema(IMAGE_MODELS[m], standIn)) as Variants<ReturnType<typeof imageRequestSchema>>,
  { error: modelError(imageModels) },
);
export type ImageJobRequest = z.infer<typeof ImageJobRequest>;

export const VideoJobRequest = z.discriminatedUnion(
  'model',
  videoModels.map((m) => videoRequestSchema(m)) as Variants<ReturnType<typeof videoRequestSchema>>,
  { error: modelError(videoModels) },
);
export type VideoJobRequest = z.infer<typeof VideoJobRequest>;

export const JobRequest = z.discriminatedUnion('route', [
  // `lineage`: where its inputs came from, as far as the page knows (docs/library-files.md, "Lineage").
  z.object({ route: z.literal('image'), request: ImageJobRequest, lineage: Lineage.optional() }),
  z.object({ route: z.literal('video'), request: VideoJobRequest, lineage: Lineage.optional() }),
  z.object({ route: z.literal('video-multipart'), request: MultipartVideoRequest, lineage: Lineage.optional() }),
]);
export type JobRequest = z.infer<typeof JobRequest>;
