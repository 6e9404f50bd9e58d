/**
 * Minimal ISO-BMFF (MP4) reader: enough to check for real that a file is an
 * H.264 MP4 of the expected duration and size, without pulling in a demuxer.
 * Only the boxes on the path to the video track's sample description are read.
 * Files on disk, which must not be loaded whole, go through mp4-probe.ts instead.
 */

export interface Mp4Box {
  type: string;
  /** Offset of the box header in the buffer. */
  start: number;
  /** Whole box size, header included. */
  size: number;
  headerSize: number;
}

export interface Mp4Info {
  /** Major brand from ftyp, e.g. "mp42" or "isom". */
  brand: string;
  compatibleBrands: string[];
  /** Movie duration (mvhd), falling back to the video track's mdhd when mvhd says 0. */
  durationSeconds: number;
  width: number;
  height: number;
  /** RFC 6381 style codec string, e.g. "avc1.42000b"; just the sample entry type for other codecs. */
  codec: string;
  /** Number of video samples (frames), from stsz. */
  frameCount: number;
  /** frameCount / video track duration. */
  fps: number;
  /** Types of the top-level boxes, in file order. */
  topLevelBoxes: string[];
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'udta']);

function fourcc(buf: Uint8Array, at: number): string {
  return String.fromCharCode(buf[at], buf[at + 1], buf[at + 2], buf[at + 3]);
}

function view(buf: Uint8Array): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Lists the boxes directly inside [start, end). Throws on a box that overruns its parent. */
export function readBoxes(buf: Uint8Array, start = 0, end = buf.length): Mp4Box[] {
  const dv = view(buf);
  const boxes: Mp4Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = dv.getUint32(at);
    let headerSize = 8;
    if (size === 1) {
      if (at + 16 > end) throw new Error(`mp4: truncated largesize box at ${at}`);
      size = Number(dv.getBigUint64(at + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - at; // "extends to end of file"
    }
    if (size < headerSize || at + size > end) {
      throw new Error(`mp4: box '${fourcc(buf, at + 4)}' at ${at} has bad size ${size}`);
    }
    boxes.push({ type: fourcc(buf, at + 4), start: at, size, headerSize });
    at += size;
  }
  if (at !== end) throw new Error(`mp4: ${end - at} trailing bytes at ${at}`);
  return boxes;
}

/** Children of a container box (for stsd and sample entries, past their fixed fields). */
export function childBoxes(buf: Uint8Array, box: Mp4Box, skip = 0): Mp4Box[] {
  return readBoxes(buf, box.start + box.headerSize + skip, box.start + box.size);
}

function find(buf: Uint8Array, boxes: Mp4Box[], path: string[]): Mp4Box | undefined {
  let level = boxes;
  let found: Mp4Box | undefined;
  for (const type of path) {
    found = level.find((b) => b.type === type);
    if (!found) return undefined;
    if (CONTAINERS.has(type)) level = childBoxes(buf, found);
  }
  return found;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`mp4: missing ${what}`);
  return value;
}

/** Reads (timescale, duration) of an mvhd or mdhd full box, versions 0 and 1. */
function timing(buf: Uint8Array, box: Mp4Box): { timescale: number; duration: number } {
  const dv = view(buf);
  const p = box.start + box.headerSize;
  if (buf[p] === 1) {
    return { timescale: dv.getUint32(p + 20), duration: Number(dv.getBigUint64(p + 24)) };
  }
  return { timescale: dv.getUint32(p + 12), duration: dv.getUint32(p + 16) };
}

function handlerType(buf: Uint8Array, trak: Mp4Box): string | undefined {
  const hdlr = find(buf, childBoxes(buf, trak), ['mdia', 'hdlr']);
  // full box header (4) + pre_defined (4), then handler_type
  return hdlr ? fourcc(buf, hdlr.start + hdlr.headerSize + 8) : undefined;
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}

export function inspectMp4(input: Uint8Array): Mp4Info {
  const buf = input;
  const dv = view(buf);
  const top = readBoxes(buf);
  const ftyp = need(top.find((b) => b.type === 'ftyp'), 'ftyp box');
  const brands: string[] = [];
  for (let at = ftyp.start + ftyp.headerSize + 8; at + 4 <= ftyp.start + ftyp.size; at += 4) {
    brands.push(fourcc(buf, at));
  }
  need(top.find((b) => b.type === 'mdat'), 'mdat box');
  const moov = need(top.find((b) => b.type === 'moov'), 'moov box');
  const moovKids = childBoxes(buf, moov);
  const movie = timing(buf, need(moovKids.find((b) => b.type === 'mvhd'), 'mvhd box'));

  const trak = need(
    moovKids.find((b) => b.type === 'trak' && handlerType(buf, b) === 'vide'),
    'video track',
  );
  const trakKids = childBoxes(buf, trak);
  const track = timing(buf, need(find(buf, trakKids, ['mdia', 'mdhd']), 'mdhd box'));
  const stbl = need(find(buf, trakKids, ['mdia', 'minf', 'stbl']), 'stbl box');
  const stblKids = childBoxes(buf, stbl);
  const stsd = need(stblKids.find((b) => b.type === 'stsd'), 'stsd box');
  // stsd: full box header (4) + entry_count (4) before the sample entries.
  const entry = need(childBoxes(buf, stsd, 8)[0], 'sample entry');
  const e = entry.start + entry.headerSize;
  // Visual sample entry: 8 bytes SampleEntry + 16 reserved, then width/height.
  let width = dv.getUint16(e + 24);
  let height = dv.getUint16(e + 26);
  const tkhd = trakKids.find((b) => b.type === 'tkhd');
  if (tkhd) {
    const p = tkhd.start + tkhd.headerSize;
    const wAt = p + (buf[p] === 1 ? 88 : 76);
    // tkhd width/height are 16.16 fixed point; prefer them as the display size.
    const tw = dv.getUint32(wAt) / 65536;
    const th = dv.getUint32(wAt + 4) / 65536;
    if (tw > 0 && th > 0) {
      width = tw;
      height = th;
    }
  }

  let codec = entry.type;
  if (entry.type === 'avc1' || entry.type === 'avc3') {
    // 78 bytes of VisualSampleEntry fields precede the child boxes.
    const avcC = childBoxes(buf, entry, 78).find((b) => b.type === 'avcC');
    if (avcC) {
      const a = avcC.start + avcC.headerSize;
      codec = `${entry.type}.${hex2(buf[a + 1])}${hex2(buf[a + 2])}${hex2(buf[a + 3])}`;
    }
  }

  const stsz = stblKids.find((b) => b.type === 'stsz');
  const frameCount = stsz ? dv.getUint32(stsz.start + stsz.headerSize + 8) : 0;
  const trackSeconds = track.timescale ? track.duration / track.timescale : 0;
  const movieSeconds = movie.timescale ? movie.duration / movie.timescale : 0;

  return {
    brand: fourcc(buf, ftyp.start + ftyp.headerSize),
    compatibleBrands: brands,
    durationSeconds: movieSeconds || trackSeconds,
    width,
    height,
    codec,
    frameCount,
    fps: trackSeconds ? frameCount / trackSeconds : 0,
    topLevelBoxes: top.map((b) => b.type),
  };
}
