/**
 * The native units of one billed call, read from what the studio sent and what the gateway
 * answered (docs/ledger.md, "Units"). Each modality is billed by its own unit, so each keeps its
 * own: tokens in / out / thinking for text, image parts for native images, images × resolution
 * class for image jobs, seconds × size class for video, characters for speech.
 *
 * Nothing here trusts a count it cannot check: a count that is missing, negative, fractional or
 * beyond exact arithmetic gives `undefined` (units unknown), and such a call is never priced from
 * a guess (docs/house-rules.md, "Untrusted input has bounds").
 */
import { z } from 'zod';
import {
  GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, MULTIPART_VIDEO_DEFAULTS, MultipartVideoRequest, NativeResponse, SpeechRequest,
  Usage, isNativeImageModel, type ResolutionClass,
} from '@shared/gateway/index.js';

export type VideoSizeClass = `${number}p`;

export type BilledUnits =
  | { kind: 'text'; input: number; output: number; thinking: number }
  | { kind: 'native-image'; images: number }
  | { kind: 'image'; images: number; resolution: ResolutionClass }
  | { kind: 'video'; seconds: number; size: VideoSizeClass }
  | { kind: 'speech'; characters: number };

export type BilledKind = BilledUnits['kind'];

/** The routes as the ledger tells them apart: the two video routes bill differently sized work. */
export type LedgerRoute = 'chat' | 'responses' | 'native' | 'image' | 'video-generations' | 'video-multipart' | 'speech';

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Chat and responses `usage` (spec §2.5); reasoning is part of `completion_tokens` and billed as such. */
const ChatUsage = Usage.pick({ prompt_tokens: true, completion_tokens: true }).extend({ prompt_tokens: count, completion_tokens: count });
/** The responses shape some gateways answer with (docs/gateway-rules.md): `input_tokens` / `output_tokens`. */
const ResponsesUsage = z.object({ input_tokens: count, output_tokens: count });
/** Native `usageMetadata` (spec §2.9): a count the gateway leaves out is none of that kind. */
const NativeUsage = NativeResponse.shape.usageMetadata.pick({ promptTokenCount: true }).extend({
  promptTokenCount: count,
  candidatesTokenCount: count.optional(),
  thoughtsTokenCount: count.optional(),
});

/** Text tokens from any of the three usage shapes, or undefined when the answer gave none. */
export function textUnits(usage: unknown): BilledUnits | undefined {
  const chat = ChatUsage.safeParse(usage);
  if (chat.success) return { kind: 'text', input: chat.data.prompt_tokens, output: chat.data.completion_tokens, thinking: 0 };
  const responses = ResponsesUsage.safeParse(usage);
  if (responses.success) return { kind: 'text', input: responses.data.input_tokens, output: responses.data.output_tokens, thinking: 0 };
  const native = NativeUsage.safeParse(usage);
  if (native.success) {
    const u = native.data;
    return { kind: 'text', input: u.promptTokenCount, output: u.candidatesTokenCount ?? 0, thinking: u.thoughtsTokenCount ?? 0 };
  }
  return undefined;
}

const ImageParts = z.object({
  candidates: z.array(z.object({ content: z.object({ parts: z.array(z.unknown()) }).optional() })).optional(),
});
const isImagePart = (p: unknown) => {
  const data = (p as { inlineData?: { mimeType?: unknown } } | null)?.inlineData;
  return typeof data?.mimeType === 'string' && data.mimeType.toLowerCase().startsWith('image/');
};

/**
 * A native call (spec 4.4, 4.5): a native image model asked for images bills per image part it
 * returned; anything else bills its tokens. `answer` is the whole response (or, for a stream,
 * the parts gathered and the last `usageMetadata`).
 */
export function nativeUnits(model: string, request: unknown, answer: unknown): BilledUnits | undefined {
  const modalities = (request as { generationConfig?: { responseModalities?: unknown } } | null)?.generationConfig?.responseModalities;
  const wantsImages = Array.isArray(modalities) && modalities.includes('IMAGE');
  if (isNativeImageModel(model) && wantsImages) {
    const parsed = ImageParts.safeParse(answer);
    if (!parsed.success) return undefined;
    const images = (parsed.data.candidates ?? []).reduce((n, c) => n + (c.content?.parts.filter(isImagePart).length ?? 0), 0);
    return { kind: 'native-image', images };
  }
  return textUnits((answer as { usageMetadata?: unknown } | null)?.usageMetadata);
}

/** Seedream counts references and results together (spec 4.6): references + images ≤ 15. */
const MAX_IMAGES_IN_AND_OUT = 15;

const ImageJob = z.object({
  model: z.string(),
  resolution: z.string().optional(),
  n: count.optional(),
  image_urls: z.array(z.unknown()).optional(),
});

/** An image job (spec §2.15): `n` images (the model's default when unsent) at its resolution class. */
export function imageJobUnits(request: unknown): BilledUnits | undefined {
  const r = ImageJob.safeParse(request);
  if (!r.success) return undefined;
  const spec = IMAGE_MODELS[r.data.model];
  if (!spec) return undefined;
  const resolution = (r.data.resolution ?? spec.defaultResolution) as ResolutionClass;
  if (!spec.resolutions.includes(resolution)) return undefined;
  const n = r.data.n ?? spec.n.default;
  const images = Math.min(n, Math.max(1, MAX_IMAGES_IN_AND_OUT - (r.data.image_urls?.length ?? 0)));
  return { kind: 'image', images, resolution };
}

const GenerationsVideo = z.object({ model: z.string(), duration: count.optional() });

/** The generations route (spec 4.7): `duration` seconds (the model's default when unsent), rendered at 720p. */
export function generationsVideoUnits(request: unknown): BilledUnits | undefined {
  const r = GenerationsVideo.safeParse(request);
  if (!r.success) return undefined;
  const spec = GENERATIONS_VIDEO_MODELS[r.data.model];
  if (!spec) return undefined;
  return { kind: 'video', seconds: r.data.duration ?? spec.duration.default, size: '720p' };
}

/** The multipart route (spec 4.8): its form's `seconds` at the size class of its short side (`1920*1080` is 1080p). */
export function multipartVideoUnits(form: unknown): BilledUnits | undefined {
  const r = MultipartVideoRequest.safeParse(form);
  if (!r.success) return undefined;
  const [w, h] = (r.data.size ?? MULTIPART_VIDEO_DEFAULTS.size).split('*').map(Number);
  return { kind: 'video', seconds: Number(r.data.seconds ?? MULTIPART_VIDEO_DEFAULTS.seconds), size: `${Math.min(w, h)}p` };
}

/** Speech (spec 4.10): the characters of `input`, counted as the gateway's JSON string length. */
export function speechUnits(request: unknown): BilledUnits | undefined {
  const r = SpeechRequest.safeParse(request);
  return r.success ? { kind: 'speech', characters: r.data.input.length } : undefined;
}

/** One call's units from its route, what was sent and what was answered. */
export function unitsOf(call: { route: LedgerRoute; model: string; request: unknown; answer?: unknown }): BilledUnits | undefined {
  switch (call.route) {
    case 'chat':
    case 'responses':
      return textUnits((call.answer as { usage?: unknown } | null)?.usage);
    case 'native':
      return nativeUnits(call.model, call.request, call.answer);
    case 'image':
      return imageJobUnits(call.request);
    case 'video-generations':
      return generationsVideoUnits(call.request);
    case 'video-multipart':
      return multipartVideoUnits(call.request);
    case 'speech':
      return speechUnits(call.request);
  }
}

/** True when the call used none of what it is billed by (an empty reply, no image returned). */
export function isZero(units: BilledUnits): boolean {
  switch (units.kind) {
    case 'text': return units.input + units.output + units.thinking === 0;
    case 'native-image':
    case 'image': return units.images === 0;
    case 'video': return units.seconds === 0;
    case 'speech': return units.characters === 0;
  }
}

/**
 * A text reply's units from the usage its stream reported (host/chat/reply-events.ts): reasoning
 * is inside `completion` on chat and responses, and counted apart (`thoughts`) on native.
 */
export function streamedTextUnits(usage: { prompt: number; completion: number; thoughts?: number } | undefined): BilledUnits | undefined {
  if (!usage) return undefined;
  const parts = [usage.prompt, usage.completion, usage.thoughts ?? 0];
  if (!parts.every((n) => count.safeParse(n).success)) return undefined;
  return { kind: 'text', input: usage.prompt, output: usage.completion, thinking: usage.thoughts ?? 0 };
}
