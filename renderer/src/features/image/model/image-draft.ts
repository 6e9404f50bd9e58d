/**
 * The Image tab's draft and its rules, kept apart from the components. The catalog drives which
 * fields exist and what they allow, and the shared schemas (the very ones the host applies)
 * check a draft before it is sent, so a mistake is named at its field before money is spent.
 */
import type { TFunction } from 'i18next';
import { ATTACHMENT_PREFIX, NativeImageInput, type AttachmentView } from '@shared/contract/media.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { IMAGE_MODELS, isNativeImageModel, REFERENCE_IMAGE_MAX_BYTES, type ImageModelSpec, type ResolutionClass } from '@shared/gateway/catalog.js';
import { imageRequestSchema } from '@shared/gateway/requests-media.js';
import { check, type Problem } from '@shared/gateway/rules.js';
import type { Formats } from '../../../i18n/format.js';
import { messageText } from '../../../i18n/messages.js';
import { msg, type Message } from '@shared/messages/message.js';
import { unrestoredOf, type Remix } from '../../../state/remix-store.js';
import { nearestRatio } from '../../../components/generator/ratios.js';

/** A reference image: a file the host holds (with a small local preview) or a public URL. */
export type ImageRef =
  | ({ kind: 'file'; thumb?: string } & AttachmentView)
  | { kind: 'url'; id: string; url: string };

export interface ImageDraft {
  model: string;
  prompt: string;
  size: string;
  resolution: string;
  /** Kept as typed, so a half-typed number is not silently "fixed"; the rules judge it on send. */
  n: string;
  sequential: boolean;
  watermark: boolean;
  refs: ImageRef[];
  /** Compare mode: one prompt sent to each of `compareModels` (2 to 4) at once. */
  compare: boolean;
  compareModels: string[];
}

export const DEFAULT_MODEL = 'seedream-4-5';
/** The contract lets a native edit carry at most four images (NativeImageInput). */
export const NATIVE_MAX_REFERENCES = 4;
const ASYNC_FORMATS = ['image/png', 'image/jpeg'];
/** The native models take inlineData of any common still format (spec 4.5). */
const NATIVE_FORMATS = ['image/png', 'image/jpeg', 'image/webp'];
const MB = 1024 * 1024;

const defaults = (spec: ImageModelSpec) => ({ size: spec.defaultSize, resolution: spec.defaultResolution, n: String(spec.n.default) });

export const INITIAL_DRAFT: ImageDraft = {
  model: DEFAULT_MODEL, prompt: '', ...defaults(IMAGE_MODELS[DEFAULT_MODEL]), sequential: false, watermark: false, refs: [],
  compare: false, compareModels: [],
};

export const isKnownModel = (m: string) => m in IMAGE_MODELS || isNativeImageModel(m);
export const referenceLimit = (model: string) => IMAGE_MODELS[model]?.maxReferences ?? NATIVE_MAX_REFERENCES;
export const refLabel = (r: ImageRef) => (r.kind === 'file' ? r.name : r.url);

/** A setting the new model does not offer, and the nearest one it does, put in its place. */
export interface ModelChange {
  field: 'size' | 'resolution' | 'n';
  from: string;
  to: string;
}

const RESOLUTION_ORDER: readonly string[] = ['1K', '2K', '4K'];

function nearestResolution(wanted: string, spec: ImageModelSpec): ResolutionClass {
  const offered = spec.resolutions;
  if ((offered as readonly string[]).includes(wanted)) return wanted as ResolutionClass;
  const at = RESOLUTION_ORDER.indexOf(wanted);
  if (at < 0) return spec.defaultResolution;
  const distance = (r: string) => Math.abs(RESOLUTION_ORDER.indexOf(r) - at);
  // The default first, so it wins a tie.
  return [spec.defaultResolution, ...offered].reduce((best, r) => (distance(r) < distance(best) ? r : best));
}

/**
 * Switching model keeps every value the new model accepts; a value it does not is moved to the
 * nearest it offers (21:9 to 16:9, 12 images to its maximum) and named in `changes`, so the form
 * can say what changed. A half-typed count is kept as typed: the rules judge it on send. A native
 * model has none of these fields: the values stay in the draft for the next model that has them.
 */
export function fitImageDraft(d: ImageDraft, model: string): { patch: Partial<ImageDraft>; changes: ModelChange[] } {
  const spec = IMAGE_MODELS[model];
  if (!spec) return { patch: { model }, changes: [] };
  const size = nearestRatio(d.size, spec.sizes, spec.defaultSize);
  const resolution = nearestResolution(d.resolution, spec);
  const count = Number(d.n);
  const n = /^\s*\d+\s*$/.test(d.n) ? String(Math.min(spec.n.max, Math.max(spec.n.min, count))) : d.n;
  const changes: ModelChange[] = [];
  if (size !== d.size) changes.push({ field: 'size', from: d.size, to: size });
  if (resolution !== d.resolution) changes.push({ field: 'resolution', from: d.resolution, to: resolution });
  if (n.trim() !== d.n.trim()) changes.push({ field: 'n', from: d.n.trim(), to: n });
  return { patch: { model, size, resolution, n: n === d.n.trim() ? d.n : n }, changes };
}

export const switchModel = (d: ImageDraft, model: string): Partial<ImageDraft> => fitImageDraft(d, model).patch;

/** A Gallery "Remix": the item's model, prompt and whatever of its parameters this form has. */
export function fromRemix(remix: Remix): Partial<ImageDraft> {
  if (!isKnownModel(remix.model)) return { prompt: remix.prompt };
  const spec = IMAGE_MODELS[remix.model];
  const patch: Partial<ImageDraft> = { model: remix.model, prompt: remix.prompt, refs: remixRefs(remix) };
  if (!spec) return patch;
  const p = remix.params;
  Object.assign(patch, defaults(spec), { sequential: false, watermark: false });
  if (typeof p.size === 'string' && spec.sizes.includes(p.size)) patch.size = p.size;
  if (typeof p.resolution === 'string' && (spec.resolutions as readonly string[]).includes(p.resolution)) patch.resolution = p.resolution;
  if (typeof p.n === 'number') patch.n = String(p.n);
  if (spec.sequential) patch.sequential = p.sequential_image_generation === 'auto';
  if (spec.watermark) patch.watermark = p.watermark === true;
  return patch;
}

/** What a native picture's record holds of its references; they come back as attachments (remixRefs). */
const NATIVE_KEYS = ['edit', 'references', 'attachmentIds'];

/**
 * The item's parameters `fromRemix` could not put in the form as they were (a size this model
 * does not offer, a seed the form has no control for), so the Gallery's notice can name them.
 * The references are said by the Gallery itself (remix-references.ts).
 */
export function remixUnrestored(remix: Remix, patch: Partial<ImageDraft>): string[] {
  if (!isKnownModel(remix.model)) return unrestoredOf(remix, () => false, false);
  const spec = IMAGE_MODELS[remix.model];
  if (!spec) return unrestoredOf(remix, (key) => NATIVE_KEYS.includes(key));
  return unrestoredOf(remix, (key, v) => {
    switch (key) {
      case 'size':
      case 'resolution':
        return patch[key] === v;
      case 'n':
        return patch.n === String(v);
      case 'sequential_image_generation':
        return spec.sequential === true && (v === 'auto' || v === 'disabled');
      case 'watermark':
        return spec.watermark === true && typeof v === 'boolean';
      case 'image_urls':
        return true;
      default:
        return false;
    }
  });
}

/**
 * The item's references as the host brought them back (new attachments of the creator's files,
 * and links); without that answer, only its public links. One the host no longer holds is said
 * by the Gallery's notice, not here.
 */
function remixRefs(remix: Remix): ImageRef[] {
  if (remix.references) {
    return remix.references.flatMap((r): ImageRef[] =>
      r.kind === 'file' ? [{ kind: 'file', ...r.attachment }] : r.kind === 'url' ? [{ kind: 'url', id: crypto.randomUUID(), url: r.url }] : [],
    );
  }
  const p = remix.params;
  const urls = Array.isArray(p.image_urls) ? p.image_urls.filter((u): u is string => typeof u === 'string' && /^https?:\/\//i.test(u)) : [];
  return urls.map((url) => ({ kind: 'url', id: crypto.randomUUID(), url }));
}

/** The `tasks.submit` request of an asynchronous model; local files go as `attachment:<id>`. */
export function asyncRequest(d: ImageDraft): Record<string, unknown> {
  const spec = IMAGE_MODELS[d.model];
  const req: Record<string, unknown> = { model: d.model, prompt: d.prompt.trim(), size: d.size, resolution: d.resolution, n: Number(d.n) };
  if (d.refs.length) req.image_urls = d.refs.map((r) => (r.kind === 'file' ? ATTACHMENT_PREFIX + r.id : r.url.trim()));
  if (spec.sequential) req.sequential_image_generation = d.sequential ? 'auto' : 'disabled';
  if (spec.watermark) req.watermark = d.watermark;
  return req;
}

export const nativeRequest = (d: ImageDraft) => ({
  model: d.model as NativeImageInput['model'],
  prompt: d.prompt.trim(),
  ...(d.refs.length ? { attachmentIds: d.refs.map((r) => r.id) } : {}),
});

/** Field errors keyed by field name, or `ref:<id>` for one reference image, or `form`. */
export type FieldErrors = Record<string, string>;

/** Where a parameter the shared rules or the host named is shown in this form. */
export function fieldOf(raw: string | undefined, d: ImageDraft): string {
  // The contract's own check names the path inside the call's input (`request.n`).
  const param = raw?.replace(/^request\./, '');
  if (!param) return 'form';
  const item = /^(?:image_urls|attachmentIds)\.(\d+)/.exec(param);
  if (item) {
    const ref = d.refs[Number(item[1])];
    return ref ? `ref:${ref.id}` : 'refs';
  }
  if (/^(image_urls|attachmentIds|attachments|data)\b/.test(param)) return 'refs';
  if (param === 'sequential_image_generation') return 'sequential';
  return ['model', 'prompt', 'size', 'resolution', 'n', 'watermark'].includes(param) ? param : 'form';
}

/**
 * What a field shows for a rule it broke: the rule's plain words in the language shown, which name
 * the field by the label the form gives it (shared/messages/plain.ts), found from the parameter
 * the rule or the host names. Nothing is read back out of translated text, so every language
 * behaves alike (docs/house-rules.md, "Languages").
 */
const atField = (text: Message, param: string | undefined) => messageText({ text, message: text.message, param });

function collect(problems: Problem[], d: ImageDraft, into: FieldErrors): void {
  for (const p of problems) into[fieldOf(p.param, d)] ??= atField(p.text, p.param);
}

/**
 * Everything that can be known wrong before sending; an empty object means "send it". The
 * renderer's own texts come in the language shown (`t`, `f`), and so do the shared rules' (i18n/messages.ts).
 */
export function validate(d: ImageDraft, t: TFunction<'image'>, f: Formats): FieldErrors {
  const errors: FieldErrors = {};
  const native = isNativeImageModel(d.model);
  const spec = IMAGE_MODELS[d.model];
  if (!native && !spec) return { model: t('draft.unknownModel') };
  const limit = referenceLimit(d.model);
  if (d.refs.length > limit) {
    errors.refs = t('draft.tooManyRefs', { model: d.model, limit: f.number(limit), extra: f.number(d.refs.length - limit) });
  }
  const formats = native ? NATIVE_FORMATS : ASYNC_FORMATS;
  const accepted = native ? t('draft.formatsNative') : t('draft.formatsJob');
  for (const r of d.refs) {
    if (r.kind === 'url') {
      if (native) errors[`ref:${r.id}`] = t('draft.nativeNoLinks');
      else if (!/^https?:\/\/[^\s/]+/i.test(r.url.trim())) errors[`ref:${r.id}`] = t('draft.publicLink');
      continue;
    }
    if (!formats.includes(r.mime)) {
      const format = r.mime.replace('image/', '').toUpperCase();
      errors[`ref:${r.id}`] = format ? t('draft.formatNotAccepted', { format, formats: accepted }) : t('draft.fileNotAccepted', { formats: accepted });
    } else if (r.bytes > REFERENCE_IMAGE_MAX_BYTES) {
      errors[`ref:${r.id}`] = t('draft.tooLarge', { size: f.fixed(r.bytes / MB, 1) });
    }
  }
  if (native) {
    const r = check(NativeImageInput, nativeRequest(d));
    if (!r.ok) collect(r.problems, d, errors);
    return errors;
  }
  // Attachments become data URIs only in the host; here an empty one stands in for each.
  const req = asyncRequest(d);
  if (Array.isArray(req.image_urls)) req.image_urls = req.image_urls.map((u: string) => (u.startsWith(ATTACHMENT_PREFIX) ? 'data:image/png;base64,' : u));
  const r = check(imageRequestSchema(spec), req);
  if (!r.ok) collect(r.problems, d, errors);
  return errors;
}

/**
 * The host's answer mapped onto the form: its `param` says which field is at fault. An answer with
 * only a gateway's English words (a record older than message data) reads as the gateway's refusal
 * of that field, in the language shown; the draft is always kept.
 */
export function hostErrors(e: ErrorData, d: ImageDraft): FieldErrors {
  if (e.code !== 'invalid_input' && e.code !== 'invalid_request' && e.code !== 'not_found') return {};
  const field = fieldOf(e.param, d);
  return field === 'form' ? {} : { [field]: atField(e.text ?? msg('gateway.failure.refused', { detail: e.message }), e.param) };
}
