/**
 * One shared ffmpeg.wasm instance (single-threaded core, ~25 MB of WASM that
 * takes ~0.2 s to load) for encoding and decoding audio offline.
 *
 * The core is not reentrant and its file system is global, so jobs are
 * queued. Its error paths are not safe either: once ffmpeg fails (bad option,
 * unreadable input) the instance's memory is left corrupt and later runs write
 * empty files. So any failed job throws the instance away and the next job
 * loads a fresh one, and callers must pass arguments that are known to work.
 */
import { FFmpeg } from '@ffmpeg.wasm/main';

export interface FfmpegJob {
  input: Uint8Array;
  /** Options that describe the input, placed before `-i` (e.g. raw PCM layout). */
  inputArgs?: string[];
  /** Filters, codec and muxer options, placed after `-i`. */
  outputArgs: string[];
  /** Output file extension; ffmpeg also picks the muxer from it unless `-f` is given. */
  outputExt: string;
}

let instance: Promise<FFmpeg> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let jobCounter = 0;
const log: string[] = [];

function ffmpeg(): Promise<FFmpeg> {
  if (!instance) {
    instance = FFmpeg.create({
      core: '@ffmpeg.wasm/core-st',
      log: true,
      logger: (level, ...msg) => {
        if (level === 'debug') return;
        log.push(msg.map(String).join(' '));
        if (log.length > 40) log.shift();
      },
    });
    instance.catch(() => {
      instance = null;
    });
  }
  return instance;
}

function discard(ff: FFmpeg): void {
  instance = null;
  try {
    ff.exit('kill');
  } catch {
    // The instance is being dropped because it is broken; how it exits does not matter.
  }
}

/** Loads the core ahead of the first job (about 0.2 s), e.g. when a server starts. */
export async function preloadFfmpeg(): Promise<void> {
  await ffmpeg();
}

/** Runs one ffmpeg job in the shared instance and returns the output file's bytes. */
export function runFfmpeg(job: FfmpegJob): Promise<Uint8Array> {
  const result = queue.then(() => runNow(job));
  queue = result.catch(() => undefined);
  return result;
}

async function runNow(job: FfmpegJob): Promise<Uint8Array> {
  const ff = await ffmpeg();
  const id = ++jobCounter;
  const inName = `/job${id}.in`;
  const outName = `/job${id}.${job.outputExt}`;
  log.length = 0;
  ff.fs.writeFile(inName, job.input);
  try {
    let code: number;
    try {
      // runSync: run() would leak two function-table slots per call and adds nothing on the single-thread core.
      code = ff.runSync(
        '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
        ...(job.inputArgs ?? []), '-i', inName, ...job.outputArgs, outName,
      );
    } catch (err) {
      discard(ff);
      throw new Error(`ffmpeg.wasm crashed: ${describe(err)}`, { cause: err });
    }
    const out = exists(ff, outName) ? ff.fs.readFile(outName) : new Uint8Array(0);
    if (code !== 0 || out.length === 0) {
      discard(ff);
      throw new Error(`ffmpeg.wasm failed (exit ${code}): ${describe(null)}`);
    }
    return out;
  } finally {
    for (const name of [inName, outName]) if (instance && exists(ff, name)) ff.fs.unlink(name);
  }
}

function exists(ff: FFmpeg, path: string): boolean {
  try {
    ff.fs.stat(path);
    return true;
  } catch {
    return false;
  }
}

function describe(err: unknown): string {
  const tail = log.slice(-5).join(' | ');
  const reason = err instanceof Error ? err.message : err == null ? '' : String(err);
  return [reason, tail].filter(Boolean).join(' — ') || 'no output';
}
