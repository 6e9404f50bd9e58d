import { describe, expect, it } from 'vitest';
import { inspectMp4, readBoxes } from './mp4-inspect.js';
// The sandbox's encoder stands in for a real file (tests may use it: docs/house-rules.md).
import { renderPromptVideo } from '@sandbox/media/video-render.js';

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v, i * 4));
  return b;
}

function full(version: number, rest: Buffer): Buffer {
  return Buffer.concat([Buffer.from([version, 0, 0, 0]), rest]);
}

/**
 * A hand-made MP4 skeleton: version 1 mvhd (64-bit times, as long recordings
 * use), a High-profile avc1 video track of 90 frames over 3 s at 640x360.
 */
function syntheticMp4(movieDuration: number): Buffer {
  const mvhd = Buffer.alloc(28);
  mvhd.writeUInt32BE(1000, 16);
  mvhd.writeBigUInt64BE(BigInt(movieDuration), 20);
  const tkhd = Buffer.alloc(80);
  tkhd.writeUInt32BE(640 * 65536, 72);
  tkhd.writeUInt32BE(360 * 65536, 76);
  const entry = Buffer.alloc(78);
  entry.writeUInt16BE(640, 24);
  entry.writeUInt16BE(360, 26);
  const avcC = box('avcC', Buffer.from([1, 0x64, 0x00, 0x1f, 0xff, 0xe0, 0]));
  const stbl = box('stbl',
    box('stsd', full(0, Buffer.concat([u32(1), box('avc1', entry, avcC)]))),
    box('stsz', full(0, u32(0, 90))));
  const hdlr = box('hdlr', full(0, Buffer.concat([u32(0), Buffer.from('vide'), Buffer.alloc(13)])));
  const mdia = box('mdia', box('mdhd', full(0, u32(0, 0, 90000, 270000, 0))), hdlr, box('minf', stbl));
  return Buffer.concat([
    box('ftyp', Buffer.from('isom'), u32(0), Buffer.from('isomavc1')),
    box('moov', box('mvhd', full(1, mvhd)), box('trak', box('tkhd', full(0, tkhd)), mdia)),
    box('mdat', Buffer.alloc(16)),
  ]);
}

describe('inspectMp4', () => {
  it('reads a rendered H.264 file', async () => {
    const video = await renderPromptVideo({ prompt: 'inspect me', seconds: 4, width: 160, height: 90 });
    const info = inspectMp4(video.mp4);
    expect(info).toMatchObject({ brand: 'mp42', durationSeconds: 4, width: 160, height: 90, frameCount: 48 });
    expect(info.compatibleBrands).toContain('isom');
    expect(info.codec).toMatch(/^avc1\./);
  });

  it('accepts a Uint8Array view that does not start at offset 0', async () => {
    const video = await renderPromptVideo({ prompt: 'view', seconds: 3, width: 64, height: 64 });
    const padded = new Uint8Array(video.mp4.length + 7);
    padded.set(video.mp4, 7);
    expect(inspectMp4(padded.subarray(7)).durationSeconds).toBe(3);
  });

  it('lists top-level boxes, including 64-bit and to-end sizes', () => {
    const large = Buffer.alloc(24);
    large.writeUInt32BE(1, 0);
    large.write('free', 4, 'latin1');
    large.writeBigUInt64BE(24n, 8);
    const toEnd = Buffer.concat([u32(0), Buffer.from('mdat'), Buffer.alloc(5)]);
    const file = Buffer.concat([box('ftyp', Buffer.from('isom'), u32(0)), large, toEnd]);
    expect(readBoxes(file).map((b) => [b.type, b.size])).toEqual([['ftyp', 16], ['free', 24], ['mdat', 13]]);
  });

  it('reads a hand-made file: version 1 mvhd, High profile, moov before mdat', () => {
    expect(inspectMp4(syntheticMp4(3000))).toEqual({
      brand: 'isom', compatibleBrands: ['isom', 'avc1'], durationSeconds: 3, width: 640, height: 360,
      codec: 'avc1.64001f', frameCount: 90, fps: 30, topLevelBoxes: ['ftyp', 'moov', 'mdat'],
    });
  });

  it('falls back to the track duration when mvhd says 0', () => {
    expect(inspectMp4(syntheticMp4(0)).durationSeconds).toBe(3);
  });

  it('says which box is missing', () => {
    const noVideo = Buffer.concat([box('ftyp', Buffer.from('isom'), u32(0)), box('mdat'), box('moov')]);
    expect(() => inspectMp4(noVideo)).toThrow(/mvhd/);
  });

  it('rejects data that is not an MP4', () => {
    expect(() => inspectMp4(Buffer.from('definitely not a movie file'))).toThrow(/mp4/);
    expect(() => inspectMp4(Buffer.alloc(0))).toThrow(/ftyp/);
  });

  it('rejects a truncated file', async () => {
    const video = await renderPromptVideo({ prompt: 'cut', seconds: 3, width: 64, height: 64 });
    expect(() => inspectMp4(video.mp4.subarray(0, video.mp4.length - 100))).toThrow(/bad size/);
  });
});
