import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { sniff } from './sniff.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

const pngBytes = (width: number, height: number, alpha = false) =>
  pngjs.PNG.sync.write(new pngjs.PNG({ width, height }), { colorType: alpha ? 6 : 2 });
const jpegBytes = (width: number, height: number) => Buffer.from(jpeg.encode({ data: Buffer.alloc(width * height * 4, 200), width, height }, 80).data);
/** An MPEG-1 layer III frame header after an ID3v2 tag: enough for typing, not for playback. */
const mp3Bytes = () => Buffer.concat([bytes('ID3\x04\x00\x00\x00\x00\x00\x00'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);

/** An EBML header naming its document type, as Matroska and WebM files start. */
function ebml(docType: string): Buffer {
  const body = bytes([0x42, 0x82, 0x80 | docType.length], docType);
  return Buffer.concat([bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(32)]);
}

describe('sniff', () => {
  it('recognises images and reads their size', async () => {
    expect(await sniff(pngBytes(7, 5))).toEqual({ kind: 'image', mime: 'image/png', ext: '.png', width: 7, height: 5, alpha: false });
    expect(await sniff(pngBytes(7, 5, true))).toMatchObject({ alpha: true });
    expect(await sniff(jpegBytes(9, 4))).toEqual({ kind: 'image', mime: 'image/jpeg', ext: '.jpg', width: 9, height: 4 });
    expect(await sniff(bytes('GIF89a', [3, 0, 2, 0]))).toMatchObject({ mime: 'image/gif', width: 3, height: 2 });
    const webp = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 4, 0, 0]);
    expect(await sniff(webp)).toMatchObject({ mime: 'image/webp', ext: '.webp', width: 10, height: 5, alpha: false });
  });

  it('recognises video containers', async () => {
    expect(await sniff(bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0]))).toMatchObject({ kind: 'video', mime: 'video/mp4', ext: '.mp4' });
    expect(await sniff(bytes([0, 0, 0, 24], 'ftypqt  ', [0, 0, 2, 0]))).toMatchObject({ kind: 'video', mime: 'video/quicktime', ext: '.mov' });
    expect(await sniff(bytes([0, 0, 0, 24], 'ftypM4A ', [0, 0, 2, 0]))).toMatchObject({ kind: 'audio', mime: 'audio/mp4', ext: '.m4a' });
    expect(await sniff(ebml('webm'))).toMatchObject({ kind: 'video', mime: 'video/webm', ext: '.webm' });
  });

  it('recognises audio: MP3 (ID3 or bare frame), Ogg/Opus, FLAC, ADTS AAC, WAV', async () => {
    expect(await sniff(mp3Bytes())).toMatchObject({ kind: 'audio', mime: 'audio/mpeg', ext: '.mp3' });
    expect(await sniff(bytes([0xff, 0xfb, 0x90, 0x64]))).toMatchObject({ mime: 'audio/mpeg' });
    expect(await sniff(bytes([0xff, 0xf1, 0x50, 0x80]))).toMatchObject({ mime: 'audio/aac', ext: '.aac' });
    expect(await sniff(bytes('OggS', new Array(24).fill(0), 'OpusHead'))).toMatchObject({ mime: 'audio/ogg', ext: '.opus' });
    expect(await sniff(bytes('OggS', new Array(24).fill(0), '\x01vorbis', [0, 0, 0, 0]))).toMatchObject({ mime: 'audio/ogg', ext: '.ogg' });
    expect(await sniff(bytes('fLaC', [0, 0, 0, 34]))).toMatchObject({ mime: 'audio/flac', ext: '.flac' });
    expect(await sniff(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toMatchObject({ mime: 'audio/wav' });
  });

  it('returns undefined for anything else, including truncated headers', async () => {
    expect(await sniff(Buffer.from('<html>'))).toBeUndefined();
    expect(await sniff(Buffer.alloc(0))).toBeUndefined();
    expect(await sniff(bytes([0xff, 0xe0]))).toBeUndefined();
  });

  it('refuses look-alikes the studio does not keep, whatever box or container they come in', async () => {
    // Pictures in an ISO-BMFF box, a Matroska file, an Ogg video, a PDF: no player here takes them as what they resemble.
    expect(await sniff(bytes([0, 0, 0, 24], 'ftypavif', [0, 0, 0, 0]))).toBeUndefined();
    expect(await sniff(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))).toBeUndefined();
    expect(await sniff(ebml('matroska'))).toBeUndefined();
    expect(await sniff(bytes('OggS', new Array(24).fill(0), '\x80theora'))).toBeUndefined();
    expect(await sniff(bytes('%PDF-1.7\n'))).toBeUndefined();
  });

  it('never answers from a name or a declared type: only the bytes count', async () => {
    const named = new TextEncoder().encode('video.mp4 Content-Type: video/mp4');
    expect(await sniff(named)).toBeUndefined();
  });
});
