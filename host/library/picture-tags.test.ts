/**
 * The picture taggers as an outsider feeds them: lengths that lie about the file, damage far into
 * a large file, and a large picture that must not hold the host's event loop while it is checked
 * (docs/robust-host.md, "Metadata written without holding the loop"). Reading back goes through
 * real readers (sharp, exifr).
 */
import { crc32 } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addJpegExif } from './jpeg-exif.js';
import { addPngText, readPngText } from './png-text.js';
import { jpegBytes, pngBytes } from './test/fixtures.js';

const META = { description: 'A fox in snow', parameters: 'A fox in snow\nModel: seedream-4-5', json: '{}' } as Parameters<typeof addJpegExif>[1];

/** A PNG with one more chunk of `size` random-ish bytes before IEND (a large ancillary chunk). */
function withBigChunk(png: Buffer, size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) data[i] = i & 0xff;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size, 0);
  head.write('prVt', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), head, data, crc, png.subarray(iend)]);
}

describe('PNG text', () => {
  it('refuses a chunk whose length claims more than the file, without reading past it', async () => {
    const png = Buffer.from(pngBytes(8, 8));
    png.writeUInt32BE(0xfffffff0, 33); // the chunk after IHDR claims 4 GB
    await expect(addPngText(png, [{ keyword: 'Description', text: 'x' }])).rejects.toThrow(/longer than the file/);
    expect(() => readPngText(png)).toThrow(/longer than the file/);
  });

  it('refuses a file cut inside a chunk header, and one that is not a PNG', async () => {
    const png = pngBytes(8, 8);
    await expect(addPngText(png.subarray(0, png.length - 6), [{ keyword: 'Description', text: 'x' }])).rejects.toThrow();
    await expect(addPngText(Buffer.from('GIF89a…'), [{ keyword: 'Description', text: 'x' }])).rejects.toThrow(/not a PNG/);
  });

  it('finds damage deep inside a large chunk, past the first slice it checks', async () => {
    const big = withBigChunk(pngBytes(16, 16), 24 * 1024 * 1024);
    big[big.length - 4096] ^= 0x55;
    await expect(addPngText(big, [{ keyword: 'Description', text: 'x' }])).rejects.toThrow(/damaged PNG/);
  });

  it('gives the event loop back while it checks a 24 MB picture, and the picture reads the same', async () => {
    const big = withBigChunk(pngBytes(64, 64, 2), 24 * 1024 * 1024);
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    const out = await addPngText(big, [{ keyword: 'Description', text: 'A fox in snow' }]);
    clearInterval(tick);
    // Other work ran in between: the check was cut in slices, not one long hold of the loop.
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(readPngText(out).Description).toBe('A fox in snow');
    expect(await sharp(out).raw().toBuffer()).toEqual(await sharp(big).raw().toBuffer());
    expect(out.length).toBe(big.length + 12 + 'Description'.length + 1 + 'A fox in snow'.length);
  });
});

describe('JPEG EXIF', () => {
  it('refuses a segment whose length runs past the file', () => {
    const jpeg = Buffer.from(jpegBytes(16, 16));
    // The first segment after SOI (APP0 or a table) now claims more than the file holds.
    const small = jpeg.subarray(0, 40);
    expect(() => addJpegExif(small, META)).toThrow(/longer than the file|cut short/);
  });

  it('replaces an EXIF the gateway wrote, keeps one segment of it, and leaves the picture as it was', async () => {
    const once = addJpegExif(jpegBytes(32, 24), { ...META, description: 'from the gateway' });
    const twice = addJpegExif(once, META);
    expect(twice.toString('latin1').split('Exif\0\0').length - 1).toBe(1);
    expect((await exifr.parse(twice, { userComment: true })).ImageDescription).toBe('A fox in snow');
    expect(await sharp(twice).raw().toBuffer()).toEqual(await sharp(jpegBytes(32, 24)).raw().toBuffer());
  });
});
