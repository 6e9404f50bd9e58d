/** Spec 4.7 (JSON generations route) and 4.8 (multipart route) video submissions. */
import busboy from 'busboy';
import { check } from '@shared/gateway/index.js';
import { GENERATIONS_VIDEO_MODELS, MULTIPART_VIDEO } from '../spec/tables.js';
import { MultipartVideoRequest, VideoModel, videoRequest, type VideoBody } from '../spec/requests.js';
import { GatewayError, invalid, readJson, sendEnvelope } from '../core/http.js';
import { videoCost, videoSizeClass } from '../core/prices.js';
import { chargeMedia } from '../core/billing.js';
import type { Call, Route } from '../core/context.js';

/** The model-side prompt rewrite of the multipart route (`actual_prompt`). */
export const rewritePrompt = (p: string) => `${p.trim().replace(/[.。!！]+$/, '')}, cinematic lighting, smooth camera motion, rich detail, 24 fps`;

function readForm(call: Call, limit: number): Promise<Record<string, string>> {
  const type = String(call.req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data\b/i.test(type)) {
    return Promise.reject(new GatewayError(415, `POST /v1/videos takes multipart/form-data, not '${type || 'no content type'}'`));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const bb = busboy({ headers: call.req.headers, limits: { fieldSize: limit, files: 0 } });
    bb.on('field', (name, value) => { fields[name] = value; });
    bb.on('filesLimit', () => reject(new GatewayError(400, 'POST /v1/videos takes form fields only, no files')));
    bb.on('error', (e) => reject(new GatewayError(400, `Malformed multipart body: ${(e as Error).message}`)));
    bb.on('close', () => resolve(fields));
    call.req.pipe(bb);
  });
}

export const videoRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/videos\/generations$/,
    auth: true,
    async handler(s, call) {
      const body = await readJson(call.req, s.maxBodyBytes);
      // Judged by the sandbox's own reading of the spec (spec/tables.ts), not the studio's.
      const head = check(VideoModel, body);
      if (!head.ok) throw invalid(head.problems);
      const checked = check(videoRequest(head.value.model, GENERATIONS_VIDEO_MODELS[head.value.model]), body);
      if (!checked.ok) throw invalid(checked.problems);
      const r = checked.value as VideoBody;
      const spec = GENERATIONS_VIDEO_MODELS[r.model];
      const seconds = r.duration ?? spec.duration.default;
      const aspect = r.aspect_ratio ?? spec.defaultAspectRatio;
      // This route renders at 720p (sandbox/README.md), and is billed as such.
      const cost = videoCost(r.model, seconds, '720p');
      const charge = chargeMedia(s, call, { model: r.model, units: { seconds, size: '720p' }, amount: cost });
      const failure = s.faults.nextTaskFailure();
      const task = s.tasks.create({
        key: call.account.key, route: 'generic', kind: 'video', model: r.model, prompt: r.prompt,
        params: { seconds, aspect, imageUrl: r.image_url },
        durationMs: 45_000 + 3_000 * seconds, costUnits: cost, chargeSeq: charge.seq, failMessage: failure?.message, staysBilled: failure?.billed,
      });
      s.accounts.linkTask(call.account, charge.seq, task.id);
      sendEnvelope(call.res, { status: 'submitted', task_id: task.id });
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/videos$/,
    auth: true,
    async handler(s, call) {
      const checked = check(MultipartVideoRequest, await readForm(call, 64 * 1024));
      if (!checked.ok) throw invalid(checked.problems);
      const r = { ...MULTIPART_VIDEO.defaults, ...checked.value };
      const seconds = Number(r.seconds);
      const [w, h] = r.size.split('*').map(Number);
      const size = videoSizeClass(w, h);
      const cost = videoCost(r.model, seconds, size);
      const charge = chargeMedia(s, call, { model: r.model, units: { seconds, size }, amount: cost });
      const failure = s.faults.nextTaskFailure();
      const task = s.tasks.create({
        key: call.account.key, route: 'multipart', kind: 'video', model: r.model, prompt: r.prompt, actualPrompt: rewritePrompt(r.prompt),
        params: { seconds, aspect: w >= h ? (w === h ? '1:1' : '16:9') : '9:16', requested: `${w}×${h}`, sizeClass: size, watermark: r.watermark === 'true' },
        durationMs: 45_000 + 3_000 * seconds, costUnits: cost, chargeSeq: charge.seq, failMessage: failure?.message, staysBilled: failure?.billed,
      });
      s.accounts.linkTask(call.account, charge.seq, task.id);
      sendEnvelope(call.res, { task_id: task.id, task_status: 'PENDING' });
    },
  },
];
