/**
 * MPEG audio (MP3) and ADTS (AAC) frame walkers for audio-inspect.ts.
 * Both start with a 0xFFF.. sync word; they are told apart by the layer bits,
 * which ADTS requires to be 0 and MPEG audio reserves.
 */

export interface FrameWalk {
  durationSeconds: number;
  sampleRate: number;
  frames: number;
}

/** Frames needed in a row before a sync word is trusted, so a stray 0xFF byte is not taken for audio. */
const MIN_FRAMES = 2;

/** Size of a leading ID3v2 tag (ffmpeg's mp3 muxer writes one by default). */
export function id3v2Size(buf: Uint8Array): number {
  if (buf.length < 10 || buf[0] !== 0x49 || buf[1] !== 0x44 || buf[2] !== 0x33) return 0;
  const size = ((buf[6] & 0x7f) << 21) | ((buf[7] & 0x7f) << 14) | ((buf[8] & 0x7f) << 7) | (buf[9] & 0x7f);
  const footer = buf[5] & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

// kbit/s by [version row][layer row][index]; index 0 (free format) is unsupported.
const BITRATES_V1 = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448], // layer I
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384], // layer II
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], // layer III
];
const BITRATES_V2 = [
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256], // layer I
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160], // layers II, III
];

interface MpegHeader {
  size: number;
  sampleRate: number;
  samples: number;
  mpeg1: boolean;
  mono: boolean;
}

function mpegHeader(buf: Uint8Array, at: number): MpegHeader | null {
  if (at + 4 > buf.length || buf[at] !== 0xff || (buf[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (buf[at + 1] >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layerBits = (buf[at + 1] >> 1) & 3; // 3: I, 2: II, 1: III
  const bitrateIndex = buf[at + 2] >> 4;
  const rateIndex = (buf[at + 2] >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const layer = 4 - layerBits;
  const mpeg1 = version === 3;
  const kbps = mpeg1 ? BITRATES_V1[layer - 1][bitrateIndex] : BITRATES_V2[layer === 1 ? 0 : 1][bitrateIndex];
  const sampleRate = [44100, 48000, 32000][rateIndex] / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const padding = (buf[at + 2] >> 1) & 1;
  const bitrate = kbps * 1000;
  let size: number;
  let samples: number;
  if (layer === 1) {
    size = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
    samples = 384;
  } else {
    samples = layer === 3 && !mpeg1 ? 576 : 1152;
    size = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  }
  return { size, sampleRate, samples, mpeg1, mono: buf[at + 3] >> 6 === 3 };
}

function ascii(buf: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...buf.subarray(at, at + length));
}

function u32be(buf: Uint8Array, at: number): number {
  return ((buf[at] << 24) >>> 0) + (buf[at + 1] << 16) + (buf[at + 2] << 8) + buf[at + 3];
}

/**
 * Encoder delay + padding from a Xing/Info frame's LAME extension, in samples,
 * or null when the frame is not a Xing/Info frame. Gapless decoders drop those
 * samples, so the playable duration excludes them.
 */
function xingTrim(buf: Uint8Array, at: number, head: MpegHeader): number | null {
  const sideInfo = head.mpeg1 ? (head.mono ? 17 : 32) : head.mono ? 9 : 17;
  const tag = at + 4 + sideInfo;
  if (tag + 8 > at + head.size) return null;
  const id = ascii(buf, tag, 4);
  if (id !== 'Xing' && id !== 'Info') return null;
  const flags = u32be(buf, tag + 4);
  const lame = tag + 8 + (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (lame + 24 > at + head.size || !/^(LAME|Lavc|Lavf|L3.99)/.test(ascii(buf, lame, 4))) return 0;
  const delay = (buf[lame + 21] << 4) | (buf[lame + 22] >> 4);
  const padding = ((buf[lame + 22] & 0x0f) << 8) | buf[lame + 23];
  return delay + padding;
}

/** Walks MPEG audio frames from the first run of valid ones; null when there is no such run. */
export function walkMp3(buf: Uint8Array): FrameWalk | null {
  const start = findRun(buf, id3v2Size(buf), (at) => mpegHeader(buf, at)?.size ?? 0);
  if (start < 0) return null;
  const first = mpegHeader(buf, start)!;
  let at = start;
  let samples = 0;
  let frames = 0;
  let trim = 0;
  for (let head = mpegHeader(buf, at); head && at + head.size <= buf.length; head = mpegHeader(buf, at)) {
    if (head.sampleRate !== first.sampleRate) break;
    const xing = frames === 0 && at === start ? xingTrim(buf, at, head) : null;
    if (xing === null) {
      samples += head.samples;
      frames++;
    } else {
      trim = xing;
    }
    at += head.size;
  }
  if (frames === 0) return null;
  return { durationSeconds: Math.max(0, samples - trim) / first.sampleRate, sampleRate: first.sampleRate, frames };
}

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

interface AdtsHeader {
  size: number;
  sampleRate: number;
  blocks: number;
}

function adtsHeader(buf: Uint8Array, at: number): AdtsHeader | null {
  if (at + 7 > buf.length || buf[at] !== 0xff || (buf[at + 1] & 0xf6) !== 0xf0) return null;
  const sampleRate = ADTS_RATES[(buf[at + 2] >> 2) & 0x0f];
  const size = ((buf[at + 3] & 3) << 11) | (buf[at + 4] << 3) | (buf[at + 5] >> 5);
  const headerSize = buf[at + 1] & 1 ? 7 : 9;
  if (!sampleRate || size < headerSize) return null;
  return { size, sampleRate, blocks: (buf[at + 6] & 3) + 1 };
}

/** Counts ADTS frames; each raw data block carries 1024 samples per channel. */
export function walkAdts(buf: Uint8Array): FrameWalk | null {
  const start = findRun(buf, id3v2Size(buf), (at) => adtsHeader(buf, at)?.size ?? 0);
  if (start < 0) return null;
  const first = adtsHeader(buf, start)!;
  let at = start;
  let blocks = 0;
  let frames = 0;
  for (let head = adtsHeader(buf, at); head && at + head.size <= buf.length; head = adtsHeader(buf, at)) {
    if (head.sampleRate !== first.sampleRate) break;
    blocks += head.blocks;
    frames++;
    at += head.size;
  }
  return { durationSeconds: (blocks * 1024) / first.sampleRate, sampleRate: first.sampleRate, frames };
}

/**
 * First offset (scanning at most 64 KiB past `from`) where MIN_FRAMES frames
 * follow each other, or where a single frame fills the rest of the buffer.
 */
function findRun(buf: Uint8Array, from: number, frameSize: (at: number) => number): number {
  const limit = Math.min(buf.length, from + 65536);
  for (let at = from; at < limit; at++) {
    if (buf[at] !== 0xff) continue;
    let next = at;
    let count = 0;
    while (count < MIN_FRAMES) {
      const size = frameSize(next);
      if (size === 0 || next + size > buf.length) break;
      next += size;
      count++;
      if (next === buf.length) break;
    }
    if (count >= MIN_FRAMES || (count > 0 && next === buf.length)) return at;
  }
  return -1;
}
