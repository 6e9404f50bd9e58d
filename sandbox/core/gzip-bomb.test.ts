import { describe, expect, it } from 'vitest';
import { crc32, gunzipSync } from 'node:zlib';
import { crc32Combine, gzipOfRuns, jsonBomb, zeroBomb3G, ZERO_BOMB_BYTES } from './gzip-bomb.js';

describe('gzip bombs built without inflating them', () => {
  it('combine CRC-32s as if computed over the joined bytes', () => {
    const a = Buffer.from('a gzip member ');
    const b = Buffer.from('of two parts');
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });

  it('are valid single-member gzip files: gunzip checks their CRC and length', () => {
    const runs = [{ bytes: Buffer.from('head:'), times: 1 }, { bytes: Buffer.alloc(70_000, 7), times: 5 }, { bytes: Buffer.from(':tail'), times: 2 }];
    const out = gunzipSync(gzipOfRuns(runs));
    expect(out.equals(Buffer.concat([Buffer.from('head:'), ...Array(5).fill(Buffer.alloc(70_000, 7)), Buffer.from(':tail:tail')]))).toBe(true);
  });

  it('a JSON bomb inflates to a valid envelope of exactly the size asked', () => {
    const json = gunzipSync(jsonBomb(3 * 1024 * 1024 + 17)).toString('utf8');
    expect(json.length).toBe(3 * 1024 * 1024 + 17);
    expect(JSON.parse(json)).toMatchObject({ code: 200, data: { pad: expect.stringMatching(/^x+$/) } });
  });

  it('the download bomb is a few MB that say 3 GiB', () => {
    const bomb = zeroBomb3G();
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    expect(bomb.readUInt32LE(bomb.length - 4)).toBe(ZERO_BOMB_BYTES);
  });
});
