/**
 * The film join with the real bundled ffmpeg on real files: clips and narrations are made by
 * ffmpeg itself (test patterns and tones, small and short), joined, and the film read back with
 * ffmpeg's own report (media-report.ts): its length, streams, chapters and tags.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedFfmpegPath } from './ffmpeg-process.js';
import { joinFilm, type FilmJoinOptions } from './film-join.js';
import { reportMedia, type MediaReport } from './media-report.js';

let ffmpeg: string;
let dir: string;
const media: Record<string, string> = {};

/** ffmpeg's lavfi sources: `testsrc2` pictures and `sine` tones. */
function make(name: string, args: string[]): string {
  const file = path.join(dir, name);
  execFileSync(ffmpeg, ['-v', 'error', '-nostdin', ...args, '-y', file]);
  return file;
}

beforeAll(async () => {
  ffmpeg = (await installedFfmpegPath())!;
  expect(ffmpeg).toBeTruthy();
  dir = await mkdtemp(path.join(os.tmpdir(), 'studio-film-'));
  const clip = (size: string, rate: number, seconds: number) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}`, '-t', String(seconds), '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast'];
  media.clip2s = make('clip-2s.mp4', clip('320x240', 24, 2));
  media.clip3s = make('clip-3s.mp4', clip('320x240', 24, 3));
  media.wide = make('wide-30fps.mp4', clip('480x270', 30, 2));
  media.voice3s = make('voice-3s.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3']);
  media.voice1s = make('voice-1s.wav', ['-f', 'lavfi', '-i', 'sine=frequency=660:duration=1']);
  media.voice90s = make('voice-90s.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=330:duration=90']);
  // A download cut short: the clip's index (written last) is missing. Random bytes would not do,
  // because FFmpeg now and then takes them for some other format and says something else.
  media.damaged = path.join(dir, 'damaged.mp4');
  await writeFile(media.damaged, (await readFile(media.clip2s)).subarray(0, 20_000));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A join into a folder of its own, so whatever it leaves behind can be listed. */
async function join(shots: FilmJoinOptions['shots'], more: Partial<FilmJoinOptions> = {}) {
  const outDir = await mkdtemp(path.join(dir, 'out-'));
  const outPath = path.join(outDir, 'film.mp4');
  const progress: number[] = [];
  const result = await joinFilm({ ffmpegPath: ffmpeg, shots, outPath, onProgress: (f) => progress.push(f), ...more });
  return { result, outPath, progress, left: await readdir(outDir) };
}

async function report(file: string): Promise<MediaReport> {
  const r = await reportMedia(ffmpeg, file);
  if (!r.ok) throw new Error(r.detail);
  return r.report;
}

const count = (r: MediaReport, kind: string) => r.streams.filter((s) => s.kind === kind).length;
/** Two frames at 24 fps, plus the AAC encoder's priming samples at the end of the sound. */
const SLACK_S = 2 / 24 + 0.05;

describe('joinFilm', () => {
  it('joins three shots: each as long as the longer of clip and narration, one picture, one sound, a chapter each, the board in the tags', async () => {
    const board = JSON.stringify({ shots: Array.from({ length: 100 }, (_, i) => ({ i, prompt: `a "quoted" prompt; with = and # and \\ ${'x'.repeat(150)}` })) });
    expect(board.length).toBeGreaterThan(20_000);
    const hostile = 'He said "cut"; a=b #1 \\ back\nslash 🎬 end';
    const { result, outPath, progress, left } = await join(
      [
        { clipPath: media.clip2s, narrationPath: media.voice3s, title: hostile },
        { clipPath: media.clip3s, narrationPath: media.voice1s, title: 'The harbour' },
        { clipPath: media.clip2s, title: 'Silence' },
      ],
      { metadata: { comment: board, title: 'A film' } },
    );
    expect(result).toMatchObject({ ok: true, width: 320, height: 240 });
    expect(left).toEqual(['film.mp4']);

    const film = await report(outPath);
    // 3 s (narration over a 2 s clip) + 3 s (clip over 1 s of narration) + 2 s (silent clip).
    expect(Math.abs(film.durationSeconds! - 8)).toBeLessThanOrEqual(SLACK_S);
    expect(count(film, 'video')).toBe(1);
    expect(count(film, 'audio')).toBe(1);
    expect(film.streams.find((s) => s.kind === 'video')).toMatchObject({ width: 320, height: 240 });

    expect(film.chapters.map((c) => c.title)).toEqual([hostile, 'The harbour', 'Silence']);
    const starts = film.chapters.map((c) => c.startMs / 1000);
    [0, 3, 6].forEach((want, i) => expect(Math.abs(starts[i] - want)).toBeLessThanOrEqual(SLACK_S));
    expect(film.chapters.at(-1)!.endMs).toBe(result.ok ? result.durationMs : NaN);

    expect(film.tags.comment).toBe(board);
    expect(film.tags.title).toBe('A film');

    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= progress[i - 1]))).toBe(true);
  });

  it('joins clips of different sizes and rates at the first clip\'s size, or at the size asked', async () => {
    const shots = [
      { clipPath: media.clip2s, title: 'Square-ish' },
      { clipPath: media.wide, narrationPath: media.voice1s, title: 'Wide' },
    ];
    const first = await join(shots);
    expect(first.result).toMatchObject({ ok: true, width: 320, height: 240 });
    const film = await report(first.outPath);
    expect(Math.abs(film.durationSeconds! - 4)).toBeLessThanOrEqual(SLACK_S);
    expect(film.streams.find((s) => s.kind === 'video')).toMatchObject({ width: 320, height: 240, fps: 24 });

    const asked = await join([...shots].reverse(), { width: 256, height: 144 });
    expect(asked.result).toMatchObject({ ok: true, width: 256, height: 144 });
    expect((await report(asked.outPath)).streams.find((s) => s.kind === 'video')).toMatchObject({ width: 256, height: 144, fps: 30 });
  });

  it('cuts a chapter title too long for the metadata file, and says what it wrote', async () => {
    const long = `${'ü'.repeat(600)}=`;
    const { result, outPath } = await join([{ clipPath: media.clip2s, title: long }]);
    expect(result.ok).toBe(true);
    const written = (await report(outPath)).chapters[0].title;
    expect(written.endsWith('…')).toBe(true);
    expect(long.startsWith(written.slice(0, -1))).toBe(true);
    expect(result.ok && result.chapters[0].title).toBe(written);
  });

  it('stops on cancel: the process is gone, and neither the film nor its temporary file is left', async () => {
    const controller = new AbortController();
    let pid: number | undefined;
    const { result, outPath, progress, left } = await join(
      [{ clipPath: media.clip2s, narrationPath: media.voice90s, title: 'Long' }],
      { signal: controller.signal, onSpawn: (p) => (pid = p), onProgress: () => controller.abort() },
    );
    expect(result).toMatchObject({ ok: false, reason: 'cancelled' });
    expect(pid).toBeDefined();
    expect(() => process.kill(pid!, 0)).toThrow(/ESRCH/);
    expect(existsSync(outPath)).toBe(false);
    expect(left).toEqual([]);
    expect(progress).not.toContain(1);
  });

  it('refuses a damaged clip or narration, naming the shot, and leaves nothing', async () => {
    const { result, left } = await join([
      { clipPath: media.clip2s, title: 'Fine' },
      { clipPath: media.damaged, narrationPath: media.voice1s, title: 'Broken' },
    ]);
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(!result.ok && result.detail).toMatch(/shot 2 \(Broken\): the clip cannot be read: .*Invalid data/);
    expect(!result.ok && result.detail).not.toContain(dir);
    expect(left).toEqual([]);

    const voice = await join([{ clipPath: media.clip2s, narrationPath: media.damaged, title: 'Mute' }]);
    expect(voice.result).toMatchObject({ ok: false, reason: 'failed', detail: expect.stringMatching(/^shot 1 \(Mute\): the narration cannot be read/) });
    expect(voice.left).toEqual([]);
  });

  it('refuses what it cannot write: no shots, a tag MP4 drops, a narration without sound', async () => {
    expect((await join([])).result).toMatchObject({ ok: false, reason: 'invalid' });
    expect((await join([{ clipPath: media.clip2s, title: 'x' }], { metadata: { board: '{}' } })).result).toMatchObject({ ok: false, reason: 'invalid', detail: expect.stringContaining('board') });
    const silent = await join([{ clipPath: media.clip2s, narrationPath: media.clip3s, title: 'x' }]);
    expect(silent.result).toMatchObject({ ok: false, reason: 'failed', detail: expect.stringContaining('no sound') });
    expect(silent.left).toEqual([]);
  });
});
