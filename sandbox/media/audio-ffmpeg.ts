/**
 * One shared ffmpeg.wasm instance for encoding and decoding audio offline.
 *
 * The build is the official `@ffmpeg/core` 0.12 (single-threaded, ffmpeg 5.1.4,
 * 32 MB of WASM). Its configuration has `--enable-gpl` (x264, x265) and no
 * `--enable-nonfree`, so it is GPL-2.0-or-later and may be redistributed with
 * the app, with the GPL's source obligations. It has libmp3lame, libopus and
 * ffmpeg's native `aac` and `flac` encoders, and no libfdk-aac: the
 * `@ffmpeg.wasm/core-st` build used before was nonfree (fdk-aac) and could not
 * be shipped. audio-ffmpeg.test.ts checks this against the loaded binary.
 *
 * The core is built for browser workers only, so it is loaded by hand: its
 * UMD script is compiled with `self` as a parameter (the one worker global it
 * reads, for a script URL that is never used) and the WASM, compiled once per
 * process (~0.25 s), is instantiated through the `instantiateWasm` hook
 * (~30 ms per instance) instead of being fetched.
 *
 * The core is not reentrant and its file system is global, so jobs are
 * queued. ffmpeg ends every run by exit(), which the core implements by
 * throwing through the C stack without unwinding it, so each run leaks stack
 * until the instance traps ("memory access out of bounds" after ~60 runs):
 * the stack pointer is saved before and restored after every run. Error paths
 * are not trusted either: any failed job throws the instance away and the
 * next job loads a fresh one, so callers must pass arguments that are known
 * to work.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

export interface FfmpegJob {
  input: Uint8Array;
  /** Options that describe the input, placed before `-i` (e.g. raw PCM layout). */
  inputArgs?: string[];
  /** Filters, codec and muxer options, placed after `-i`. */
  outputArgs: string[];
  /** Output file extension; ffmpeg also picks the muxer from it unless `-f` is given. */
  outputExt: string;
}

/** The parts of the Emscripten module of `@ffmpeg/core` that are used here. */
interface CoreModule {
  /** Runs ffmpeg with `-nostdin -y` prepended; returns its exit code. */
  exec(...args: string[]): number;
  /** Clears the exit code and timeout that a run leaves behind. */
  reset(): void;
  setLogger(logger: (entry: { type: string; message: string }) => void): void;
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
    stat(path: string): unknown;
  };
}

type WasmExports = Record<string, unknown>;
type CoreFactory = (options: {
  instantiateWasm(imports: object, receive: (instance: { exports: WasmExports }, module: WebAssembly.Module) => void): object;
}) => Promise<CoreModule>;

interface Core {
  module: CoreModule;
  stackSave(): number;
  stackRestore(pointer: number): void;
}

interface CoreCode {
  factory: CoreFactory;
  wasm: WebAssembly.Module;
  /** Minified export names of Emscripten's stackSave / stackRestore in this build. */
  stackExports: [string, string];
}

// @types/node declares WebAssembly's types but not its runtime functions (those come with lib "dom").
const wasmRuntime = (globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<WebAssembly.Module>;
    instantiate(module: WebAssembly.Module, imports: object): Promise<{ exports: WasmExports }>;
  };
}).WebAssembly;

let loaded: Promise<CoreCode> | null = null;
let instance: Promise<Core> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let jobCounter = 0;
const log: string[] = [];

function coreCode(): Promise<CoreCode> {
  if (!loaded) {
    loaded = loadCoreCode();
    loaded.catch(() => {
      loaded = null;
    });
  }
  return loaded;
}

async function loadCoreCode(): Promise<CoreCode> {
  const require = createRequire(import.meta.url);
  const scriptPath = require.resolve('@ffmpeg/core'); // dist/umd/ffmpeg-core.js
  const [script, wasmBytes] = await Promise.all([
    readFile(scriptPath, 'utf8'),
    readFile(require.resolve('@ffmpeg/core/wasm')),
  ]);
  const stackExports = ['stackSave', 'stackRestore'].map((name) => {
    const match = new RegExp(`var ${name}=function\\(\\)\\{return\\(${name}=Module\\["asm"\\]\\["(\\w+)"\\]\\)`).exec(script);
    if (!match) throw new Error(`@ffmpeg/core: cannot find ${name} in ${scriptPath}; this loader was written for 0.12.10`);
    return match[1];
  }) as [string, string];
  const umd = { exports: {} as unknown };
  vm.compileFunction(script, ['module', 'exports', 'self'], { filename: scriptPath })(
    umd,
    umd.exports,
    { location: { href: pathToFileURL(scriptPath).href } },
  );
  if (typeof umd.exports !== 'function') throw new Error(`@ffmpeg/core: ${scriptPath} did not export its factory`);
  return { factory: umd.exports as CoreFactory, wasm: await wasmRuntime.compile(wasmBytes), stackExports };
}

async function createCore(): Promise<Core> {
  const { factory, wasm, stackExports } = await coreCode();
  let exports: WasmExports = {};
  let instantiateFailed: (err: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    instantiateFailed = reject;
  });
  const module = await Promise.race([
    factory({
      instantiateWasm(imports, receive) {
        wasmRuntime.instantiate(wasm, imports).then((inst) => {
          exports = inst.exports;
          receive(inst, wasm);
        }, instantiateFailed);
        return {};
      },
    }),
    failed,
  ]);
  const [save, restore] = stackExports.map((name) => exports[name]);
  if (typeof save !== 'function' || typeof restore !== 'function') throw new Error('@ffmpeg/core: stack helpers are not exported');
  module.setLogger(({ message }) => {
    // Every run ends in exit() -> abort(), which prints this.
    if (message === 'Aborted()') return;
    log.push(message);
    if (log.length > 40) log.shift();
  });
  return {
    module,
    stackSave: save as () => number,
    stackRestore: restore as (pointer: number) => void,
  };
}

function ffmpeg(): Promise<Core> {
  if (!instance) {
    instance = createCore();
    instance.catch(() => {
      instance = null;
    });
  }
  return instance;
}

function discard(): void {
  // Dropping the last reference frees the instance's memory; there is nothing to shut down.
  instance = null;
}

/** Runs ffmpeg once, restoring the C stack that its exit() leaves unwound. */
function exec(core: Core, args: string[]): number {
  const stack = core.stackSave();
  try {
    return core.module.exec(...args);
  } finally {
    core.stackRestore(stack);
    core.module.reset();
  }
}

/** Compiles and loads the core ahead of the first job (about 0.3 s), e.g. when a server starts. */
export async function preloadFfmpeg(): Promise<void> {
  await ffmpeg();
}

/**
 * The configure flags of the loaded core (`ffmpeg -buildconf`), one per
 * entry. Runs in a throwaway instance so that the shared one is untouched.
 */
export async function ffmpegBuildConfiguration(): Promise<string[]> {
  const core = await createCore();
  const lines: string[] = [];
  core.module.setLogger(({ message }) => lines.push(message));
  exec(core, ['-hide_banner', '-buildconf']);
  return lines.map((line) => line.trim()).filter((line) => line.startsWith('--'));
}

/** Runs one ffmpeg job in the shared instance and returns the output file's bytes. */
export function runFfmpeg(job: FfmpegJob): Promise<Uint8Array> {
  const result = queue.then(() => runNow(job));
  queue = result.catch(() => undefined);
  return result;
}

async function runNow(job: FfmpegJob): Promise<Uint8Array> {
  const core = await ffmpeg();
  const fs = core.module.FS;
  const id = ++jobCounter;
  const inName = `/job${id}.in`;
  const outName = `/job${id}.${job.outputExt}`;
  log.length = 0;
  fs.writeFile(inName, job.input);
  try {
    let code: number;
    try {
      code = exec(core, [
        '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
        ...(job.inputArgs ?? []), '-i', inName, ...job.outputArgs, outName,
      ]);
    } catch (err) {
      discard();
      throw new Error(`ffmpeg.wasm crashed: ${describe(err)}`, { cause: err });
    }
    const out = exists(core, outName) ? fs.readFile(outName) : new Uint8Array(0);
    if (code !== 0 || out.length === 0) {
      discard();
      throw new Error(`ffmpeg.wasm failed (exit ${code}): ${describe(null)}`);
    }
    return out;
  } finally {
    for (const name of [inName, outName]) if (instance && exists(core, name)) fs.unlink(name);
  }
}

function exists(core: Core, path: string): boolean {
  try {
    core.module.FS.stat(path);
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
