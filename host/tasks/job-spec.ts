/**
 * What a creator submits, checked against the catalog's rules before any money is spent, and
 * turned into the gateway request of its route (spec 4.6, 4.7, 4.8).
 */
import { msg } from '@shared/messages/index.js';
import { z } from 'zod';
import {
  check, GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, imageRequestSchema, MultipartVideoRequest, videoRequestSchema,
  type Problem,
} from '@shared/gateway/index.js';
import { coreError } from '../errors.js';
import type { CallSpec } from '../gateway/client.js';
import type { JobRecord } from './job-record.js';

export const JobSpec = z.discriminatedUnion('route', [
  z.object({ route: z.literal('image'), request: z.record(z.string(), z.unknown()) }),
  z.object({ route: z.literal('video'), request: z.record(z.string(), z.unknown()) }),
  z.object({ route: z.literal('video-multipart'), request: z.record(z.string(), z.string()) }),
]);
export type JobSpec = z.infer<typeof JobSpec>;

export interface PreparedJob {
  route: JobRecord['route'];
  kind: JobRecord['kind'];
  model: string;
  prompt: string;
  params: Record<string, unknown>;
  call: CallSpec;
}

function modelProblem(models: string[]): Problem {
  const text = msg('jobs.task.modelOneOf', { models: models.join(', ') });
  return { param: 'model', message: text.message, text };
}

function refuse(problems: Problem[]): never {
  throw coreError('invalid_input', problems[0].text, problems[0].param);
}

export function prepareJob(spec: JobSpec): PreparedJob {
  // Not String(): an array nested thousands deep would exhaust the stack turning into text.
  const model = typeof spec.request.model === 'string' ? spec.request.model : '';
  if (spec.route === 'image') {
    const m = IMAGE_MODELS[model];
    if (!m) refuse([modelProblem(Object.keys(IMAGE_MODELS))]);
    const r = check(imageRequestSchema(m), spec.request);
    if (!r.ok) refuse(r.problems);
    return { route: 'generic', kind: 'image', model, prompt: r.value.prompt, params: r.value, call: { method: 'POST', path: '/v1/images/generations', json: r.value } };
  }
  if (spec.route === 'video') {
    if (!GENERATIONS_VIDEO_MODELS[model]) refuse([modelProblem(Object.keys(GENERATIONS_VIDEO_MODELS))]);
    const r = check(videoRequestSchema(model), spec.request);
    if (!r.ok) refuse(r.problems);
    return { route: 'generic', kind: 'video', model, prompt: r.value.prompt, params: r.value, call: { method: 'POST', path: '/v1/videos/generations', json: r.value } };
  }
  const r = check(MultipartVideoRequest, spec.request);
  if (!r.ok) refuse(r.problems);
  const form = new FormData();
  for (const [k, v] of Object.entries(r.value)) if (v !== undefined) form.set(k, v);
  return { route: 'multipart', kind: 'video', model, prompt: r.value.prompt, params: r.value, call: { method: 'POST', path: '/v1/videos', form } };
}

/** The request a job was made of, to send it (again). */
export function specOf(job: Pick<JobRecord, 'route' | 'kind' | 'params'>): JobSpec {
  const route = job.route === 'multipart' ? 'video-multipart' : job.kind;
  return { route, request: job.params } as JobSpec;
}
