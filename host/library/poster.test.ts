/**
 * The decoder process and the MP4 header probe, attacked with real files and stand-in decoders
 * (tiny shell scripts) that hang, flood or crash. Nothing is mocked: the real ffmpeg runs on a
 * real sandbox video.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPromptVideo } from '@sandbox/media/video-render.js';
import { installedFfmpegPath, runFfmpegProcess, unpackedPath } from '@media/ffmpeg-process.js';
import { MAX_MOOV_BYTES, probeMp4 } from '@media/mp4-probe.js';
import { posterArgs, videoPoster } from './poster.js';

let dir: string;
let boat: Buffer;
let boatFile: string;
let ffmpeg: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'studio-poster-'));
  boat = (await renderPromptVideo({ prompt: 'A paper boat drifting down a rainy street', seconds: 6, width: 320, height: 180 })).mp4;
  boatFile = await file(boat);
  ffmpeg = (await installedFfmpegPath())!;
  expect(ffmpeg).toBeTruthy();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(bytes: Buffer, ext = '.mp4'): Promise<string> {
  const p = path.join(dir, `f${++counter}${ext}`);
  await writeFile(p, bytes);
  return p;
}

/** A stand-in decoder: an executable shell script. */
async function decoder(body: string): Promise<string> {
  const p = path.join(dir, `decoder-${++counter}.sh`);
  await writeFile(p, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return p;
}

/** Signal 0 checks existence: ESRCH means no such process, not even an unreaped zombie. */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

interface Box { type: string; start: number; end: number }

/** The boxes directly inside [from, to) of a real MP4 (32-bit sizes: what the sandbox writes). */
function boxes(b: Buffer, from = 0, to = b.length): Box[] {
  const out: Box[] = [];
  for (let at = from; at < to; at += b.readUInt32BE(at)) out.push({ type: b.toString('latin1', at + 4, at + 8), start: at, end: at + b.readUInt32BE(at) });
  return out;
}
const find = (list: Box[], type: string) => list.find((x) => x.type === type)!;
const slice = (b: Buffer, box: Box) => b.subarray(box.start, box.end);
function boxHeader(size: number, type: string): Buffer {
  const b = Buffer.alloc(8);
  b.writeUInt32BE(size, 0);
  b.write(type, 4, 'latin1');
  return b;
}

/** The sandbox video with its mvhd or first tkhd rewritten, as a forger would. */
function forged(edit: (mvhd: number, tkhd: number, b: Buffer) => void): Buffer {
  const b = Buffer.from(boat);
  const moov = find(boxes(b), 'moov');
  const inner = boxes(b, moov.start + 8, moov.end);
  const trak = find(inner, 'trak');
  edit(find(inner, 'mvhd').start + 8, find(boxes(b, trak.start + 8, trak.end), 'tkhd').start + 8, b);
  return b;
}

describe('the decoder process', () => {
  it('makes a JPEG poster of at most 320 px from a real 6 s sandbox video, and exits', async () => {
    const pids: number[] = [];
    const result = await runFfmpegProcess({ ffmpegPath: ffmpeg, args: posterArgs(boatFile, 'mov'), timeoutMs: 15_000, maxOutputBytes: 8 << 20, onSpawn: (pid) => pids.push(pid) });
    expect(result.ok).toBe(true);
    const info = await sharp(result.ok ? result.stdout : Buffer.alloc(0)).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 320, 180]);
    expect(pids).toHaveLength(1);
    expect(gone(pids[0])).toBe(true);
  });

  it('kills a decoder that never finishes at the time limit, and the process is really gone', async () => {
    let pid = 0;
    const result = await runFfmpegProcess({ ffmpegPath: await decoder('sleep 1000'), args: [], timeoutMs: 300, maxOutputBytes: 1 << 20, onSpawn: (p) => (pid = p) });
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(pid).toBeGreaterThan(0);
    expect(gone(pid)).toBe(true);
  });

  it('kills a decoder that writes without end at the output cap, long before the time limit', async () => {
    let pid = 0;
    const result = await runFfmpegProcess({ ffmpegPath: await decoder('yes'), args: [], timeoutMs: 60_000, maxOutputBytes: 1 << 20, onSpawn: (p) => (pid = p) });
    expect(result).toMatchObject({ ok: false, reason: 'output_cap' });
    expect(gone(pid)).toBe(true);
  });

  it('reports a decoder that crashes or fails as a failure, with its last words', async () => {
    const segv = await runFfmpegProcess({ ffmpegPath: await decoder('printf partial; kill -SEGV $$'), args: [], timeoutMs: 10_000, maxOutputBytes: 1 << 20 });
    expect(segv).toMatchObject({ ok: false, reason: 'failed', detail: expect.stringMatching(/SIGSEGV/) });
    const exit = await runFfmpegProcess({ ffmpegPath: await decoder('echo "moov atom not found" >&2; exit 1'), args: [], timeoutMs: 10_000, maxOutputBytes: 1 << 20 });
    expect(exit).toEqual({ ok: false, reason: 'failed', detail: 'exit code 1: moov atom not found' });
  });

  it('resolves, never throws, when the executable is missing or not executable', async () => {
    expect(await runFfmpegProcess({ ffmpegPath: path.join(dir, 'no-such-ffmpeg'), args: [], timeoutMs: 1000, maxOutputBytes: 1 })).toMatchObject({ ok: false, reason: 'spawn' });
    const plain = await file(Buffer.from('#!/bin/sh\n'), '.sh');
    expect(await runFfmpegProcess({ ffmpegPath: plain, args: [], timeoutMs: 1000, maxOutputBytes: 1 })).toMatchObject({ ok: false, reason: 'spawn' });
  });

  it('runs ffmpeg from beside app.asar in a packaged app, where the OS can execute it', () => {
    expect(unpackedPath('/opt/Studio/resources/app.asar/node_modules/@ffmpeg-installer/linux-x64/ffmpeg')).toBe('/opt/Studio/resources/app.asar.unpacked/node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
    expect(unpackedPath('C:\\Studio\\resources\\app.asar\\node_modules\\@ffmpeg-installer\\win32-x64\\ffmpeg.exe')).toBe('C:\\Studio\\resources\\app.asar.unpacked\\node_modules\\@ffmpeg-installer\\win32-x64\\ffmpeg.exe');
    for (const same of ['/opt/Studio/resources/app.asar.unpacked/x/ffmpeg', '/home/me/project/node_modules/@ffmpeg-installer/linux-x64/ffmpeg']) expect(unpackedPath(same)).toBe(same);
  });
});

describe('the MP4 header probe', () => {
  it('reads duration and picture size from a real sandbox video', async () => {
    const probe = await probeMp4(boatFile);
    expect(probe).toMatchObject({ ok: true, header: { width: 320, height: 180 } });
    expect(probe.ok && probe.header.durationSeconds).toBeCloseTo(6, 1);
  });

  it('finds moov after the media data, even behind 3 GB of it, with positional reads only', async () => {
    const top = boxes(boat);
    const late = await file(Buffer.concat([slice(boat, find(top, 'ftyp')), slice(boat, find(top, 'mdat')), slice(boat, find(top, 'moov'))]));
    expect(await probeMp4(late)).toMatchObject({ ok: true, header: { width: 320, height: 180 } });

    // A sparse file: reading it whole would fail (Node buffers stop at 2 GB) or take seconds.
    const ftyp = slice(boat, find(top, 'ftyp'));
    const mdatSize = 3 * 1024 ** 3;
    const mdat = Buffer.alloc(16);
    mdat.writeUInt32BE(1, 0);
    mdat.write('mdat', 4, 'latin1');
    mdat.writeBigUInt64BE(BigInt(mdatSize), 8);
    const huge = path.join(dir, 'huge.mp4');
    const fh = await open(huge, 'w');
    await fh.write(Buffer.concat([ftyp, mdat]), 0, ftyp.length + 16, 0);
    await fh.write(slice(boat, find(top, 'moov')), 0, undefined, ftyp.length + mdatSize);
    await fh.close();
    const probe = await probeMp4(huge);
    expect(probe).toMatchObject({ ok: true, header: { width: 320, height: 180 } });
  });

  it('stops walking a fragmented file at its box budget once moov is known', async () => {
    const fragments = Buffer.concat([boat, ...Array.from({ length: 3000 }, () => boxHeader(8, 'moof'))]);
    expect(await probeMp4(await file(fragments))).toMatchObject({ ok: true, header: { width: 320, height: 180 } });
  });

  it('reports a forged duration or picture size as it is, for the caller to refuse', async () => {
    const long = forged((mvhd, _tkhd, b) => {
      b.writeUInt32BE(1000, mvhd + 12);
      b.writeUInt32BE(100 * 3600 * 1000, mvhd + 16);
    });
    expect(await probeMp4(await file(long))).toMatchObject({ ok: true, header: { durationSeconds: 360_000 } });
    const wide = forged((_mvhd, tkhd, b) => b.writeUInt32BE(20_000 * 65536, tkhd + 76));
    expect(await probeMp4(await file(wide))).toMatchObject({ ok: true, header: { width: 20_000 } });
  });

  it.each([
    ['an empty file', () => Buffer.alloc(0), /empty/],
    ['a file cut in half', () => boat.subarray(0, boat.length >> 1), /truncated/],
    ['a file cut inside its moov', () => boat.subarray(0, 200), /truncated/],
    ['a file that does not start with ftyp', () => Buffer.concat([boxHeader(16, 'free'), Buffer.alloc(8), boat]), /ftyp/],
    ['random bytes', () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)), /box|ftyp|truncated/],
    ['a box smaller than its own header', () => Buffer.concat([slice(boat, find(boxes(boat), 'ftyp')), boxHeader(4, 'moov'), Buffer.alloc(64)]), /smaller than its header/],
    ['endless empty boxes and no moov', () => Buffer.concat([slice(boat, find(boxes(boat), 'ftyp')), ...Array.from({ length: 5000 }, () => boxHeader(8, 'free'))]), /more than 1024 boxes/],
    ['a moov without mvhd', () => forged((mvhd, _tkhd, b) => b.write('free', mvhd - 4, 'latin1')), /no mvhd/],
    ['two moov boxes', () => Buffer.concat([boat, slice(boat, find(boxes(boat), 'moov'))]), /two moov/],
    ['an mvhd with timescale 0', () => forged((mvhd, _tkhd, b) => b.writeUInt32BE(0, mvhd + 12)), /timescale/],
  ])('refuses %s', async (_name, make, reason) => {
    const probe = await probeMp4(await file(make()));
    expect(probe.ok).toBe(false);
    expect(probe.ok ? '' : probe.reason).toMatch(reason);
  });

  it('refuses a moov too large to be real without reading it', async () => {
    const ftyp = slice(boat, find(boxes(boat), 'ftyp'));
    const big = path.join(dir, 'big-moov.mp4');
    const fh = await open(big, 'w');
    await fh.write(Buffer.concat([ftyp, boxHeader(MAX_MOOV_BYTES + 16, 'moov')]), 0, ftyp.length + 8, 0);
    await fh.truncate(ftyp.length + MAX_MOOV_BYTES + 16);
    await fh.close();
    expect(await probeMp4(big)).toMatchObject({ ok: false, reason: expect.stringMatching(/^moov of/) });
  });

  it('reports a missing file as unreadable', async () => {
    expect(await probeMp4(path.join(dir, 'missing.mp4'))).toMatchObject({ ok: false, reason: expect.stringMatching(/ENOENT/) });
  });
});

describe('video posters', () => {
  it('refuse a forged 100-hour or 20000 px MP4 without starting a decoder', async () => {
    const spawned: number[] = [];
    const long = forged((mvhd, _tkhd, b) => {
      b.writeUInt32BE(1000, mvhd + 12);
      b.writeUInt32BE(100 * 3600 * 1000, mvhd + 16);
    });
    expect(await videoPoster(await file(long), { mime: 'video/mp4' }, { onSpawn: (p) => spawned.push(p) })).toEqual({ ok: false, reason: 'the header claims a duration of 360000 s' });
    const wide = forged((_mvhd, tkhd, b) => b.writeUInt32BE(20_000 * 65536, tkhd + 76));
    expect(await videoPoster(await file(wide), { mime: 'video/mp4' }, { onSpawn: (p) => spawned.push(p) })).toEqual({ ok: false, reason: 'the header claims a 20000×180 picture' });
    expect(spawned).toEqual([]);
  });

  it('come from WebM too (no header check there: only the time limit guards it)', async () => {
    const webm = path.join(dir, 'boat.webm');
    execFileSync(ffmpeg, ['-nostdin', '-v', 'error', '-i', boatFile, '-t', '1', '-c:v', 'libvpx-vp9', '-b:v', '200k', '-an', webm]);
    const poster = await videoPoster(webm, { mime: 'video/webm' }, { ffmpegPath: ffmpeg });
    expect(await sharp(poster.ok ? poster.thumb.data : Buffer.alloc(0)).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
    const hung = await decoder('sleep 1000');
    expect(await videoPoster(webm, { mime: 'video/webm' }, { ffmpegPath: hung, timeoutMs: 300 })).toMatchObject({ ok: false, reason: expect.stringMatching(/^ffmpeg timeout/) });
  });

  it('refuse whatever a decoder writes that is not a small JPEG', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } }).png().toBuffer();
    const liar = await decoder(`cat '${await file(png, '.png')}'`);
    expect(await videoPoster(boatFile, { mime: 'video/mp4' }, { ffmpegPath: liar })).toEqual({ ok: false, reason: 'ffmpeg wrote no usable poster' });
    const big = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const large = await decoder(`cat '${await file(big, '.jpg')}'`);
    expect(await videoPoster(boatFile, { mime: 'video/mp4' }, { ffmpegPath: large })).toEqual({ ok: false, reason: 'ffmpeg wrote no usable poster' });
  });

  it('leave the event loop free: the decoder only finishes after a callback of this thread has run', async () => {
    // The stand-in waits for a flag file that only a setImmediate callback, scheduled once the
    // process runs, creates: a blocked event loop would leave it waiting into its time limit.
    const flag = path.join(dir, 'loop-ran');
    const gated = await decoder(`while [ ! -e '${flag}' ]; do sleep 0.01; done\nexec '${ffmpeg}' "$@"`);
    let settled = false;
    let ranWhilePending = false;
    const poster = videoPoster(boatFile, { mime: 'video/mp4' }, {
      ffmpegPath: gated,
      timeoutMs: 15_000,
      onSpawn: () => setImmediate(() => {
        ranWhilePending = !settled;
        writeFileSync(flag, '');
      }),
    }).finally(() => (settled = true));
    const made = await poster;
    expect(ranWhilePending).toBe(true);
    expect(await sharp(made.ok ? made.thumb.data : Buffer.alloc(0)).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
  });
});
