/**
 * Decodes mp3 / Ogg Opus / ADTS AAC / FLAC back to PCM with the shared
 * ffmpeg.wasm instance, so tests can check that encoded speech is real sound.
 * Only buffers that inspectAudio recognises are handed to ffmpeg: its error
 * paths corrupt the instance (see audio-ffmpeg.ts).
 */
import { runFfmpeg } from './audio-ffmpeg.js';
import { inspectAudio, type AudioContainer } from '@media/audio-inspect.js';

export interface DecodedAudio {
  /** Mono (channels averaged) signed 16-bit samples. */
  samples: Int16Array;
  sampleRate: number;
}

const DEMUXERS: Record<Exclude<AudioContainer, 'unknown'>, string> = {
  mp3: 'mp3',
  'ogg-opus': 'ogg',
  'adts-aac': 'aac',
  flac: 'flac',
};

export async function decodeAudio(buf: Buffer | Uint8Array, sampleRate?: number): Promise<DecodedAudio> {
  const info = inspectAudio(buf);
  if (info.container === 'unknown') throw new Error('decodeAudio: not an mp3, Ogg Opus, ADTS AAC or FLAC stream');
  const rate = sampleRate ?? info.sampleRate;
  const raw = await runFfmpeg({
    input: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
    inputArgs: ['-f', DEMUXERS[info.container]],
    outputArgs: ['-ac', '1', '-ar', String(rate), '-c:a', 'pcm_s16le', '-f', 's16le'],
    outputExt: 'raw',
  });
  const samples = new Int16Array(raw.byteLength >> 1);
  new Uint8Array(samples.buffer).set(raw.subarray(0, samples.byteLength));
  return { samples, sampleRate: rate };
}
