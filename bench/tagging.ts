/**
 * Tagging: writing the prompt and settings into a large picture must not hold the host's event
 * loop (docs/robust-host.md, "Metadata written without holding the loop"). A real gateway's 4K
 * PNG runs to tens of megabytes; the studio tags it in memory before it joins the library. This
 * tags a 24 MB PNG and a 10 MB JPEG into the pieces the library writes (made here: a small picture with a large ancillary chunk or
 * comment, which the taggers walk like any other) five times each, with a 1 ms timer measuring
 * the longest time the loop was held. Budget: longest hold ≤ 50 ms (half the studio's
 * 100 ms stall); the medians of the whole tagging print for information.
 *   npx tsx bench/tagging.ts [--runs 5]
 */
import { parseArgs } from 'node:util';
import { crc32 } from 'node:zlib';
import { report, type Row } from './lib/child.js';
import { jpegExifPieces } from '../host/library/jpeg-exif.js';
import { pngTextPieces } from '../host/library/png-text.js';
import { jpegBytes, pngBytes } from '../host/library/test/fixtures.js';
import { longestHold } from './lib/loop-watch.js';
import { upperMedian as median } from './lib/median.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const BUDGET_MS = 50;

/** A PNG of `extra` bytes more, in a private ancillary chunk before IEND. */
function largePng(extra: number): Buffer {
  const png = pngBytes(256, 256);
  const data = Buffer.alloc(extra, 7);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(extra, 0);
  head.write('prVt', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([png.subarray(0, png.length - 12), head, data, crc, png.subarray(png.length - 12)]);
}

/** A JPEG of `extra` bytes more, in COM segments after SOI (each at most 64 KB). */
function largeJpeg(extra: number): Buffer {
  const jpeg = jpegBytes(256, 256);
  const segments: Buffer[] = [];
  for (let left = extra; left > 0; left -= 65_000) {
    const size = Math.min(65_000, left);
    const s = Buffer.alloc(size + 4, 0x20);
    s.writeUInt16BE(0xfffe, 0);
    s.writeUInt16BE(size + 2, 2);
    segments.push(s);
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}


const meta = { description: 'A lighthouse at dusk', parameters: 'A lighthouse at dusk\nModel: seedream-4-5', json: '{}' } as Parameters<typeof jpegExifPieces>[1];
const png = largePng(24 * 1024 * 1024);
const jpeg = largeJpeg(10 * 1024 * 1024);
const rows: Row[] = [];
for (const [name, work] of [
  ['24 MB PNG', () => pngTextPieces(png, [{ keyword: 'Description', text: meta.description }, { keyword: 'parameters', text: meta.parameters }])],
  ['10 MB JPEG', () => jpegExifPieces(jpeg, meta)],
] as const) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await longestHold(work));
  const worst = Math.max(...runs.map((r) => r.holdMs));
  rows.push({ figure: `tagging a ${name}: the whole tagging, median (ms)`, value: median(runs.map((r) => r.totalMs)).toFixed(0), budget: '—', ok: null });
  rows.push({ figure: `tagging a ${name}: the host's longest event-loop hold, worst of ${RUNS} (ms)`, value: worst.toFixed(0), budget: `≤ ${BUDGET_MS}`, ok: worst <= BUDGET_MS });
}
report(rows);
