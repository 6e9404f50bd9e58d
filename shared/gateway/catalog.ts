/**
 * The gateway's model catalog, taken from spec §2.15, §4.3–4.8, §4.10 and §8.
 * Forms are driven by it and the same rules validate requests in the renderer and the host. The
 * sandbox keeps its own copy (sandbox/spec/tables.ts), so that it can catch a mistake here.
 * Where the spec says "not shown", the choice made here is noted beside it.
 */

export const CHAT_MODEL_FAMILIES = {
  modela: ['modela-5', 'modela-5-chat-latest', 'modela-5-mini', 'modela-5-nano', 'modela-5-pro'],
  modelb: [
    'modelb-sonnet-4-5-20250929',
    'modelb-opus-4-1-20250805',
    'modelb-haiku-4-5-20251001',
    'modelb-opus-4-1-20250805-thinking',
    'modelb-sonnet-4-5-20250929-thinking',
  ],
  modelc: ['modelc-2.5-pro', 'modelc-2.5-flash', 'modelc-2.5-pro-thinking', 'modelc-2.5-flash-lite'],
  modeld: ['modeld-v3.1-250821', 'modeld-v3.1-think-250821', 'modeld-v3-0324'],
  modele: ['modele-seed-1-6-251015', 'modele-seed-1-6-flash-250828', 'modele-seed-1-6-thinking-250715'],
} as const;

/** The chat list is open-ended (spec 4.3): any non-empty id is accepted; these are the known ones. */
export const CHAT_MODELS: readonly string[] = Object.values(CHAT_MODEL_FAMILIES).flat();

export const RESPONSES_MODELS = ['modela-5', 'modela-4o-image', 'modela-4-vision'] as const;

export const NATIVE_TEXT_MODELS = ['modelc-2.5-flash', 'modelc-2.5-pro', 'modelc-2.5-flash-lite', 'modelc-2.5-pro-thinking'] as const;
export const NATIVE_IMAGE_MODELS = ['modelc-2.5-flash-image-preview', 'modelc-3-pro-image-preview'] as const;
/** Thinking-capable native text models report `thoughtsTokenCount` (spec 2.9). */
export const NATIVE_THINKING_MODELS: readonly string[] = ['modelc-2.5-pro-thinking'];

export type NativeTextModel = (typeof NATIVE_TEXT_MODELS)[number];
export type NativeImageModel = (typeof NATIVE_IMAGE_MODELS)[number];

export const isNativeImageModel = (m: string): m is NativeImageModel => (NATIVE_IMAGE_MODELS as readonly string[]).includes(m);
export const isNativeTextModel = (m: string): m is NativeTextModel => (NATIVE_TEXT_MODELS as readonly string[]).includes(m);

/** The three text APIs: chat completions (4.3), responses (4.4), native generateContent (4.5). */
export const TEXT_APIS = ['chat', 'responses', 'native'] as const;
export type TextApiId = (typeof TEXT_APIS)[number];

/**
 * What each text API carries (spec 2.4: chat messages are text only; 4.4: the responses API takes
 * image parts and tools; 2.8: native parts take inline images; the studio offers tools through the
 * responses API only).
 */
export const TEXT_API_FEATURES: Record<TextApiId, { images: boolean; tools: boolean; n: boolean }> = {
  chat: { images: false, tools: false, n: true },
  responses: { images: true, tools: true, n: false },
  native: { images: true, tools: false, n: false },
};

export interface TextModelInfo {
  id: string;
  /** The family the spec lists it under (modela, modelb …): its vendor, as the picker groups it. */
  vendor: string;
  /** The APIs that take it, in the order a picker offers them. */
  apis: readonly TextApiId[];
  /** Reads images: through an API of its own that takes them (responses or native). */
  vision: boolean;
  /** Takes tools: through the responses API. */
  tools: boolean;
  /** Reached through the native interface too (spec 4.5). */
  native: boolean;
  /** A thinking variant: the spec's ids say so (`-thinking`, `-think-`), as 2.9's thoughtsTokenCount does for native. */
  thinking: boolean;
}

const vendorOf = (id: string) => /^[a-z]+/.exec(id)?.[0] ?? id;

function textModelInfo(id: string): TextModelInfo {
  const apis = TEXT_APIS.filter((api) =>
    api === 'chat' ? CHAT_MODELS.includes(id) : api === 'responses' ? (RESPONSES_MODELS as readonly string[]).includes(id) : isNativeTextModel(id));
  return {
    id, vendor: vendorOf(id), apis,
    vision: apis.some((a) => TEXT_API_FEATURES[a].images),
    tools: apis.some((a) => TEXT_API_FEATURES[a].tools),
    native: apis.includes('native'),
    thinking: /-think(ing)?(-|$)/.test(id) || NATIVE_THINKING_MODELS.includes(id),
  };
}

/** Every text model of spec 4.3–4.5 (chat models first, then the responses-only ones), by vendor. */
export const TEXT_MODELS: readonly TextModelInfo[] = [...new Set([...CHAT_MODELS, ...RESPONSES_MODELS, ...NATIVE_TEXT_MODELS])]
  .map(textModelInfo)
  .sort((a, b) => Number(a.vendor > b.vendor) - Number(a.vendor < b.vendor));

/**
 * A model's entry. The chat list is open-ended (spec 4.3): an id the catalog does not know is
 * taken as a chat model of its own vendor, with nothing more promised.
 */
export function textModel(id: string): TextModelInfo {
  return TEXT_MODELS.find((m) => m.id === id) ?? { id, vendor: vendorOf(id), apis: ['chat'], vision: false, tools: false, native: false, thinking: false };
}

/** Whether `api` takes `model` (a model the catalog does not know goes through chat completions). */
export const apiTakes = (api: TextApiId, model: string): boolean => textModel(model.trim()).apis.includes(api);

/** Numeric ranges shared by chat and responses (spec §8). */
export const TEXT_LIMITS = {
  temperature: { min: 0, max: 2, default: 1 },
  top_p: { min: 0, max: 1, default: 1 },
  frequency_penalty: { min: -2, max: 2, default: 0 },
  presence_penalty: { min: -2, max: 2, default: 0 },
  stopSequences: 4,
  /** Not shown in the spec; the studio and the sandbox both cap alternatives at 8. */
  n: { min: 1, max: 8, default: 1 },
} as const;

export type ResolutionClass = '1K' | '2K' | '4K';

export interface ImageModelSpec {
  id: string;
  sizes: readonly string[];
  defaultSize: string;
  resolutions: readonly ResolutionClass[];
  defaultResolution: ResolutionClass;
  n: { min: number; max: number; default: number };
  /** Maximum reference images; seedream-4-0's and modela-4o-image's are not shown: 10 is assumed. */
  maxReferences: number;
  sequential: boolean;
  watermark: boolean;
}

const SEEDREAM_45_SIZES = ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9', '9:21'] as const;
const SEEDREAM_40_SIZES = ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'] as const;
const MODELA_IMAGE_SIZES = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;

export const IMAGE_MODELS: Record<string, ImageModelSpec> = {
  'seedream-4-5': {
    id: 'seedream-4-5', sizes: SEEDREAM_45_SIZES, defaultSize: '1:1', resolutions: ['2K', '4K'], defaultResolution: '2K',
    n: { min: 1, max: 15, default: 1 }, maxReferences: 10, sequential: true, watermark: true,
  },
  'seedream-4-0': {
    id: 'seedream-4-0', sizes: SEEDREAM_40_SIZES, defaultSize: '1:1', resolutions: ['1K', '2K', '4K'], defaultResolution: '1K',
    n: { min: 1, max: 4, default: 1 }, maxReferences: 10, sequential: false, watermark: false,
  },
  // n's bound is not shown for this model (spec 4.6): 1 to 4 is assumed.
  'modela-4o-image': {
    id: 'modela-4o-image', sizes: MODELA_IMAGE_SIZES, defaultSize: '1:1', resolutions: ['1K', '2K'], defaultResolution: '1K',
    n: { min: 1, max: 4, default: 1 }, maxReferences: 10, sequential: false, watermark: false,
  },
};

export const IMAGE_MODEL_IDS = Object.keys(IMAGE_MODELS);

/** Reference images: at most 10 MB each, jpeg or png (spec 2.15). */
export const REFERENCE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const REFERENCE_IMAGE_FORMATS = ['jpeg', 'png'] as const;

/**
 * True pixel size of a resolution class at an aspect ratio: the class fixes the pixel count
 * ((1024·K)²), the ratio its shape; sides are rounded to multiples of 16 as encoders expect.
 */
export function imagePixelSize(size: string, resolution: ResolutionClass): { width: number; height: number } {
  const [rw, rh] = size.split(':').map(Number);
  const side = 1024 * Number(resolution[0]);
  const area = side * side;
  const width = Math.round(Math.sqrt((area * rw) / rh) / 16) * 16;
  const height = Math.round(area / width / 16) * 16;
  return { width, height };
}

export interface GenerationsVideoModelSpec {
  id: string;
  duration: { min: number; max: number; default: number };
  aspectRatios: readonly string[];
  defaultAspectRatio: string;
}

export const GENERATIONS_VIDEO_MODELS: Record<string, GenerationsVideoModelSpec> = {
  'modelf-hailuo-02': { id: 'modelf-hailuo-02', duration: { min: 5, max: 10, default: 5 }, aspectRatios: ['16:9', '9:16', '1:1'], defaultAspectRatio: '16:9' },
  modelg3: { id: 'modelg3', duration: { min: 5, max: 15, default: 5 }, aspectRatios: ['16:9', '9:16'], defaultAspectRatio: '16:9' },
};

export const MULTIPART_VIDEO_MODELS = ['wan2.5-t2v-preview', 'wan2.6-t2v-preview'] as const;
export const MULTIPART_VIDEO_SECONDS = ['3', '5', '10'] as const;
export const MULTIPART_VIDEO_SIZES = ['1920*1080', '1080*1920', '1280*720', '720*1280'] as const;
export const MULTIPART_VIDEO_DEFAULTS = { seconds: '5', size: '1280*720', watermark: 'false' } as const;

export const SPEECH_MODELS = ['tts-1', 'tts-1-hd'] as const;
export const SPEECH_VOICES = {
  alloy: 'neutral',
  echo: 'male',
  fable: 'narrative',
  onyx: 'deep male',
  nova: 'female',
  shimmer: 'soft female',
} as const;
export type SpeechVoice = keyof typeof SPEECH_VOICES;
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];
export const SPEECH_LIMITS = { maxInputChars: 4096, speed: { min: 0.25, max: 4, default: 1 } } as const;
export const SPEECH_CONTENT_TYPES: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

/** Recommended polling (spec §4.9), in milliseconds. */
export const POLLING = {
  firstCheckMs: 2_000,
  image: { minIntervalMs: 2_000, maxIntervalMs: 5_000, maxWaitMs: 5 * 60_000 },
  video: { minIntervalMs: 5_000, maxIntervalMs: 10_000, maxWaitMs: 30 * 60_000 },
} as const;

/** Generated links stay valid 24 hours (spec §1). */
export const LINK_TTL_SECONDS = 24 * 60 * 60;
