/**
 * What a media file holds, as the bundled ffmpeg reports it: there is no ffprobe in
 * @ffmpeg-installer, so `ffmpeg -i FILE -f ffmetadata pipe:1` is run in a child process (never a
 * decoder in the host, docs/robust-host.md, "Principles"). stderr carries the input's duration,
 * streams and chapters; stdout the tags and chapter titles in FFMETADATA form, exact where the
 * stderr report would be ambiguous. Only headers are read: nothing is decoded.
 */
import { basename } from 'node:path';
import { runFfmpegProcess, type FfmpegFailure } from './ffmpeg-process.js';
import { parseFfmetadata, type FfmetadataChapter } from './ffmetadata.js';

export interface MediaStream {
  kind: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment';
  /** Video only. */
  width?: number;
  height?: number;
  /** Video only: the rate ffmpeg prints ("24 fps", "29.97 fps"), or its `tbr` when it prints none. */
  fps?: number;
}

export interface MediaReport {
  /** From the container's "Duration:", to the centisecond; undefined when it says N/A. */
  durationSeconds?: number;
  streams: MediaStream[];
  /** Global tags (MP4 keeps only the keys it knows, docs/storyboard-film.md, "Metadata"). */
  tags: Record<string, string>;
  chapters: FfmetadataChapter[];
}

export type MediaReportResult = { ok: true; report: MediaReport } | { ok: false; reason: FfmpegFailure; detail: string };

/**
 * The demuxers a picture's clip or a narration may come in. Anything else (a playlist, a concat
 * list, an image sequence) is refused before it is opened, since those formats read other files.
 */
export const MEDIA_FORMATS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,mp3,wav,ogg,flac,aac';

/** Input options that keep ffmpeg to plain local files of the formats above. */
export function inputArgs(file: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', MEDIA_FORMATS, '-i', `file:${file}`];
}

/** Reading a header takes milliseconds; the limit only guards a stuck process. */
const REPORT_TIMEOUT_MS = 30_000;
/** Tags are text: a board's JSON is tens of kB; more than this is not a file we wrote. */
const MAX_TAG_BYTES = 8 * 1024 * 1024;
/** stderr repeats the tags; the report's head must stay inside what is kept. */
const STDERR_BYTES = 2 * MAX_TAG_BYTES;

const KINDS: Record<string, MediaStream['kind']> = { Video: 'video', Audio: 'audio', Subtitle: 'subtitle', Data: 'data', Attachment: 'attachment' };

/** "12.5k fps" is how ffmpeg prints rates of a thousand and more. */
function rate(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const n = Number(text.replace(/k$/, '')) * (text.endsWith('k') ? 1000 : 1);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Parses the "Input #N" part of ffmpeg's report (one part per `-i`, in order). Tags print at four spaces or more after a
 * "Metadata:" line, and a tag's line breaks continue at the same depth, so a tag cannot forge the
 * two-space "Duration:" line; stream lines are taken only after it, where the global tags are
 * behind and every other tag is indented six spaces. Chapters come from the FFMETADATA instead.
 */
export type InputReport = Omit<MediaReport, 'tags' | 'chapters'>;

export function parseInputReport(stderr: string, index = 0): InputReport {
  const lines = stderr.split(/\r?\n/);
  const from = lines.findIndex((l) => l.startsWith(`Input #${index}, `));
  const report: InputReport = { streams: [] };
  if (from === -1) return report;
  let sawDuration = false;
  for (const line of lines.slice(from + 1)) {
    if (!line.startsWith('  ')) break;
    const duration = /^ {2}Duration: (?:(\d+):(\d\d):(\d\d(?:\.\d+)?)|N\/A)/.exec(line);
    if (duration && !sawDuration) {
      sawDuration = true;
      if (duration[1] !== undefined) report.durationSeconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
      continue;
    }
    if (!sawDuration || !/^ {4}\S/.test(line)) continue;
    const stream = /^ {4}Stream #\d+:\d+[^:]*: (\w+): (.*)$/.exec(line);
    const kind = stream && KINDS[stream[1]];
    if (!kind) continue;
    const entry: MediaStream = { kind };
    if (kind === 'video') {
      const size = /, (\d{1,5})x(\d{1,5})(?=[\s,]|$)/.exec(stream[2]);
      if (size) {
        entry.width = Number(size[1]);
        entry.height = Number(size[2]);
      }
      entry.fps = rate(/, ([\d.]+k?) fps/.exec(stream[2])?.[1]) ?? rate(/, ([\d.]+k?) tbr/.exec(stream[2])?.[1]);
    }
    report.streams.push(entry);
  }
  return report;
}

/**
 * The last line ffmpeg printed before it gave up ("file:/…/x.mp4: Invalid data found when
 * processing input"), naming the file without its folder: the words reach a log or a dialog.
 */
function lastLine(detail: string, file?: string): string {
  const line = detail.trim().split('\n').at(-1) ?? detail;
  return file === undefined ? line : line.replaceAll(`file:${file}`, basename(file));
}

function runReport(ffmpegPath: string, files: readonly string[], signal: AbortSignal | undefined) {
  return runFfmpegProcess({
    ffmpegPath,
    args: ['-nostdin', '-hide_banner', ...files.flatMap(inputArgs), '-f', 'ffmetadata', 'pipe:1'],
    timeoutMs: REPORT_TIMEOUT_MS * Math.max(1, Math.ceil(files.length / 10)),
    maxOutputBytes: MAX_TAG_BYTES,
    stderrBytes: STDERR_BYTES,
    signal,
  });
}

export type InputReports = { ok: true; reports: InputReport[] } | { ok: false; reason: FfmpegFailure; detail: string; file?: number };

/**
 * Durations and streams of many files from one ffmpeg run: starting a process can hold the
 * caller's loop for tens of milliseconds on a busy machine (the fork and exec happen before spawn
 * returns), so a film's twenty inputs are read in one start, not twenty. When a file cannot be
 * opened, ffmpeg stops there and names it; `file` is its index in `files`.
 */
export async function reportInputs(ffmpegPath: string, files: readonly string[], signal?: AbortSignal): Promise<InputReports> {
  const run = await runReport(ffmpegPath, files, signal);
  if (run.ok) return { ok: true, reports: files.map((_, i) => parseInputReport(run.stderr, i)) };
  const file = files.findIndex((f) => run.detail.includes(`file:${f}: `));
  return { ok: false, reason: run.reason, detail: lastLine(run.detail, files[file]), file: file === -1 ? undefined : file };
}

export async function reportMedia(ffmpegPath: string, file: string, signal?: AbortSignal): Promise<MediaReportResult> {
  const run = await runReport(ffmpegPath, [file], signal);
  if (!run.ok) return { ok: false, reason: run.reason, detail: lastLine(run.detail, file) };
  const input = parseInputReport(run.stderr);
  const meta = parseFfmetadata(run.stdout.toString('utf8'));
  return { ok: true, report: { durationSeconds: input.durationSeconds, streams: input.streams, tags: meta.tags, chapters: meta.chapters } };
}
