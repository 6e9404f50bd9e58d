/**
 * Film join (docs/storyboard-film.md): ten 10-second 1080p clips, each with a narration (some
 * shorter than their clip, some longer, so frames are held), joined into one MP4 with chapters.
 * Timed two ways, in pairs whose order alternates (lib/paired.ts): the exact ffmpeg command the
 * studio builds, run by itself, and the studio's `joinFilm` (which also reads every input's
 * duration first) in this process, under a watch of its event loop (lib/loop-watch.ts). ffmpeg
 * alone runs at normal priority, the studio's below it (media/ffmpeg-process.ts, `background`):
 * the ratio includes what that yielding costs on a busy machine.
 *   npx tsx bench/film-join.ts [--pairs 2] [--shots 10] [--seconds 10]
 * Budgets: the studio's join ≤ 2× ffmpeg alone; longest stall of the event loop ≤ 100 ms.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { installedFfmpegPath } from '@media/ffmpeg-process.js';
import { joinFilm, prepareFilm, type FilmShot } from '@media/film-join.js';
import { report, type Row } from './lib/child.js';
import { longestHold } from './lib/loop-watch.js';
import { median } from './lib/median.js';
import { pairedRatio, spread } from './lib/paired.js';

const { values } = parseArgs({ options: { pairs: { type: 'string', default: '2' }, shots: { type: 'string', default: '10' }, seconds: { type: 'string', default: '10' } } });
const PAIRS = Number(values.pairs);
const SHOTS = Number(values.shots);
const SECONDS = Number(values.seconds);
const RATIO_BUDGET = 2;
const STALL_BUDGET_MS = 100;

const ffmpeg = await installedFfmpegPath();
if (!ffmpeg) throw new Error('no bundled ffmpeg on this platform');
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bench-film-join-'));

/** The exact command, spawned with nothing of the studio around it; resolves its time in ms. */
function ffmpegAlone(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(ffmpeg!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-2000)));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`ffmpeg exit ${code}: ${err}`))));
  });
}

try {
  // The inputs, made once: moving test patterns (x264 cannot cheat on a still picture) and tones.
  const made = performance.now();
  const shots: FilmShot[] = [];
  for (let i = 0; i < SHOTS; i++) {
    const clipPath = join(dir, `clip-${i}.mp4`);
    const narrationPath = join(dir, `voice-${i}.mp3`);
    // Narrations of 0.7×, 0.95× and 1.2× the clip: a third of the shots hold their last frame.
    const voice = SECONDS * [0.7, 0.95, 1.2][i % 3];
    await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=24,hue=h=${i * 36}`, '-t', String(SECONDS), '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-y', clipPath]);
    await run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', `sine=frequency=${220 + 40 * i}:duration=${voice}`, '-y', narrationPath]);
    shots.push({ clipPath, narrationPath, title: `Shot ${i + 1}` });
  }
  console.error(`inputs made in ${((performance.now() - made) / 1000).toFixed(0)} s`);

  const alone: number[] = [];
  const studio: number[] = [];
  const stalls: number[] = [];
  let durationMs = 0;
  const board = JSON.stringify({ shots: shots.map((s) => ({ title: s.title, prompt: 'x'.repeat(400) })) });

  const timeAlone = async (k: number) => {
    const out = join(dir, `alone-${k}.mp4`);
    const meta = `${out}.ffmeta`;
    const prepared = await prepareFilm({ ffmpegPath: ffmpeg, shots, outPath: out, metadata: { comment: board } }, out, meta);
    if (!prepared.ok) throw new Error(`prepare: ${prepared.detail}`);
    await writeFile(meta, prepared.meta);
    alone.push(await ffmpegAlone(prepared.plan.args));
    await rm(out, { force: true });
    await rm(meta, { force: true });
  };
  const timeStudio = async (k: number) => {
    const out = join(dir, `studio-${k}.mp4`);
    let updates = 0;
    const r = await longestHold(() => joinFilm({ ffmpegPath: ffmpeg, shots, outPath: out, metadata: { comment: board }, onProgress: () => (updates += 1) }));
    if (!r.value.ok) throw new Error(`joinFilm: ${r.value.reason}: ${r.value.detail}`);
    durationMs = r.value.durationMs;
    studio.push(r.totalMs);
    stalls.push(r.holdMs);
    console.error(`studio join ${k + 1}: ${(r.totalMs / 1000).toFixed(1)} s, ${updates} progress updates, longest stall ${r.holdMs.toFixed(1)} ms`);
    await rm(out, { force: true });
  };
  for (let k = 0; k < PAIRS; k++) {
    // Which goes first alternates, so a slow stretch of the shared machine falls on both sides.
    if (k % 2 === 0) {
      await timeAlone(k);
      await timeStudio(k);
    } else {
      await timeStudio(k);
      await timeAlone(k);
    }
    console.error(`pair ${k + 1}: ffmpeg alone ${(alone[k] / 1000).toFixed(1)} s, studio ${(studio[k] / 1000).toFixed(1)} s`);
  }

  const ratio = pairedRatio(studio, alone);
  const longest = Math.max(...stalls);
  const rows: Row[] = [
    { figure: `film length (${SHOTS} shots of ${SECONDS} s clips, 1080p, narrated)`, value: `${(durationMs / 1000).toFixed(1)} s`, budget: '—', ok: null },
    { figure: 'ffmpeg alone, the same command (median)', value: `${(median(alone) / 1000).toFixed(1)} s`, budget: '—', ok: null },
    { figure: 'studio joinFilm (median)', value: `${(median(studio) / 1000).toFixed(1)} s`, budget: '—', ok: null },
    { figure: 'studio ÷ ffmpeg alone (paired median)', value: `${ratio.median.toFixed(2)}× (${spread(ratio, 2)})`, budget: `≤ ${RATIO_BUDGET}×`, ok: ratio.median <= RATIO_BUDGET },
    { figure: 'longest event-loop stall during the join', value: `${longest.toFixed(1)} ms`, budget: `≤ ${STALL_BUDGET_MS} ms`, ok: longest <= STALL_BUDGET_MS },
  ];
  report(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
