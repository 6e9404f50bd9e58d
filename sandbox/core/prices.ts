/**
 * The sandbox's private price list (docs/sandbox.md, "Billing"). Like a real gateway's, it is on no
 * public route: the studio learns it from balance changes, and only `GET /_sandbox/prices` shows it
 * to tests. Every figure is in ten-thousandths of a yuan (accounts.ts), so each charge is an
 * integer and sums are exact; models differ in price so that a learner must tell them apart.
 */
import { GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, MULTIPART_VIDEO, NATIVE_MODELS, SPEECH } from '../spec/tables.js';

/** Per 1,000 tokens of each kind. */
export interface TextPrice { prompt: number; completion: number; thinking: number }

const text = (prompt: number, completion: number, thinking = completion): TextPrice => ({ prompt, completion, thinking });

/** Chat, responses and native text. The chat list is open (spec 4.3): other ids pay TEXT_DEFAULT. */
const TEXT: Record<string, TextPrice> = {
  'modela-5': text(90, 700),
  'modela-5-chat-latest': text(90, 700),
  'modela-5-mini': text(25, 200),
  'modela-5-nano': text(5, 40),
  'modela-5-pro': text(1_500, 12_000),
  'modela-4o-image': text(250, 1_000),
  'modela-4-vision': text(300, 1_200),
  'modelb-sonnet-4-5-20250929': text(300, 1_500),
  'modelb-sonnet-4-5-20250929-thinking': text(300, 1_500, 1_800),
  'modelb-opus-4-1-20250805': text(1_500, 7_500),
  'modelb-opus-4-1-20250805-thinking': text(1_500, 7_500, 9_000),
  'modelb-haiku-4-5-20251001': text(100, 500),
  'modelc-2.5-pro': text(125, 1_000),
  'modelc-2.5-pro-thinking': text(125, 1_000, 1_100),
  'modelc-2.5-flash': text(30, 250),
  'modelc-2.5-flash-lite': text(10, 40),
  'modelc-2.5-flash-image-preview': text(30, 250),
  'modelc-3-pro-image-preview': text(200, 1_200),
  'modeld-v3.1-250821': text(40, 120),
  'modeld-v3.1-think-250821': text(40, 120, 160),
  'modeld-v3-0324': text(27, 110),
  'modele-seed-1-6-251015': text(8, 80),
  'modele-seed-1-6-flash-250828': text(2, 20),
  'modele-seed-1-6-thinking-250715': text(8, 80, 90),
};
const TEXT_DEFAULT = text(50, 150);

/** Per image, by resolution class (spec §2.15: the classes each model offers). */
const IMAGES: Record<string, Record<string, number>> = {
  'seedream-4-5': { '2K': 2_500, '4K': 4_500 },
  'seedream-4-0': { '1K': 1_000, '2K': 2_000, '4K': 4_000 },
  'modela-4o-image': { '1K': 1_500, '2K': 3_200 },
};

/** Per image part of the native image models (spec 4.5). */
const NATIVE_IMAGES: Record<string, number> = {
  'modelc-2.5-flash-image-preview': 2_500,
  'modelc-3-pro-image-preview': 3_900,
};

/** Per second. The generations route renders at 720p (sandbox/README.md), so one price per model. */
const VIDEO_GENERATIONS: Record<string, number> = { 'modelf-hailuo-02': 4_500, modelg3: 6_000 };
/** The multipart route's price depends on the size class too. */
const VIDEO_MULTIPART: Record<string, Record<string, number>> = {
  'wan2.5-t2v-preview': { '720p': 5_000, '1080p': 8_000 },
  'wan2.6-t2v-preview': { '720p': 6_000, '1080p': 10_000 },
};

/** Per 1,000 characters of input. */
const SPEECH_PER_1K: Record<string, number> = { 'tts-1': 1_000, 'tts-1-hd': 2_000 };

/** Every billed call costs something: a call too small to reach one unit pays one. */
const atLeastOne = (n: number) => Math.max(1, Math.round(n));

export const textPrice = (model: string): TextPrice => TEXT[model] ?? TEXT_DEFAULT;

export function textCost(model: string, tokens: { prompt: number; completion: number; thinking: number }): number {
  const p = textPrice(model);
  return atLeastOne((p.prompt * tokens.prompt + p.completion * tokens.completion + p.thinking * tokens.thinking) / 1000);
}

export const imageCost = (model: string, resolution: string, count: number): number => IMAGES[model][resolution] * count;
export const nativeImageCost = (model: string, images: number): number => NATIVE_IMAGES[model] * images;

/** The size class of a multipart video: its short side (`1920*1080` is 1080p). */
export const videoSizeClass = (w: number, h: number): string => `${Math.min(w, h)}p`;

export function videoCost(model: string, seconds: number, sizeClass: string): number {
  const perSecond = VIDEO_MULTIPART[model]?.[sizeClass] ?? VIDEO_GENERATIONS[model];
  return perSecond * seconds;
}

export const speechCost = (model: string, characters: number): number => atLeastOne((SPEECH_PER_1K[model] * characters) / 1000);

const yuan = (units: number) => units / 10_000;
const textView = (p: TextPrice) => ({ prompt_per_1k: yuan(p.prompt), completion_per_1k: yuan(p.completion), thinking_per_1k: yuan(p.thinking) });
const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/** What `GET /_sandbox/prices` answers, in yuan. */
export function priceList() {
  return {
    currency: 'CNY',
    rounding: 'each call is rounded to the nearest 0.0001 yuan, at least 0.0001',
    text: mapValues(TEXT, textView),
    text_default: textView(TEXT_DEFAULT),
    images: mapValues(IMAGES, (classes) => mapValues(classes, yuan)),
    native_images: mapValues(NATIVE_IMAGES, yuan),
    video_per_second: {
      ...mapValues(VIDEO_GENERATIONS, yuan),
      ...mapValues(VIDEO_MULTIPART, (classes) => mapValues(classes, yuan)),
    },
    speech_per_1k_chars: mapValues(SPEECH_PER_1K, yuan),
  };
}

/** Every model the spec's tables name has a price (tables.ts is the sandbox's own reading). */
export function unpricedModels(): string[] {
  const missing: string[] = [];
  for (const [model, spec] of Object.entries(IMAGE_MODELS)) for (const r of spec.resolutions) if (IMAGES[model]?.[r] === undefined) missing.push(`${model} ${r}`);
  for (const model of Object.keys(GENERATIONS_VIDEO_MODELS)) if (VIDEO_GENERATIONS[model] === undefined) missing.push(model);
  for (const model of MULTIPART_VIDEO.models) {
    for (const size of MULTIPART_VIDEO.sizes) {
      const [w, h] = size.split('*').map(Number);
      if (VIDEO_MULTIPART[model]?.[videoSizeClass(w, h)] === undefined) missing.push(`${model} ${size}`);
    }
  }
  for (const model of NATIVE_MODELS.image) if (NATIVE_IMAGES[model] === undefined) missing.push(model);
  for (const model of NATIVE_MODELS.text) if (!TEXT[model]) missing.push(model);
  for (const model of SPEECH.models) if (SPEECH_PER_1K[model] === undefined) missing.push(model);
  return missing;
}
