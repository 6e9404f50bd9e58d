/**
 * How the six OpenAI voice names map onto eSpeak NG, and how a requested
 * speed is split between eSpeak's own rate and a time-stretch afterwards.
 */
import { SPEECH, type SpeechVoice } from '../spec/tables.js';
import { ESPEAK_MAX_WPM, ESPEAK_MIN_WPM } from './speech-espeak.js';

export type { SpeechVoice };
/** The spec's six voices (4.10), in its order. */
export const SPEECH_VOICE_IDS: readonly SpeechVoice[] = SPEECH.voices;

export interface VoiceProfile {
  /** eSpeak language voice plus variant (the variant sets formants, breathiness and pitch range). */
  espeakVoice: string;
  /** eSpeak base pitch 0..99. */
  pitch: number;
  /** Relative speaking rate at speed 1, to give each voice its own pace. */
  pace: number;
}

// Variants and pitches picked so the voices differ audibly; the Hz are measured median F0 at speed 1.
export const VOICE_PROFILES: Record<SpeechVoice, VoiceProfile> = {
  alloy: { espeakVoice: 'en-us+f5', pitch: 25, pace: 1 }, // ~160 Hz: between the male and female voices
  echo: { espeakVoice: 'en-us+m3', pitch: 42, pace: 1.02 }, // ~100 Hz
  fable: { espeakVoice: 'en-gb-x-rp+m1', pitch: 62, pace: 0.93 }, // ~107 Hz, British RP, slower
  onyx: { espeakVoice: 'en-us+m7', pitch: 10, pace: 0.97 }, // ~80 Hz
  nova: { espeakVoice: 'en-us+f3', pitch: 60, pace: 1.04 }, // ~235 Hz
  shimmer: { espeakVoice: 'en-us+f4', pitch: 88, pace: 1 }, // ~275 Hz
};

/** eSpeak's default rate; speed 1 speaks at about this many words per minute. */
export const BASE_WPM = 175;

export interface RatePlan {
  /** Rate handed to eSpeak, inside its supported range. */
  espeakWpm: number;
  /** Remaining tempo factor applied by time-stretching (1 when eSpeak covers it all). */
  tempo: number;
}

/**
 * eSpeak's duration scales close to 1/rate inside 80..450 wpm and sounds more
 * natural than stretching, so it takes as much of the speed as it can; only
 * the part outside that range (speeds below ~0.46 or above ~2.6) is stretched.
 */
export function planRate(speed: number, pace: number): RatePlan {
  const wanted = BASE_WPM * pace * speed;
  const espeakWpm = Math.round(Math.min(ESPEAK_MAX_WPM, Math.max(ESPEAK_MIN_WPM, wanted)));
  return { espeakWpm, tempo: wanted / espeakWpm };
}

/** ffmpeg's atempo takes 0.5..2 per instance on older builds, so larger factors are chained. */
export function atempoChain(tempo: number): string[] {
  const filters: string[] = [];
  let rest = tempo;
  while (rest > 2) {
    filters.push('atempo=2');
    rest /= 2;
  }
  while (rest < 0.5) {
    filters.push('atempo=0.5');
    rest /= 0.5;
  }
  // Below 1% the stretch is inaudible as tempo but still costs a WSOLA pass.
  if (Math.abs(rest - 1) > 0.01) filters.push(`atempo=${rest.toFixed(5)}`);
  return filters;
}
