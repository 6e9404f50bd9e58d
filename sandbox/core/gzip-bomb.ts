/**
 * Gzip bodies that inflate to gigabytes, for the download and answer faults (a hostile gateway).
 *
 * Gzipping 3 GB of zeros through zlib takes 4 s (level 1, 14 MB out) to 17 s (level 9, 3 MB out)
 * of a thread-pool thread. Instead each distinct piece is deflated once with a full flush (which
 * byte-aligns the output and resets the history, so the piece decodes on its own) and repeated;
 * the single gzip member's CRC-32 is combined arithmetically (zlib's crc32_combine) rather than
 * computed over gigabytes. Building a 3 GB bomb takes a few milliseconds and ~3 MB.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MiB = 1024 * 1024;
const POLY = 0xedb88320;

/** a·b modulo the CRC-32 polynomial, bit-reflected (zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p = (p ^ b) >>> 0;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? ((b >>> 1) ^ POLY) >>> 0 : b >>> 1;
  }
  return p;
}

const X2N: number[] = [];
for (let n = 0, p = 0x40000000; n < 32; n++, p = multModP(p, p)) X2N.push(p);

/** x^(n·2^k) modulo the polynomial; n may exceed 32 bits. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** CRC-32 of A followed by B, from the CRCs of A and B and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

/** One stretch of the inflated body: `bytes` repeated `times` times. */
export interface Run {
  bytes: Buffer;
  times: number;
}

/** A single-member gzip file whose content is the runs in order, built without inflating it. */
export function gzipOfRuns(runs: Run[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])];
  let crc = 0;
  let size = 0;
  for (const run of runs) {
    if (run.times <= 0 || run.bytes.length === 0) continue;
    const piece = deflateRawSync(run.bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
    const pieceCrc = crc32(run.bytes);
    for (let i = 0; i < run.times; i++) {
      parts.push(piece);
      crc = crc32Combine(crc, pieceCrc, run.bytes.length);
    }
    size += run.bytes.length * run.times;
  }
  // An empty final block ends the deflate stream.
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** `total` bytes as whole MiB runs of `fill` plus a remainder. */
function filled(fill: number, total: number): Run[] {
  const whole = Math.floor(total / MiB);
  const rest = total - whole * MiB;
  return [{ bytes: Buffer.alloc(MiB, fill), times: whole }, { bytes: Buffer.alloc(rest, fill), times: 1 }];
}

/** Zeros that inflate to 3 GiB (ISIZE stays below 2^32, so it reads true). */
export const ZERO_BOMB_BYTES = 3 * 1024 * MiB;
let zeroBomb: Buffer | undefined;

export function zeroBomb3G(): Buffer {
  zeroBomb ??= gzipOfRuns(filled(0, ZERO_BOMB_BYTES));
  return zeroBomb;
}

export const JSON_PAD_HEAD = '{"code":200,"data":{"pad":"';
export const JSON_PAD_TAIL = '"}}';

/** The gzip of a valid envelope `{"code":200,"data":{"pad":"xxx…"}}` of exactly `total` bytes. */
const jsonBombs = new Map<number, Buffer>();
export function jsonBomb(total: number): Buffer {
  let bomb = jsonBombs.get(total);
  if (!bomb) {
    const pad = Math.max(0, total - JSON_PAD_HEAD.length - JSON_PAD_TAIL.length);
    bomb = gzipOfRuns([{ bytes: Buffer.from(JSON_PAD_HEAD), times: 1 }, ...filled(0x78, pad), { bytes: Buffer.from(JSON_PAD_TAIL), times: 1 }]);
    // A handful of sizes at most in practice; keep the cache from growing without bound anyway.
    if (jsonBombs.size >= 4) jsonBombs.clear();
    jsonBombs.set(total, bomb);
  }
  return bomb;
}
