import { describe, expect, it } from 'vitest';
import { inspectAudio, oggCrc, readOggPages } from './audio-inspect.js';

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz, mono, no padding: 417-byte frames of 1152 samples. */
function mp3Frame(): Uint8Array {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0xc0]);
  return frame;
}

/** An Info frame whose LAME extension says `delay` + `padding` samples are not audio. */
function infoFrame(delay: number, padding: number): Uint8Array {
  const frame = mp3Frame();
  const tag = 4 + 17; // header + mono MPEG-1 side info
  frame.set([...'Info'].map((c) => c.charCodeAt(0)), tag);
  frame.set([0, 0, 0, 1], tag + 4); // frames field only
  const lame = tag + 12;
  frame.set([...'LAME3.100'].map((c) => c.charCodeAt(0)), lame);
  frame.set([delay >> 4, ((delay & 0x0f) << 4) | (padding >> 8), padding & 0xff], lame + 21);
  return frame;
}

/** ADTS AAC-LC, 24 kHz mono, one raw data block, protection absent. */
function adtsFrame(size: number): Uint8Array {
  const frame = new Uint8Array(size);
  frame.set([0xff, 0xf1, 0x58, 0x40 | (size >> 11), (size >> 3) & 0xff, ((size & 7) << 5) | 0x1f, 0xfc]);
  return frame;
}

function oggPage(opts: { headerType: number; granule: bigint; sequence: number; body: Uint8Array }): Uint8Array {
  const lacing: number[] = [];
  let left = opts.body.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const page = new Uint8Array(27 + lacing.length + opts.body.length);
  const view = new DataView(page.buffer);
  page.set([...'OggS'].map((c) => c.charCodeAt(0)));
  page[5] = opts.headerType;
  view.setBigInt64(6, opts.granule, true);
  view.setUint32(14, 0x1234, true);
  view.setUint32(18, opts.sequence, true);
  page[26] = lacing.length;
  page.set(lacing, 27);
  page.set(opts.body, 27 + lacing.length);
  view.setUint32(22, oggCrc(page), true);
  return page;
}

function opusStream(preSkip: number, finalGranule: bigint): Uint8Array {
  const head = new Uint8Array(19);
  head.set([...'OpusHead'].map((c) => c.charCodeAt(0)));
  head.set([1, 1, preSkip & 0xff, preSkip >> 8, 0xc0, 0x5d, 0, 0], 8);
  const tags = new Uint8Array(16);
  tags.set([...'OpusTags'].map((c) => c.charCodeAt(0)));
  return concat(
    oggPage({ headerType: 2, granule: 0n, sequence: 0, body: head }),
    oggPage({ headerType: 0, granule: 0n, sequence: 1, body: tags }),
    oggPage({ headerType: 0, granule: finalGranule / 2n, sequence: 2, body: new Uint8Array(300) }),
    oggPage({ headerType: 4, granule: finalGranule, sequence: 3, body: new Uint8Array(40) }),
  );
}

function flacStream(sampleRate: number, totalSamples: number): Uint8Array {
  const out = new Uint8Array(4 + 4 + 34);
  out.set([...'fLaC'].map((c) => c.charCodeAt(0)));
  out.set([0x80, 0, 0, 34], 4); // last block, STREAMINFO, 34 bytes
  const info = 8;
  out[info + 10] = sampleRate >> 12;
  out[info + 11] = (sampleRate >> 4) & 0xff;
  out[info + 12] = ((sampleRate & 0x0f) << 4) | (0 << 1); // mono
  out[info + 13] = (15 << 4) | Math.floor(totalSamples / 2 ** 32); // 16 bits per sample
  new DataView(out.buffer).setUint32(info + 14, totalSamples >>> 0);
  return out;
}

describe('inspectAudio', () => {
  it('counts MPEG frames behind an ID3v2 tag', () => {
    const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5]);
    const info = inspectAudio(Buffer.from(concat(id3, ...Array.from({ length: 100 }, mp3Frame))));
    expect(info).toEqual({ container: 'mp3', durationSeconds: (100 * 1152) / 44100, sampleRate: 44100 });
  });

  it('skips the Xing/Info frame and trims the LAME delay and padding', () => {
    const info = inspectAudio(concat(infoFrame(576, 1000), ...Array.from({ length: 50 }, mp3Frame)));
    expect(info.container).toBe('mp3');
    expect(info.durationSeconds).toBeCloseTo((50 * 1152 - 1576) / 44100, 9);
  });

  it('counts ADTS frames at 1024 samples each', () => {
    const info = inspectAudio(concat(...Array.from({ length: 30 }, () => adtsFrame(200))));
    expect(info).toEqual({ container: 'adts-aac', durationSeconds: (30 * 1024) / 24000, sampleRate: 24000 });
  });

  it('reads Ogg Opus duration from the last granule minus pre-skip', () => {
    const info = inspectAudio(opusStream(312, 48000n * 3n + 312n));
    expect(info).toEqual({ container: 'ogg-opus', durationSeconds: 3, sampleRate: 48000 });
  });

  it('rejects Ogg with a bad CRC or without OpusHead/OpusTags', () => {
    const stream = opusStream(312, 96312n);
    const corrupt = stream.slice();
    corrupt[corrupt.length - 1] ^= 0xff;
    expect(inspectAudio(corrupt).container).toBe('unknown');
    expect(readOggPages(corrupt)).toBeNull();
    const vorbis = stream.slice();
    vorbis.set([...'OpusHeaX'].map((c) => c.charCodeAt(0)), 28);
    expect(inspectAudio(vorbis).container).toBe('unknown');
  });

  it("uses Ogg's CRC-32 (check value of '123456789')", () => {
    expect(oggCrc(new TextEncoder().encode('123456789'))).toBe(0x89a1897f);
  });

  it('reads FLAC STREAMINFO', () => {
    expect(inspectAudio(flacStream(48000, 120000))).toEqual({ container: 'flac', durationSeconds: 2.5, sampleRate: 48000 });
  });

  it('does not mutate the buffer it inspects', () => {
    const buf = Buffer.from(opusStream(312, 96312n));
    const copy = Buffer.from(buf);
    inspectAudio(buf);
    expect(buf.equals(copy)).toBe(true);
  });

  it('returns unknown for other data', () => {
    const wav = new Uint8Array(64);
    wav.set([...'RIFF'].map((c) => c.charCodeAt(0)));
    for (const buf of [new Uint8Array(0), wav, new Uint8Array(5000).fill(0xff), new TextEncoder().encode('hello')]) {
      expect(inspectAudio(buf)).toEqual({ container: 'unknown', durationSeconds: 0, sampleRate: 0 });
    }
  });
});
