/**
 * Encodes synthesized PCM into the response formats of `/v1/audio/speech`
 * with ffmpeg.wasm's real encoders: LAME for mp3, libopus muxed into Ogg,
 * ffmpeg's native AAC encoder in ADTS, and its FLAC encoder. The same pass
 * time-stretches (atempo) and resamples to the model's output rate.
 */
import { SPEECH, type SpeechFormat } from '../spec/tables.js';
import { runFfmpeg } from './audio-ffmpeg.js';
import type { Pcm } from './speech-espeak.js';
import { atempoChain } from './speech-voices.js';

export const SPEECH_FORMATS: readonly SpeechFormat[] = SPEECH.formats;
export type { SpeechFormat };

interface FormatSpec {
  ext: string;
  codecArgs(hd: boolean): string[];
}

// Bitrates follow what hosted TTS APIs serve for mono speech; hd doubles them.
const FORMATS: Record<SpeechFormat, FormatSpec> = {
  mp3: {
    ext: 'mp3',
    codecArgs: (hd) => ['-c:a', 'libmp3lame', '-b:a', hd ? '128k' : '64k', '-f', 'mp3'],
  },
  opus: {
    ext: 'ogg',
    codecArgs: (hd) => ['-c:a', 'libopus', '-b:a', hd ? '64k' : '32k', '-application', hd ? 'audio' : 'voip', '-f', 'ogg'],
  },
  aac: {
    ext: 'aac',
    // The fast coder, as the previous ffmpeg.wasm build used by default (same bytes); this
    // build's default (twoloop) takes about four times as long.
    codecArgs: (hd) => ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', hd ? '128k' : '64k', '-f', 'adts'],
  },
  flac: {
    ext: 'flac',
    codecArgs: () => ['-c:a', 'flac', '-f', 'flac'],
  },
};

export function speechContentType(format: SpeechFormat): string {
  return SPEECH.contentTypes[format];
}

export interface EncodeOptions {
  format: SpeechFormat;
  /** Output sample rate (what the client decodes at, Opus aside which always decodes at 48 kHz). */
  sampleRate: number;
  /** Time-stretch factor: >1 plays faster, without changing pitch. */
  tempo: number;
  hd: boolean;
}

export async function encodeSpeech(pcm: Pcm, opts: EncodeOptions): Promise<Uint8Array> {
  const spec = FORMATS[opts.format];
  const filters = [...atempoChain(opts.tempo), `aresample=${opts.sampleRate}`];
  const raw = new Uint8Array(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength);
  return runFfmpeg({
    input: raw,
    // Int16Array bytes are in host order; every platform Node ships for is little-endian.
    inputArgs: ['-f', 's16le', '-ar', String(pcm.sampleRate), '-ac', '1'],
    outputArgs: [
      '-af', filters.join(','),
      '-ac', '1',
      '-ar', String(opts.sampleRate),
      // Bit-exact: no encoder version strings and a fixed Ogg serial, so equal requests give equal bytes.
      '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact',
      ...spec.codecArgs(opts.hd),
    ],
    outputExt: spec.ext,
  });
}
