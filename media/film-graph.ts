/**
 * The ffmpeg command that joins a storyboard's shots into one film (docs/storyboard-film.md):
 * one filter graph brings every clip to one size, rate and pixel format, holds its last frame
 * while its narration still speaks, lays the narration (or silence) under it, and concatenates
 * the shots. Pure: paths and durations in, arguments and chapter times out, so the bench runs
 * exactly the command the studio runs.
 */
import { storedValue } from './ffmetadata.js';
import { inputArgs } from './media-report.js';

/** One shot with the durations its files report. */
export interface ShotMedia {
  clipPath: string;
  clipSeconds: number;
  narrationPath?: string;
  narrationSeconds?: number;
  title: string;
}

/** A frame rate as ffmpeg takes it, e.g. 30000/1001. */
export interface Rate {
  num: number;
  den: number;
}

export interface FilmFormat {
  width: number;
  height: number;
  rate: Rate;
}

export interface FilmChapter {
  title: string;
  startMs: number;
  endMs: number;
}

export interface FilmPlan {
  args: string[];
  chapters: FilmChapter[];
  /** The film's length: every shot's whole frames. */
  durationMs: number;
}

/** Sound is mixed to one rate and layout, which concat needs and every player takes. */
export const SAMPLE_RATE = 48_000;
/**
 * Reported durations are rounded to the centisecond; a clip is not given a cloned frame for
 * that rounding alone (0.3 frame is more than 0.005 s at any rate up to 60 fps).
 */
const CLIP_ROUNDING_FRAMES = 0.3;

/**
 * ffmpeg prints NTSC rates rounded ("29.97 fps"); a film kept at the rounded rate would drift a
 * frame every half minute against its sound, so the rates cameras use are read as they are meant.
 */
const NTSC: [number, Rate][] = [
  [23.976, { num: 24000, den: 1001 }],
  [29.97, { num: 30000, den: 1001 }],
  [59.94, { num: 60000, den: 1001 }],
];

/** The first clip's rate decides the film's; none (or a nonsense one) gives the cinema's 24. */
export function filmRate(fps: number | undefined): Rate {
  if (fps === undefined || !(fps >= 1 && fps <= 120)) return { num: 24, den: 1 };
  const ntsc = NTSC.find(([rounded]) => Math.abs(fps - rounded) < 0.01);
  if (ntsc) return ntsc[1];
  return Number.isInteger(fps) ? { num: fps, den: 1 } : { num: Math.round(fps * 1000), den: 1000 };
}

/** yuv420p halves the chroma planes, so both sides must be even; 16 px to 8K keeps x264 happy. */
export function evenSize(n: number): number {
  return Math.min(8192, Math.max(16, 2 * Math.round(n / 2)));
}

/** A shot lasts as long as the longer of its clip and its narration, in whole frames (one at least). */
export function shotFrames(shot: Pick<ShotMedia, 'clipSeconds' | 'narrationSeconds'>, rate: Rate): number {
  const fps = rate.num / rate.den;
  const clip = Math.ceil(shot.clipSeconds * fps - CLIP_ROUNDING_FRAMES);
  // Speech is never cut for rounding: a frame too many is silence, a frame too few a lost syllable.
  const narration = shot.narrationSeconds === undefined ? 0 : Math.ceil(shot.narrationSeconds * fps - 1e-6);
  return Math.max(1, clip, narration);
}

/**
 * `tags` go on the command line, not in the FFMETADATA file, whose lines the bundled ffmpeg cuts
 * at 1 kB (ffmetadata.ts); a board's JSON is tens of kB. The chapters, short lines, go in the file.
 */
export function filmPlan(shots: readonly ShotMedia[], format: FilmFormat, metaFile: string, outFile: string, tags: Readonly<Record<string, string>> = {}): FilmPlan {
  const { width: w, height: h, rate } = format;
  const frameSeconds = rate.den / rate.num;
  const inputs: string[] = [];
  const graph: string[] = [];
  const chapters: FilmChapter[] = [];
  let input = 0;
  let frames = 0;
  shots.forEach((shot, i) => {
    const n = shotFrames(shot, rate);
    const start = frames;
    frames += n;
    // Sample counts from the running frame total, so the sound never drifts from the picture.
    const samples = Math.round(frames * frameSeconds * SAMPLE_RATE) - Math.round(start * frameSeconds * SAMPLE_RATE);
    chapters.push({ title: storedValue(shot.title), startMs: Math.round(start * frameSeconds * 1000), endMs: Math.round(frames * frameSeconds * 1000) });

    inputs.push(...inputArgs(shot.clipPath));
    graph.push(
      `[${input++}:v:0]setpts=PTS-STARTPTS,fps=${rate.num}/${rate.den},` +
        // Letterboxed, never stretched or cropped: a shot of another shape keeps its whole picture.
        `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p,` +
        // The last frame is held for as long as needed (stop=-1), then the shot is cut to its frames.
        `tpad=stop=-1:stop_mode=clone,trim=end_frame=${n},setpts=PTS-STARTPTS[v${i}]`,
    );
    const mix = `aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;
    if (shot.narrationPath !== undefined) {
      inputs.push(...inputArgs(shot.narrationPath));
      // Silence after the narration to the shot's end (apad), and nothing past it (atrim).
      graph.push(`[${input++}:a:0]asetpts=PTS-STARTPTS,${mix},apad,atrim=end_sample=${samples},asetpts=PTS-STARTPTS[a${i}]`);
    } else {
      graph.push(`anullsrc=r=${SAMPLE_RATE}:cl=stereo,${mix},atrim=end_sample=${samples},asetpts=PTS-STARTPTS[a${i}]`);
    }
  });
  const pads = shots.map((_, i) => `[v${i}][a${i}]`).join('');
  graph.push(`${pads}concat=n=${shots.length}:v=1:a=1[v][a]`);
  const meta = input;

  const args = [
    '-nostdin', '-hide_banner', '-v', 'error',
    ...inputs,
    '-protocol_whitelist', 'file', '-f', 'ffmetadata', '-i', `file:${metaFile}`,
    '-filter_complex', graph.join(';'),
    // The clips' own sound is left out: each shot's sound is its narration.
    '-map', '[v]', '-map', '[a]',
    // Tags and chapters from the FFMETADATA file only, none from the clips.
    '-map_metadata', String(meta), '-map_chapters', String(meta),
    // A NUL cannot cross the command line (the film is a C string's world anyway).
    ...Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value.replace(/\0/g, ' ')}`]),
    // veryfast: 1080p in about half the time of the default (medium) preset on two cores
    // (docs/storyboard-film.md, "The filter graph"); a film is re-joined after every edit, and the
    // clips it is made of were already lossy. crf 20 keeps the second loss out of sight.
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '160k', '-ar', String(SAMPLE_RATE), '-ac', '2',
    // The index first, so a player can start before the whole file is read.
    '-movflags', '+faststart',
    // Progress as key=value lines on stdout (film-join.ts reads out_time_us), no stats on stderr.
    '-progress', 'pipe:1', '-nostats',
    // The output is a fresh temporary name: never over anything that exists.
    '-n', '-f', 'mp4', `file:${outFile}`,
  ];
  return { args, chapters, durationMs: Math.round(frames * frameSeconds * 1000) };
}
