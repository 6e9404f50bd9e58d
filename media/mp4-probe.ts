/**
 * Reads an MP4/MOV's duration and picture size from its header boxes (ISO/IEC 14496-12:
 * `ftyp`, then `moov` > `mvhd` and `moov` > `trak` > `tkhd`) so a poster can be refused before
 * any decoder sees the file. Only box headers and the two small boxes are read, each with one
 * positional read: `moov` may come after gigabytes of media data (files that were not
 * "fast-started"), and nothing here ever holds more than a few dozen bytes of the file.
 *
 * It also refuses a file whose boxes do not tile it exactly: a box running past the end means a
 * truncated download, and a size below its own header means a damaged or forged file.
 *
 * mp4-inspect.ts reads the same boxes from a buffer, further down (codec, frame count), for files
 * the sandbox encoded and holds in memory anyway. They stay two readers: this one must never hold
 * a whole file, and that one's callers rewrite boxes in place (sandbox/media/mp4-finish.ts).
 */
import { open, type FileHandle } from 'node:fs/promises';

export interface Mp4Header {
  /** From `mvhd`; undefined when the file leaves it 0 (fragmented files carry it elsewhere). */
  durationSeconds?: number;
  /** The largest track size in `tkhd` (audio tracks say 0×0); undefined when no track has one. */
  width?: number;
  height?: number;
}

export type Mp4Probe = { ok: true; header: Mp4Header } | { ok: false; reason: string };

/** Box headers read in the whole walk; a real file has a handful at the top and ~10 per track. */
const MAX_BOXES = 1024;
/** Sample tables of a 6-hour, 60 fps video with sound take ~20 MB; more is not a real moov. */
export const MAX_MOOV_BYTES = 64 * 1024 * 1024;
const MAX_TRACKS = 64;

interface Box {
  type: string;
  start: number;
  /** Where the payload starts (after the 8- or 16-byte header). */
  body: number;
  end: number;
}

class Damaged extends Error {}

/** One read fetches this much, so a run of small boxes costs one system call, not one each. */
const WINDOW_BYTES = 64 * 1024;

class Reader {
  boxes = 0;
  private window = Buffer.alloc(0);
  private windowAt = 0;
  constructor(private readonly fh: FileHandle) {}

  /** Up to `length` bytes at `at` (fewer at the end of the file). */
  async read(at: number, length: number): Promise<Buffer> {
    const from = at - this.windowAt;
    if (from < 0 || from + length > this.window.length) {
      const buf = Buffer.alloc(Math.max(length, WINDOW_BYTES));
      const { bytesRead } = await this.fh.read(buf, 0, buf.length, at);
      this.window = buf.subarray(0, bytesRead);
      this.windowAt = at;
      return this.window.subarray(0, length);
    }
    return this.window.subarray(from, from + length);
  }

  /** The box starting at `at`, which must end by `limit` (its parent's end, or the file's). */
  async box(at: number, limit: number): Promise<Box> {
    if (++this.boxes > MAX_BOXES) throw new Damaged(`more than ${MAX_BOXES} boxes`);
    const head = await this.read(at, 16);
    if (head.length < 8) throw new Damaged('truncated box header');
    const type = head.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) throw new Damaged('not a box');
    let size = head.readUInt32BE(0);
    let body = at + 8;
    if (size === 1) {
      if (head.length < 16) throw new Damaged('truncated box header');
      const large = head.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new Damaged('box too large');
      size = Number(large);
      body = at + 16;
    } else if (size === 0) {
      // "Extends to the end of the file": only meaningful for the last box.
      size = limit - at;
    }
    const end = at + size;
    if (end < body) throw new Damaged(`${type} box smaller than its header`);
    if (end > limit) throw new Damaged(`${type} box runs past the end (truncated file)`);
    return { type, start: at, body, end };
  }

  /** The boxes directly inside [from, to), in order. */
  async *children(from: number, to: number): AsyncGenerator<Box> {
    for (let at = from; at < to; ) {
      const box = await this.box(at, to);
      yield box;
      at = box.end;
    }
  }
}

/** mvhd: version 0 has 32-bit times, version 1 64-bit ones. */
function movieDuration(mvhd: Buffer): number | undefined {
  const v1 = mvhd[0] === 1;
  if (mvhd.length < (v1 ? 32 : 20)) throw new Damaged('short mvhd');
  const timescale = mvhd.readUInt32BE(v1 ? 20 : 12);
  const duration = v1 ? Number(mvhd.readBigUInt64BE(24)) : mvhd.readUInt32BE(16);
  if (timescale === 0) throw new Damaged('mvhd timescale is 0');
  // All ones means "unknown" (14496-12 §8.2.2.3); read as the huge number it is, so it is refused.
  return duration === 0 ? undefined : duration / timescale;
}

/** tkhd: width and height are 16.16 fixed point, after the times, layer, volume and matrix. */
function trackSize(tkhd: Buffer): { width: number; height: number } {
  const at = tkhd[0] === 1 ? 88 : 76;
  if (tkhd.length < at + 8) throw new Damaged('short tkhd');
  return { width: tkhd.readUInt32BE(at) / 65536, height: tkhd.readUInt32BE(at + 4) / 65536 };
}

async function readMoov(r: Reader, moov: Box): Promise<Mp4Header> {
  if (moov.end - moov.start > MAX_MOOV_BYTES) throw new Damaged(`moov of ${moov.end - moov.start} bytes`);
  const header: Mp4Header = {};
  let sawMvhd = false;
  let tracks = 0;
  for await (const box of r.children(moov.body, moov.end)) {
    if (box.type === 'mvhd') {
      sawMvhd = true;
      header.durationSeconds = movieDuration(await r.read(box.body, Math.min(32, box.end - box.body)));
    } else if (box.type === 'trak') {
      if (++tracks > MAX_TRACKS) throw new Damaged(`more than ${MAX_TRACKS} tracks`);
      for await (const inner of r.children(box.body, box.end)) {
        if (inner.type !== 'tkhd') continue;
        const { width, height } = trackSize(await r.read(inner.body, Math.min(96, inner.end - inner.body)));
        if (width > 0 && height > 0) {
          header.width = Math.max(header.width ?? 0, width);
          header.height = Math.max(header.height ?? 0, height);
        }
        break;
      }
    }
  }
  if (!sawMvhd) throw new Damaged('no mvhd in moov');
  return header;
}

/**
 * Walks the file's top-level boxes to its end: `ftyp` first, exactly one `moov`, nothing cut off.
 * Fragmented files (thousands of moof/mdat pairs) stop being walked at the box budget once
 * `moov` is known; the ffmpeg time limit still guards what follows.
 */
export async function probeMp4(file: string): Promise<Mp4Probe> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(file, 'r');
    const size = (await fh.stat()).size;
    const r = new Reader(fh);
    let header: Mp4Header | undefined;
    let first = true;
    for (let at = 0; at < size; ) {
      if (header && r.boxes >= MAX_BOXES) break;
      const box = await r.box(at, size);
      if (first && box.type !== 'ftyp') throw new Damaged('does not start with ftyp');
      first = false;
      if (box.type === 'moov') {
        if (header) throw new Damaged('two moov boxes');
        header = await readMoov(r, box);
      }
      at = box.end;
    }
    if (!header) throw new Damaged(size === 0 ? 'empty file' : 'no moov box');
    return { ok: true, header };
  } catch (err) {
    if (err instanceof Damaged) return { ok: false, reason: err.message };
    return { ok: false, reason: `could not read the file (${err instanceof Error ? err.message : String(err)})` };
  } finally {
    await fh?.close();
  }
}
