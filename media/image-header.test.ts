import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { imageHeader } from './image-header.js';
import { sniffImage } from './sniff.js';

const pixels = (width: number, height: number) => Buffer.alloc(width * height * 4, 0x80);

/** An RGBA PNG (colour type 6), as the sandbox's encoder writes them. */
const rgbaPng = (width: number, height: number) => pngjs.PNG.sync.write(new pngjs.PNG({ width, height }), { colorType: 6 });

/** A real JPEG from jpeg-js (APP0 JFIF, DQT, SOF0, DHT, SOS...). */
const realJpeg = (width: number, height: number) => jpeg.encode({ width, height, data: pixels(width, height) }, 80).data;

/** Inserts an APP1 segment right after SOI, as cameras do with EXIF (often holding its own thumbnail). */
function withApp1(jpg: Buffer, payloadSize: number): Buffer {
  const seg = Buffer.alloc(4 + payloadSize, 0xff); // 0xff payload bytes must not be mistaken for markers
  seg.writeUInt16BE(0xffe1, 0);
  seg.writeUInt16BE(2 + payloadSize, 2);
  return Buffer.concat([jpg.subarray(0, 2), seg, jpg.subarray(2)]);
}

/** The canonical 1×1 transparent GIF89a, resized in its logical screen descriptor. */
function gif(width: number, height: number): Buffer {
  const b = Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

function riff(chunk: string, body: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(12 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  head.write(chunk, 12, 'latin1');
  head.writeUInt32LE(body.length, 16);
  return Buffer.concat([head, body]);
}

describe('sniffImage and the image header', () => {
  it('reads PNG dimensions from IHDR (RGBA and pngjs defaults alike)', async () => {
    expect(await sniffImage(rgbaPng(37, 19))).toEqual({ format: 'png', width: 37, height: 19 });
    const png = new pngjs.PNG({ width: 5, height: 300 });
    expect(await sniffImage(pngjs.PNG.sync.write(png))).toEqual({ format: 'png', width: 5, height: 300 });
  });

  it('reads JPEG dimensions from the SOF marker', async () => {
    expect(await sniffImage(realJpeg(33, 17))).toEqual({ format: 'jpeg', width: 33, height: 17 });
    expect(await sniffImage(withApp1(realJpeg(640, 480), 5000))).toEqual({ format: 'jpeg', width: 640, height: 480 });
  });

  it('handles a progressive (SOF2) header and fill bytes between segments', async () => {
    const base = realJpeg(20, 10);
    const sof = base.indexOf(Buffer.from([0xff, 0xc0]));
    const progressive = Buffer.from(base);
    progressive[sof + 1] = 0xc2;
    const padded = Buffer.concat([progressive.subarray(0, sof), Buffer.from([0xff, 0xff]), progressive.subarray(sof)]);
    expect(await sniffImage(padded)).toEqual({ format: 'jpeg', width: 20, height: 10 });
  });

  it('reads GIF dimensions', async () => {
    expect(await sniffImage(gif(1, 1))).toEqual({ format: 'gif', width: 1, height: 1 });
    expect(await sniffImage(gif(320, 200))).toEqual({ format: 'gif', width: 320, height: 200 });
  });

  it('reads WebP dimensions from VP8, VP8L and VP8X headers', async () => {
    const vp8 = Buffer.alloc(10);
    vp8.set([0x9d, 0x01, 0x2a], 3);
    vp8.writeUInt16LE(300, 6);
    vp8.writeUInt16LE(150, 8);
    expect(await sniffImage(riff('VP8 ', vp8))).toEqual({ format: 'webp', width: 300, height: 150 });

    const vp8l = Buffer.alloc(5);
    vp8l[0] = 0x2f;
    vp8l.writeUInt32LE((1024 - 1) | ((768 - 1) << 14), 1);
    expect(await sniffImage(riff('VP8L', vp8l))).toEqual({ format: 'webp', width: 1024, height: 768 });

    const vp8x = Buffer.alloc(10);
    vp8x.writeUIntLE(6000 - 1, 4, 3);
    vp8x.writeUIntLE(2600 - 1, 7, 3);
    expect(await sniffImage(riff('VP8X', vp8x))).toEqual({ format: 'webp', width: 6000, height: 2600 });
  });

  it('tells whether a PNG or WebP may be transparent', () => {
    expect(imageHeader('png', rgbaPng(3, 2))).toEqual({ width: 3, height: 2, alpha: true });
    expect(imageHeader('png', pngjs.PNG.sync.write(new pngjs.PNG({ width: 3, height: 2 }), { colorType: 2 }))).toMatchObject({ alpha: false });
    const vp8l = Buffer.alloc(5);
    vp8l[0] = 0x2f;
    vp8l.writeUInt32LE(1 << 28, 1);
    expect(imageHeader('webp', riff('VP8L', vp8l))).toEqual({ width: 1, height: 1, alpha: true });
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x10;
    expect(imageHeader('webp', riff('VP8X', vp8x))).toEqual({ width: 1, height: 1, alpha: true });
  });

  it('leaves out a size a corrupt header does not plainly say', () => {
    const vp8 = Buffer.alloc(10);
    vp8.writeUInt16LE(300, 6);
    vp8.writeUInt16LE(150, 8);
    expect(imageHeader('webp', riff('VP8 ', vp8))).toEqual({}); // no start code
    const zeroLength = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x00, 0xff, 0xc0]);
    expect(imageHeader('jpeg', zeroLength)).toEqual({});
  });

  it('recognises the format but leaves out dimensions when the header is truncated', async () => {
    // Too short for file-type to follow the PNG's first chunk: not taken for a PNG at all.
    expect(await sniffImage(rgbaPng(4, 4).subarray(0, 12))).toEqual({ format: 'unknown' });
    expect(imageHeader('png', rgbaPng(4, 4).subarray(0, 20))).toEqual({});
    expect(await sniffImage(realJpeg(8, 8).subarray(0, 30))).toEqual({ format: 'jpeg' });
    expect(await sniffImage(gif(2, 2).subarray(0, 8))).toEqual({ format: 'gif' });
  });

  it('says unknown for junk, text, and look-alikes', async () => {
    expect(await sniffImage(Buffer.alloc(0))).toEqual({ format: 'unknown' });
    expect(await sniffImage(Buffer.from('hello.png'))).toEqual({ format: 'unknown' });
    expect(await sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ format: 'unknown' });
    expect(await sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toEqual({ format: 'unknown' }); // partial signature
    expect(await sniffImage(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'))).toEqual({ format: 'unknown' });
    const random = Buffer.alloc(256);
    for (let i = 0; i < random.length; i++) random[i] = (i * 73 + 41) & 0xff;
    expect(await sniffImage(random)).toEqual({ format: 'unknown' });
  });
});
