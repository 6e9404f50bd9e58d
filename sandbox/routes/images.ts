/** Spec 4.6 / 2.15: asynchronous image generation, one strict schema per model. */
import { check, imagePixelSize } from '@shared/gateway/index.js';
import { IMAGE_MODELS, REFERENCE_IMAGES, type Resolution } from '../spec/tables.js';
import { ImageModel, imageRequest, type ImageBody } from '../spec/requests.js';
import { invalid, readJson, sendEnvelope } from '../core/http.js';
import { loadReference } from '../core/references.js';
import { imageCost } from '../core/prices.js';
import { chargeMedia } from '../core/billing.js';
import type { Route } from '../core/context.js';

/** Seedream counts inputs and outputs together: references + generated images ≤ 15. */
const MAX_IMAGES_IN_AND_OUT = 15;

export function imageCount(n: number, references: number): number {
  return Math.min(n, Math.max(1, MAX_IMAGES_IN_AND_OUT - references));
}

export const imageRoutes: Route[] = [{
  method: 'POST',
  pattern: /^\/v1\/images\/generations$/,
  auth: true,
  async handler(s, call) {
    const body = await readJson(call.req, s.maxBodyBytes);
    // Judged by the sandbox's own reading of the spec (spec/tables.ts), not the studio's.
    const head = check(ImageModel, body);
    if (!head.ok) throw invalid(head.problems);
    const model = head.value.model;
    const spec = IMAGE_MODELS[model];
    const checked = check(imageRequest(model, spec), body);
    if (!checked.ok) throw invalid(checked.problems);
    const r = checked.value as ImageBody;
    // One after another: the first bad reference is the one the error names.
    const refs = [];
    for (const [i, u] of (r.image_urls ?? []).entries()) refs.push(await loadReference(s, `image_urls.${i}`, u, REFERENCE_IMAGES.formats));
    const size = r.size ?? spec.defaultSize;
    const resolution = (r.resolution ?? spec.defaultResolution) as Resolution;
    const sequential = r.sequential_image_generation === 'auto';
    const count = imageCount(r.n ?? spec.n.default, refs.length);
    const cost = imageCost(model, resolution, count);
    const charge = chargeMedia(s, call, { model, units: { images: count, resolution }, amount: cost });
    const failure = s.faults.nextTaskFailure();
    const task = s.tasks.create({
      key: call.account.key,
      route: 'generic',
      kind: 'image',
      model,
      prompt: r.prompt,
      params: { size, resolution, count, sequential, watermark: r.watermark ?? false, references: refs.map((x) => x.label), ...imagePixelSize(size, resolution) },
      durationMs: 8_000 + 1_000 * (count - 1),
      costUnits: cost,
      chargeSeq: charge.seq,
      failMessage: failure?.message,
      staysBilled: failure?.billed,
    });
    s.accounts.linkTask(call.account, charge.seq, task.id);
    sendEnvelope(call.res, [{ status: 'submitted', task_id: task.id }]);
  },
}];
