/**
 * The Speech tab's form as data: the draft, the checks made before anything is sent (spec 4.10
 * and §8, from the catalog, matching the host's own schema) and the request built from it.
 */
import type { TFunction } from 'i18next';
import type { Input } from '@shared/contract/index.js';
import {
  SPEECH_FORMATS, SPEECH_LIMITS, SPEECH_MODELS, SPEECH_VOICES, type SpeechFormat, type SpeechVoice,
} from '@shared/gateway/catalog.js';
import type { Formats } from '../../../i18n/format.js';
import { unrestoredOf, type Remix } from '../../../state/remix-store.js';

export type SpeechModel = (typeof SPEECH_MODELS)[number];
export const SPEECH_FIELDS = ['model', 'input', 'voice', 'response_format', 'speed'] as const;
export type SpeechField = (typeof SPEECH_FIELDS)[number];
export type SpeechProblems = Partial<Record<SpeechField, string>>;

export interface SpeechDraft {
  model: SpeechModel;
  input: string;
  voice: SpeechVoice;
  response_format: SpeechFormat;
  /** As typed, so "0." can be on its way to "0.75"; checked on submit. */
  speed: string;
}

export const INITIAL_SPEECH_DRAFT: SpeechDraft = {
  model: SPEECH_MODELS[0],
  input: '',
  voice: 'alloy',
  response_format: SPEECH_FORMATS[0],
  speed: String(SPEECH_LIMITS.speed.default),
};

const MAX = SPEECH_LIMITS.maxInputChars;
const { min: SPEED_MIN, max: SPEED_MAX } = SPEECH_LIMITS.speed;
export const SPEED_RANGE = SPEECH_LIMITS.speed;

const isModel = (v: unknown): v is SpeechModel => (SPEECH_MODELS as readonly unknown[]).includes(v);
const isVoice = (v: unknown): v is SpeechVoice => typeof v === 'string' && v in SPEECH_VOICES;
const isFormat = (v: unknown): v is SpeechFormat => (SPEECH_FORMATS as readonly unknown[]).includes(v);

/** The speed as a number when it is one the gateway takes. */
export function parseSpeed(text: string): number | undefined {
  if (!/^\s*\d*\.?\d+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= SPEED_MIN && n <= SPEED_MAX ? n : undefined;
}

/**
 * Characters as the host and the gateway count them (string length), so the live count and
 * the host's refusal always agree.
 */
export const characterCount = (text: string) => text.length;

/** The draft's problems by field, in the language shown (`t`, `f`), and the request when there is none. */
export function checkSpeech(d: SpeechDraft, t: TFunction<'speech'>, f: Formats): { problems: SpeechProblems; request?: Input<'speech.synthesize'> } {
  const problems: SpeechProblems = {};
  const chars = characterCount(d.input);
  if (!d.input.trim()) problems.input = t('draft.noText');
  else if (chars > MAX) problems.input = t('draft.tooLong', { max: f.number(MAX), extra: f.number(chars - MAX) });
  if (!isModel(d.model)) problems.model = t('draft.model');
  if (!isVoice(d.voice)) problems.voice = t('draft.voice');
  if (!isFormat(d.response_format)) problems.response_format = t('draft.format');
  const speed = parseSpeed(d.speed);
  if (speed === undefined) problems.speed = t('draft.speed', { min: f.number(SPEED_MIN), max: f.number(SPEED_MAX) });
  if (Object.keys(problems).length || speed === undefined) return { problems };
  // Speed goes as a JSON number (spec 4.10).
  return { problems, request: { model: d.model, input: d.input, voice: d.voice, response_format: d.response_format, speed } };
}

/** A Gallery remix of an audio item as a draft: only values this form has, unknown ones kept. */
export function draftFromRemix(remix: Remix, current: SpeechDraft): SpeechDraft {
  const p = remix.params;
  const speed = typeof p.speed === 'number' || typeof p.speed === 'string' ? String(p.speed) : current.speed;
  return {
    model: isModel(remix.model) ? remix.model : current.model,
    input: remix.prompt,
    voice: isVoice(p.voice) ? p.voice : current.voice,
    response_format: isFormat(p.response_format) ? p.response_format : current.response_format,
    speed,
  };
}

/** The item's parameters the remixed draft does not hold as they were, for the Gallery's notice to name. */
export function remixUnrestored(remix: Remix, draft: SpeechDraft): string[] {
  const held = (key: string, v: unknown) =>
    (key === 'voice' || key === 'response_format' || key === 'speed') && (typeof v === 'string' || typeof v === 'number') && draft[key] === String(v);
  return unrestoredOf(remix, held, isModel(remix.model));
}
