import { describe, expect, it } from 'vitest';
import { sniff } from './sniff.js';
import { jpegBytes, mp3Bytes, pngBytes } from './test-fixtures.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniff', () => {
  it('recognises images and reads their size', () => {
    expect(sniff(pngBytes(7, 5))).toEqual({ kind: 'image', mime: 'image/png', ext: '.png', width: 7, height: 5, alpha: false });
    expect(sniff(pngBytes(7, 5, 0, true))).toMatchObject({ alpha: true });
    expect(sniff(jpegBytes(9, 4))).toEqual({ kind: 'image', mime: 'image/jpeg', ext: '.jpg', width: 9, height: 4 });
    expect(sniff(bytes('GIF89a', [3, 0, 2, 0]))).toMatchObject({ mime: 'image/gif', width: 3, height: 2 });
    const webp = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 4, 0, 0]);
    expect(sniff(webp)).toMatchObject({ mime: 'image/webp', ext: '.webp', width: 10, height: 5, alpha: false });
  });

  it('recognises video containers', () => {
    expect(sniff(bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0]))).toMatchObject({ kind: 'video', mime: 'video/mp4', ext: '.mp4' });
    expect(sniff(bytes([0, 0, 0, 24], 'ftypM4A ', [0, 0, 2, 0]))).toMatchObject({ kind: 'audio', mime: 'audio/mp4', ext: '.m4a' });
    expect(sniff(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toMatchObject({ kind: 'video', ext: '.webm' });
  });

  it('recognises audio: MP3 (ID3 or bare frame), Ogg/Opus, FLAC, ADTS AAC, WAV', () => {
    expect(sniff(mp3Bytes())).toMatchObject({ kind: 'audio', mime: 'audio/mpeg', ext: '.mp3' });
    expect(sniff(bytes([0xff, 0xfb, 0x90, 0x64]))).toMatchObject({ mime: 'audio/mpeg' });
    expect(sniff(bytes([0xff, 0xf1, 0x50, 0x80]))).toMatchObject({ mime: 'audio/aac', ext: '.aac' });
    expect(sniff(bytes('OggS', new Array(24).fill(0), 'OpusHead'))).toMatchObject({ mime: 'audio/ogg', ext: '.opus' });
    expect(sniff(bytes('OggS', new Array(24).fill(0), '\x01vorbis'))).toMatchObject({ mime: 'audio/ogg', ext: '.ogg' });
    expect(sniff(bytes('fLaC', [0, 0, 0, 34]))).toMatchObject({ mime: 'audio/flac', ext: '.flac' });
    expect(sniff(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toMatchObject({ mime: 'audio/wav' });
  });

  it('returns undefined for anything else, including truncated headers', () => {
    expect(sniff(Buffer.from('<html>'))).toBeUndefined();
    expect(sniff(Buffer.alloc(0))).toBeUndefined();
    expect(sniff(bytes([0xff, 0xe0]))).toBeUndefined();
  });
});
