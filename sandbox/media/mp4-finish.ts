/** Post-processing of the encoder's MP4 (see finishMp4). */
import { childBoxes, readBoxes, type Mp4Box } from '@media/mp4-inspect.js';

/**
 * minimp4 writes the wall-clock time into mvhd/tkhd/mdhd and puts moov after
 * mdat. Zeroing the times makes output byte-for-byte reproducible, and moving
 * moov first ("faststart") lets a player start before the whole file arrives.
 */
export function finishMp4(mp4: Buffer): Buffer {
  const top = readBoxes(mp4);
  const moov = top.find((b) => b.type === 'moov');
  const ftyp = top.find((b) => b.type === 'ftyp');
  if (!moov || !ftyp) throw new Error('encoder produced an MP4 without ftyp/moov');
  const moovBytes = Buffer.from(mp4.subarray(moov.start, moov.start + moov.size));
  const root = readBoxes(moovBytes)[0];
  const mdatFirst = top.findIndex((b) => b.type === 'mdat') < top.indexOf(moov);
  walk(moovBytes, root, (box) => {
    const p = box.start + box.headerSize;
    if (box.type === 'mvhd' || box.type === 'tkhd' || box.type === 'mdhd') {
      moovBytes.fill(0, p + 4, p + 4 + (moovBytes[p] === 1 ? 16 : 8));
    } else if (mdatFirst && box.type === 'stco') {
      // Every byte after ftyp moves down by the size of moov.
      for (let i = 0, n = moovBytes.readUInt32BE(p + 4); i < n; i++) {
        const at = p + 8 + i * 4;
        moovBytes.writeUInt32BE(moovBytes.readUInt32BE(at) + moov.size, at);
      }
    } else if (mdatFirst && box.type === 'co64') {
      for (let i = 0, n = moovBytes.readUInt32BE(p + 4); i < n; i++) {
        const at = p + 8 + i * 8;
        moovBytes.writeBigUInt64BE(moovBytes.readBigUInt64BE(at) + BigInt(moov.size), at);
      }
    }
  });
  if (!mdatFirst) {
    moovBytes.copy(mp4, moov.start);
    return mp4;
  }
  const rest = top.filter((b) => b !== ftyp && b !== moov).map((b) => mp4.subarray(b.start, b.start + b.size));
  return Buffer.concat([mp4.subarray(ftyp.start, ftyp.start + ftyp.size), moovBytes, ...rest]);
}

function walk(buf: Buffer, box: Mp4Box, visit: (box: Mp4Box) => void): void {
  visit(box);
  if (['moov', 'trak', 'mdia', 'minf', 'stbl'].includes(box.type)) {
    for (const child of childBoxes(buf, box)) walk(buf, child, visit);
  }
}
