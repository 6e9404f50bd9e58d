/**
 * Runs the native ffmpeg as a child process with a hard time limit and a cap on what it may
 * write, so that a damaged or hostile file can cost a few seconds of one core but never the
 * host's event loop or its memory (docs/robust-host.md, "Principles" 1–2). It never throws: every
 * failure, including a missing binary, resolves to a result the caller turns into "no thumbnail".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, setPriority } from 'node:os';

export interface FfmpegRun {
  /** The executable; see `installedFfmpegPath`. */
  ffmpegPath: string;
  args: string[];
  /** From spawn to exit. Past it the process (and anything it started) gets SIGKILL. */
  timeoutMs: number;
  /** More stdout than this is refused: the process is killed and nothing is returned. */
  maxOutputBytes: number;
  /** Called once the process runs, with its pid (tests check that it is gone afterwards). */
  onSpawn?: (pid: number) => void;
  /** Aborting kills the process (and anything it started) as the time limit does. */
  signal?: AbortSignal;
  /**
   * Gets stdout as it comes (a long encode's `-progress` report); stdout is then not kept, though
   * it still counts against `maxOutputBytes`.
   */
  onStdout?: (chunk: Buffer) => void;
  /** How much of stderr's tail is kept (default 2000 bytes): more for runs whose report is read. */
  stderrBytes?: number;
  /**
   * Below normal priority, for an encode that takes minutes: it then takes the cores only when
   * the studio (host, page) does not need them. Set as the process starts, before ffmpeg has
   * opened its inputs and started its encoder threads, which inherit it.
   */
  background?: boolean;
}

export type FfmpegFailure = 'spawn' | 'timeout' | 'output_cap' | 'failed' | 'cancelled';
export type FfmpegResult = { ok: true; stdout: Buffer; stderr: string } | { ok: false; reason: FfmpegFailure; detail: string };

/** How much of stderr is kept for the log line: the last error ffmpeg printed is what matters. */
const STDERR_TAIL = 2000;
/** After SIGKILL the exit comes within milliseconds; this only guards a process stuck in the kernel. */
const REAP_GRACE_MS = 2000;

/**
 * A process group of its own on POSIX, so that the kill also reaches anything the executable
 * started (a wrapper script's children would otherwise keep running, and keep the pipe open).
 * Windows has no process groups; TerminateProcess on the child is what `kill` does there.
 */
const OWN_GROUP = process.platform !== 'win32';

/**
 * ffmpeg reads a few environment variables (FFREPORT writes a log file wherever it names), so the
 * child gets only what an executable needs to start.
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'SystemRoot']) if (process.env[key] !== undefined) env[key] = process.env[key];
  return env;
}

/** Decoders still running; the host kills them when it exits, so none outlives the app. */
const live = new Set<ChildProcess>();
let exitHook = false;

function killTree(child: ChildProcess): void {
  try {
    if (OWN_GROUP && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    // Already gone: nothing left to stop.
  }
}

export function runFfmpegProcess(run: FfmpegRun): Promise<FfmpegResult> {
  return new Promise((resolve) => {
    if (run.signal?.aborted) {
      resolve({ ok: false, reason: 'cancelled', detail: 'cancelled before it started' });
      return;
    }
    let child: ChildProcess;
    try {
      child = spawn(run.ffmpegPath, run.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: OWN_GROUP, windowsHide: true, env: childEnv() });
    } catch (err) {
      resolve({ ok: false, reason: 'spawn', detail: err instanceof Error ? err.message : String(err) });
      return;
    }
    live.add(child);
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => live.forEach(killTree));
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    let stderr = '';
    let failure: { reason: FfmpegFailure; detail: string } | undefined;
    let settled = false;
    let grace: NodeJS.Timeout | undefined;

    const settle = (result: FfmpegResult) => {
      if (settled) return;
      settled = true;
      live.delete(child);
      clearTimeout(deadline);
      clearTimeout(grace);
      run.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const fail = (reason: FfmpegFailure, detail: string) => {
      if (settled || failure) return;
      failure = { reason, detail };
      killTree(child);
      // Destroyed pipes let 'close' follow the exit even if something still holds their other end.
      child.stdout?.destroy();
      child.stderr?.destroy();
      grace = setTimeout(() => settle({ ok: false, ...failure! }), REAP_GRACE_MS);
    };
    const deadline = setTimeout(() => fail('timeout', `no result within ${run.timeoutMs} ms`), run.timeoutMs);
    const onAbort = () => fail('cancelled', 'cancelled');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    const stderrBytes = run.stderrBytes ?? STDERR_TAIL;

    child.stdout!.on('data', (chunk: Buffer) => {
      if (failure) return;
      bytes += chunk.length;
      if (bytes > run.maxOutputBytes) fail('output_cap', `more than ${run.maxOutputBytes} bytes of output`);
      else if (run.onStdout) run.onStdout(chunk);
      else chunks.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-stderrBytes);
    });
    // A pipe error must not become an uncaught exception in the host; the exit still settles.
    child.stdout!.on('error', () => undefined);
    child.stderr!.on('error', () => undefined);
    child.once('spawn', () => {
      if (child.pid === undefined) return;
      if (run.background) {
        try {
          setPriority(child.pid, constants.priority.PRIORITY_BELOW_NORMAL);
        } catch {
          // Not allowed here, or already gone: it runs at normal priority, only less politely.
        }
      }
      run.onSpawn?.(child.pid);
    });
    // Spawn failures (ENOENT, EACCES) arrive here; so would a failed kill, which changes nothing.
    child.on('error', (err) => {
      if (child.pid === undefined) settle({ ok: false, reason: 'spawn', detail: err.message });
    });
    // 'close' comes after the exit has been reaped, so the pid is really gone when this resolves.
    child.once('close', (code, signal) => {
      if (failure) return settle({ ok: false, ...failure });
      if (code === 0) return settle({ ok: true, stdout: Buffer.concat(chunks), stderr });
      const last = stderr.trim().split('\n').at(-1) ?? '';
      settle({ ok: false, reason: 'failed', detail: `${signal ? `killed by ${signal}` : `exit code ${code}`}${last ? `: ${last}` : ''}` });
    });
  });
}

let installed: Promise<string | undefined> | undefined;

/**
 * Electron's fs reads files inside app.asar, but the operating system cannot execute one: the
 * binary ships unpacked (electron-builder.yml, asarUnpack) beside the archive, at the same path
 * with `app.asar.unpacked` in place of `app.asar`.
 */
export function unpackedPath(file: string): string {
  return file.replace(/([\\/])app\.asar(?=[\\/])/, '$1app.asar.unpacked');
}

/**
 * The ffmpeg of @ffmpeg-installer (the platform package that npm installed), or undefined when
 * this platform has none: that package throws on import then, and videos simply get no poster.
 * Imported lazily so that starting the host never depends on it.
 */
export function installedFfmpegPath(): Promise<string | undefined> {
  installed ??= import('@ffmpeg-installer/ffmpeg').then(
    (m) => {
      const found = (m.default ?? m) as { path?: unknown };
      return typeof found.path === 'string' ? unpackedPath(found.path) : undefined;
    },
    () => undefined,
  );
  return installed;
}
