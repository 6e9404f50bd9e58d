/**
 * A job's request, checked by the contract (shared/contract/job-request.ts), turned into the
 * gateway request of its route (spec 4.6, 4.7, 4.8). A request read back from the task list (a
 * retry, a queued job sent after a restart) was written by an older or damaged file perhaps, so
 * it is checked again by the same schema before it is sent.
 */
import { JobRequest } from '@shared/contract/job-request.js';
import { check } from '@shared/gateway/index.js';
import { coreError } from '../errors.js';
import type { CallSpec } from '../gateway/client.js';
import type { JobRecord } from './job-record.js';

export type JobSpec = JobRequest;

export interface PreparedJob {
  route: JobRecord['route'];
  kind: JobRecord['kind'];
  model: string;
  prompt: string;
  params: Record<string, unknown>;
  call: CallSpec;
}

/** The gateway call of a request the contract checked (its stand-ins resolved by the caller). */
export function prepareJob(spec: JobSpec): PreparedJob {
  const { model, prompt } = spec.request;
  const params = spec.request as Record<string, unknown>;
  if (spec.route === 'image') return { route: 'generic', kind: 'image', model, prompt, params, call: { method: 'POST', path: '/v1/images/generations', json: spec.request } };
  if (spec.route === 'video') return { route: 'generic', kind: 'video', model, prompt, params, call: { method: 'POST', path: '/v1/videos/generations', json: spec.request } };
  const form = new FormData();
  for (const [k, v] of Object.entries(spec.request)) if (v !== undefined) form.set(k, v);
  return { route: 'multipart', kind: 'video', model, prompt, params, call: { method: 'POST', path: '/v1/videos', form } };
}

/** The request a job was made of, checked again as the contract checks it, to send it (again). */
export function specOf(job: Pick<JobRecord, 'route' | 'kind' | 'params'>): JobSpec {
  const route = job.route === 'multipart' ? 'video-multipart' : job.kind;
  const r = check(JobRequest, { route, request: job.params });
  if (!r.ok) throw coreError('invalid_input', r.problems[0].text, r.problems[0].param);
  return r.value;
}
