/**
 * Offline stand-in for a gateway's `/v1/audio/speech`: real spoken audio from
 * eSpeak NG, shaped per voice and speed, encoded into the requested format.
 */
import { preloadFfmpeg } from './audio-ffmpeg.js';
import { preloadEspeak, renderWithEspeak, type Pcm } from './speech-espeak.js';
import { encodeSpeech, SPEECH_FORMATS, speechContentType, type SpeechFormat } from './speech-encode.js';
import { planRate, SPEECH_VOICE_IDS, VOICE_PROFILES, type SpeechVoice } from './speech-voices.js';
import { SPEECH, type SpeechModel } from '../spec/tables.js';

export const SPEECH_MODELS: readonly SpeechModel[] = SPEECH.models;
export { SPEECH_FORMATS, SPEECH_VOICE_IDS };
export type { SpeechFormat, SpeechModel, SpeechVoice };

const MAX_SPEECH_CHARS = SPEECH.maxInputChars;
const { min: MIN_SPEED, max: MAX_SPEED } = SPEECH.speed;

export interface SpeechRequest {
  text: string;
  voice: SpeechVoice;
  format: SpeechFormat;
  /** 0.25..4; 2 speaks in about half the time of 1. */
  speed: number;
  model: SpeechModel;
}

export interface SynthesizedSpeech {
  audio: Buffer;
  contentType: string;
  durationSeconds: number;
}

/** Output sample rates: tts-1 matches the 24 kHz hosted APIs serve, tts-1-hd doubles it. */
const MODEL_RATE: Record<SpeechModel, number> = { 'tts-1': 24000, 'tts-1-hd': 48000 };

/** Throws RangeError for requests the real endpoint would reject with 400. */
export function validateSpeechRequest(opts: SpeechRequest): void {
  if (typeof opts.text !== 'string' || opts.text.trim() === '') throw new RangeError('text must not be empty');
  const chars = Array.from(opts.text).length;
  if (chars > MAX_SPEECH_CHARS) throw new RangeError(`text is ${chars} characters; at most ${MAX_SPEECH_CHARS} allowed`);
  if (!SPEECH_VOICE_IDS.includes(opts.voice)) throw new RangeError(`unknown voice: ${String(opts.voice)}`);
  if (!SPEECH_FORMATS.includes(opts.format)) throw new RangeError(`unsupported format: ${String(opts.format)}`);
  if (!SPEECH_MODELS.includes(opts.model)) throw new RangeError(`unknown model: ${String(opts.model)}`);
  if (typeof opts.speed !== 'number' || !(opts.speed >= MIN_SPEED && opts.speed <= MAX_SPEED)) {
    throw new RangeError(`speed must be between ${MIN_SPEED} and ${MAX_SPEED}`);
  }
}

/** Loads both WASM engines so the first request does not pay ~1 s of start-up. */
export async function preloadSpeechEngines(): Promise<void> {
  await Promise.all([preloadEspeak(), preloadFfmpeg()]);
}

export async function synthesizeSpeech(opts: SpeechRequest): Promise<SynthesizedSpeech> {
  validateSpeechRequest(opts);
  const profile = VOICE_PROFILES[opts.voice];
  const plan = planRate(opts.speed, profile.pace);
  const pcm = await renderWithEspeak({
    text: opts.text,
    voice: profile.espeakVoice,
    rateWpm: plan.espeakWpm,
    pitch: profile.pitch,
  });
  normalizePeak(pcm);
  const sampleRate = MODEL_RATE[opts.model];
  const encoded = await encodeSpeech(pcm, { format: opts.format, sampleRate, tempo: plan.tempo, hd: opts.model === 'tts-1-hd' });
  return {
    audio: Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength),
    contentType: speechContentType(opts.format),
    durationSeconds: Math.round((pcm.samples.length / pcm.sampleRate / plan.tempo) * 1000) / 1000,
  };
}

/**
 * Brings every voice to the same peak level (-1 dBFS) so that loudness does
 * not vary by variant, with headroom for lossy encoders' overshoot.
 */
function normalizePeak(pcm: Pcm): void {
  let peak = 0;
  for (const s of pcm.samples) peak = Math.max(peak, Math.abs(s));
  if (peak === 0) return;
  const gain = Math.min(4, (0.89 * 32767) / peak);
  for (let i = 0; i < pcm.samples.length; i++) pcm.samples[i] = Math.round(pcm.samples[i] * gain);
}
