/**
 * The spec's tables as the sandbox gateway reads them (gateway-api.md §2.15, §4.5–4.10, §8),
 * written from the spec and never imported from the studio: a gateway of its own can then
 * disagree with a wrong table in the studio (`shared/gateway/catalog.ts`) and refuse what the
 * studio would wrongly send. `tables.test.ts` compares the two and lists every difference; one
 * made on purpose is declared there. Where the spec says "not shown", the choice is noted.
 */

export type Resolution = '1K' | '2K' | '4K';

export interface ImageModelTable {
  sizes: readonly string[];
  defaultSize: string;
  resolutions: readonly Resolution[];
  defaultResolution: Resolution;
  n: { min: number; max: number; default: number };
  maxReferences: number;
  sequential: boolean;
  watermark: boolean;
}

/** §2.15, §4.6, §8. */
export const IMAGE_MODELS: Readonly<Record<string, ImageModelTable>> = {
  'seedream-4-5': {
    sizes: ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9', '9:21'], defaultSize: '1:1',
    resolutions: ['2K', '4K'], defaultResolution: '2K',
    n: { min: 1, max: 15, default: 1 }, maxReferences: 10, sequential: true, watermark: true,
  },
  'seedream-4-0': {
    sizes: ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'], defaultSize: '1:1',
    resolutions: ['1K', '2K', '4K'], defaultResolution: '1K',
    // Its maximum of references is not shown: 10, as seedream-4-5's.
    n: { min: 1, max: 4, default: 1 }, maxReferences: 10, sequential: false, watermark: false,
  },
  'modela-4o-image': {
    // No default size or resolution is shown: the first of each; n's bound is not shown (the
    // shown value is 1): 1 to 4; the maximum of references is not shown: 10.
    sizes: ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'], defaultSize: '1:1',
    resolutions: ['1K', '2K'], defaultResolution: '1K',
    n: { min: 1, max: 4, default: 1 }, maxReferences: 10, sequential: false, watermark: false,
  },
};

/** §2.15: each reference image at most 10 MB, jpeg or png. */
export const REFERENCE_IMAGES = { maxBytes: 10 * 1024 * 1024, formats: ['jpeg', 'png'] } as const;

export interface VideoModelTable {
  duration: { min: number; max: number; default: number };
  aspectRatios: readonly string[];
  defaultAspectRatio: string;
}

/** §4.7, §8: the generations route. */
export const GENERATIONS_VIDEO_MODELS: Readonly<Record<string, VideoModelTable>> = {
  'modelf-hailuo-02': { duration: { min: 5, max: 10, default: 5 }, aspectRatios: ['16:9', '9:16', '1:1'], defaultAspectRatio: '16:9' },
  modelg3: { duration: { min: 5, max: 15, default: 5 }, aspectRatios: ['16:9', '9:16'], defaultAspectRatio: '16:9' },
};

/** §4.8, §8: the multipart route; every field a form string. */
export const MULTIPART_VIDEO = {
  models: ['wan2.5-t2v-preview', 'wan2.6-t2v-preview'],
  seconds: ['3', '5', '10'],
  sizes: ['1920*1080', '1080*1920', '1280*720', '720*1280'],
  defaults: { seconds: '5', size: '1280*720', watermark: 'false' },
} as const;

/** §4.10, §8. */
export const SPEECH = {
  models: ['tts-1', 'tts-1-hd'],
  voices: ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'],
  formats: ['mp3', 'opus', 'aac', 'flac'],
  /** "audio/mpeg for mp3, the matching type for other formats". */
  contentTypes: { mp3: 'audio/mpeg', opus: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac' },
  maxInputChars: 4096,
  speed: { min: 0.25, max: 4, default: 1 },
} as const;
export type SpeechModel = (typeof SPEECH.models)[number];
export type SpeechVoice = (typeof SPEECH.voices)[number];
export type SpeechFormat = (typeof SPEECH.formats)[number];

/** §8, for chat (and temperature, top_p for responses). */
export const TEXT_LIMITS = {
  temperature: { min: 0, max: 2 },
  top_p: { min: 0, max: 1 },
  frequency_penalty: { min: -2, max: 2 },
  presence_penalty: { min: -2, max: 2 },
  stopSequences: 4,
  /** Alternatives per request: not shown; the sandbox answers at most 8. */
  n: { min: 1, max: 8 },
} as const;

/** §4.5: the native generateContent models; 2.9: the thinking one reports thoughtsTokenCount. */
export const NATIVE_MODELS = {
  text: ['modelc-2.5-flash', 'modelc-2.5-pro', 'modelc-2.5-flash-lite', 'modelc-2.5-pro-thinking'],
  image: ['modelc-2.5-flash-image-preview', 'modelc-3-pro-image-preview'],
  thinking: ['modelc-2.5-pro-thinking'],
} as const;

export const isNativeTextModel = (m: string) => (NATIVE_MODELS.text as readonly string[]).includes(m);
export const isNativeImageModel = (m: string) => (NATIVE_MODELS.image as readonly string[]).includes(m);
