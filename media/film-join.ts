/**
 * Joins a storyboard's shots into one MP4 with the bundled native ffmpeg, in a child process, so
 * the host's event loop only reads progress lines (docs/storyboard-film.md). It never throws:
 * every outcome is a result. The film is written under a temporary name beside `outPath` and
 * renamed once whole, so a crash, a failure or a cancel never leaves half a film under its name.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { installedFfmpegPath, runFfmpegProcess } from './ffmpeg-process.js';
import { writeFfmetadata } from './ffmetadata.js';
import { evenSize, filmPlan, filmRate, type FilmChapter, type FilmPlan, type ShotMedia } from './film-graph.js';
import { reportInputs } from './media-report.js';

export interface FilmShot {
  clipPath: string;
  narrationPath?: string;
  title: string;
}

export interface FilmJoinOptions {
  /** Default: the bundled one (`installedFfmpegPath`). */
  ffmpegPath?: string;
  shots: readonly FilmShot[];
  outPath: string;
  /** The film's size; default the first clip's. */
  width?: number;
  height?: number;
  /** Tags written into the MP4: only the keys in `MP4_TAG_KEYS` survive there. */
  metadata?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** 0..1, never decreasing, at most ten times a second; 1 once the film is in place. */
  onProgress?: (fraction: number) => void;
  /** Default: 2 minutes plus 30 times the film's length, a guard against a stuck process only. */
  timeoutMs?: number;
  /** The joining ffmpeg's pid, once it runs (tests check that it is gone after a cancel). */
  onSpawn?: (pid: number) => void;
}

export type FilmJoinFailure = 'invalid' | 'spawn' | 'failed' | 'cancelled' | 'timeout' | 'output_cap';
export type FilmJoinResult =
  | { ok: true; durationMs: number; chapters: FilmChapter[]; width: number; height: number }
  | { ok: false; reason: FilmJoinFailure; detail: string };

/**
 * Tags MP4 keeps in its iTunes-style list without `-movflags use_metadata_tags`; ffmpeg drops any
 * other key silently. Custom keys would need that flag, whose `mdta` keys only QuickTime-style
 * readers list, so the board travels in `comment` instead (docs/storyboard-film.md, "Metadata").
 */
export const MP4_TAG_KEYS = ['title', 'comment', 'description', 'synopsis', 'artist', 'album', 'genre', 'date', 'copyright', 'composer'] as const;

/** Each shot opens its files at once in one ffmpeg; more than this many is a different tool's job. */
export const MAX_SHOTS = 100;
const PROGRESS_INTERVAL_MS = 100;
/**
 * Tags travel as command-line arguments (film-graph.ts says why). Linux takes 128 KiB in one
 * argument; Windows 32 767 characters for the whole command line, paths and filter graph included,
 * and quoting may double a JSON text's length there.
 */
export const MAX_TAG_BYTES = process.platform === 'win32' ? 8 * 1024 : 100 * 1024;

type Prepared = { ok: true; plan: FilmPlan; meta: string; width: number; height: number } | { ok: false; reason: FilmJoinFailure; detail: string };

const failure = (reason: FilmJoinFailure, detail: string) => ({ ok: false, reason, detail }) as const;

/**
 * Reads every input's duration (and the first clip's size and rate) with ffmpeg, then builds the
 * command and the FFMETADATA text. Exported so the bench runs exactly this command by itself.
 */
export async function prepareFilm(opts: FilmJoinOptions & { ffmpegPath: string }, tempPath: string, metaPath: string): Promise<Prepared> {
  if (opts.shots.length === 0) return failure('invalid', 'a film needs at least one shot');
  if (opts.shots.length > MAX_SHOTS) return failure('invalid', `more than ${MAX_SHOTS} shots`);
  const tags = opts.metadata ?? {};
  const badKey = Object.keys(tags).find((k) => !(MP4_TAG_KEYS as readonly string[]).includes(k));
  if (badKey !== undefined) return failure('invalid', `MP4 does not keep the tag "${badKey}"`);
  const tagBytes = Object.values(tags).reduce((n, v) => n + Buffer.byteLength(v), 0);
  if (tagBytes > MAX_TAG_BYTES) return failure('invalid', `${tagBytes} bytes of tags, more than the command line takes (${MAX_TAG_BYTES})`);

  // Every input in one ffmpeg run: clip, narration, clip, … (media-report.ts says why one).
  const files: string[] = [];
  const at = opts.shots.map((shot) => {
    const clip = files.push(shot.clipPath) - 1;
    return { clip, voice: shot.narrationPath === undefined ? undefined : files.push(shot.narrationPath) - 1 };
  });
  const which = (i: number) => `shot ${i + 1} (${opts.shots[i].title.slice(0, 60)})`;
  const read = await reportInputs(opts.ffmpegPath, files, opts.signal);
  if (!read.ok) {
    if (read.file === undefined) return failure(read.reason, `the inputs cannot be read: ${read.detail}`);
    const shot = at.findIndex((a) => a.clip === read.file || a.voice === read.file);
    return failure(read.reason, `${which(shot)}: the ${at[shot].clip === read.file ? 'clip' : 'narration'} cannot be read: ${read.detail}`);
  }
  const media: ShotMedia[] = [];
  for (const [i, shot] of opts.shots.entries()) {
    const clip = read.reports[at[i].clip];
    if (!clip.streams.some((s) => s.kind === 'video')) return failure('failed', `${which(i)}: the clip has no picture`);
    if (clip.durationSeconds === undefined) return failure('failed', `${which(i)}: the clip has no duration`);
    const entry: ShotMedia = { clipPath: shot.clipPath, clipSeconds: clip.durationSeconds, title: shot.title };
    const voiceAt = at[i].voice;
    if (voiceAt !== undefined) {
      const voice = read.reports[voiceAt];
      if (!voice.streams.some((s) => s.kind === 'audio')) return failure('failed', `${which(i)}: the narration has no sound`);
      if (voice.durationSeconds === undefined) return failure('failed', `${which(i)}: the narration has no duration`);
      entry.narrationPath = shot.narrationPath;
      entry.narrationSeconds = voice.durationSeconds;
    }
    media.push(entry);
  }
  const first = read.reports[0].streams.find((s) => s.kind === 'video');
  const width = evenSize(opts.width ?? first?.width ?? 1920);
  const height = evenSize(opts.height ?? first?.height ?? 1080);
  const plan = filmPlan(media, { width, height, rate: filmRate(first?.fps) }, metaPath, tempPath, tags);
  const meta = writeFfmetadata({ tags: {}, chapters: plan.chapters });
  return { ok: true, plan, meta, width, height };
}

/** Reads `-progress` lines: out_time_us, or out_time_ms, which older ffmpeg also counts in µs. */
function progressReader(totalMs: number, onProgress: (fraction: number) => void): (chunk: Buffer) => void {
  let pending = '';
  let best = 0;
  let lastAt = -Infinity;
  return (chunk) => {
    const lines = (pending + chunk.toString('latin1')).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^out_time_(?:us|ms)=(\d+)\s*$/.exec(line);
      if (!m || totalMs <= 0) continue;
      // Below 1: only the renamed film is finished.
      const fraction = Math.min(0.999, Number(m[1]) / 1000 / totalMs);
      const now = performance.now();
      if (fraction <= best || now - lastAt < PROGRESS_INTERVAL_MS) continue;
      best = fraction;
      lastAt = now;
      onProgress(fraction);
    }
  };
}

export async function joinFilm(opts: FilmJoinOptions): Promise<FilmJoinResult> {
  // The caller's callback runs inside a pipe's data event, where a throw would be uncaught.
  const progress = (fraction: number) => {
    try {
      opts.onProgress?.(fraction);
    } catch {
      // A broken progress bar is no reason to stop the film.
    }
  };
  const ffmpegPath = opts.ffmpegPath ?? (await installedFfmpegPath());
  if (!ffmpegPath) return failure('spawn', 'no ffmpeg for this platform');
  // Hidden, beside the film (so the rename stays on one file system), and unique to this join.
  const temp = join(dirname(opts.outPath), `.${basename(opts.outPath)}.${randomBytes(6).toString('hex')}.partial`);
  const metaPath = `${temp}.ffmeta`;
  let done = false;
  try {
    const prepared = await prepareFilm({ ...opts, ffmpegPath }, temp, metaPath);
    if (!prepared.ok) return prepared;
    if (opts.signal?.aborted) return failure('cancelled', 'cancelled');
    await writeFile(metaPath, prepared.meta, { flag: 'wx' });
    const { plan } = prepared;
    const run = await runFfmpegProcess({
      ffmpegPath,
      args: plan.args,
      timeoutMs: opts.timeoutMs ?? 120_000 + 30 * plan.durationMs,
      // Progress reports only: some 250 bytes a half second.
      maxOutputBytes: 64 * 1024 * 1024,
      onStdout: progressReader(plan.durationMs, progress),
      signal: opts.signal,
      onSpawn: opts.onSpawn,
      // An encode of minutes on every core must not starve the host's loop or the page.
      background: true,
    });
    if (!run.ok) return failure(run.reason, run.reason === 'cancelled' ? 'cancelled' : `ffmpeg: ${run.detail}`);
    if (opts.signal?.aborted) return failure('cancelled', 'cancelled');
    await rename(temp, opts.outPath);
    done = true;
    progress(1);
    return { ok: true, durationMs: plan.durationMs, chapters: plan.chapters, width: prepared.width, height: prepared.height };
  } catch (err) {
    return failure('failed', err instanceof Error ? err.message : String(err));
  } finally {
    await rm(metaPath, { force: true }).catch(() => undefined);
    if (!done) await rm(temp, { force: true }).catch(() => undefined);
  }
}
