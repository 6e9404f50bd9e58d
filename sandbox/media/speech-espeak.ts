/**
 * Offline speech from eSpeak NG (the `espeak-ng` package: its CLI compiled to
 * WASM, voice data embedded). The CLI's main() runs once per module instance,
 * so each call instantiates afresh, but from a WebAssembly.Module compiled
 * once: that saves re-reading and re-compiling the 18 MB binary every time.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ESpeakNg, { type WasmImports } from 'espeak-ng';

export interface EspeakRequest {
  text: string;
  /** eSpeak voice with optional variant, e.g. "en-us+f3". */
  voice: string;
  /** Words per minute; eSpeak NG honours 80..450 without the sonic library this build lacks. */
  rateWpm: number;
  /** Base pitch, 0..99 (50 is the voice's default). */
  pitch: number;
}

export interface Pcm {
  /** Mono signed 16-bit samples. */
  samples: Int16Array;
  sampleRate: number;
}

export const ESPEAK_MIN_WPM = 80;
export const ESPEAK_MAX_WPM = 450;

// @types/node declares WebAssembly's types but not its runtime functions (those come with lib "dom").
const wasmRuntime = (globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<WebAssembly.Module>;
    instantiate(module: WebAssembly.Module, imports: WasmImports): Promise<object>;
  };
}).WebAssembly;

const FIXED_CLOCK_MS = Date.UTC(2024, 0, 1);

let compiled: Promise<WebAssembly.Module> | null = null;

function espeakWasm(): Promise<WebAssembly.Module> {
  if (!compiled) {
    const path = createRequire(import.meta.url).resolve('espeak-ng/dist/espeak-ng.wasm');
    compiled = readFile(path).then((bytes) => wasmRuntime.compile(bytes));
    compiled.catch(() => {
      compiled = null;
    });
  }
  return compiled;
}

/** Compiles the eSpeak module ahead of the first request. */
export async function preloadEspeak(): Promise<void> {
  await espeakWasm();
}

export async function renderWithEspeak(req: EspeakRequest): Promise<Pcm> {
  const wasm = await espeakWasm();
  const rate = Math.round(Math.min(ESPEAK_MAX_WPM, Math.max(ESPEAK_MIN_WPM, req.rateWpm)));
  const pitch = Math.round(Math.min(99, Math.max(0, req.pitch)));
  const errors: string[] = [];
  // Text goes through a file, not argv, so input starting with "-" is never read as an option.
  const args = ['-b', '1', '-v', req.voice, '-s', String(rate), '-p', String(pitch), '-w', '/out.wav', '-f', '/in.txt'];
  let wav: Uint8Array;
  try {
    const instance = await ESpeakNg({
      arguments: args,
      print: () => {},
      printErr: (line) => errors.push(line),
      preRun: [(mod) => mod.FS.writeFile('/in.txt', req.text)],
      instantiateWasm(imports, done) {
        // eSpeak seeds its random voice jitter from time(): a fixed clock makes equal requests give equal audio.
        const env = { ...imports.env, emscripten_date_now: () => FIXED_CLOCK_MS };
        wasmRuntime.instantiate(wasm, { ...imports, env }).then(
          (inst) => done(inst, wasm),
          (err: unknown) => errors.push(String(err)),
        );
        return {};
      },
    });
    wav = instance.FS.readFile('/out.wav');
  } catch (err) {
    throw new Error(`espeak-ng failed: ${errors.join('; ') || String(err)}`, { cause: err });
  }
  return parseWav(wav);
}

/** Reads a 16-bit PCM mono WAV as eSpeak writes it. */
export function parseWav(wav: Uint8Array): Pcm {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at: number) => String.fromCharCode(wav[at], wav[at + 1], wav[at + 2], wav[at + 3]);
  if (wav.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('espeak-ng did not write a WAV file');
  let sampleRate = 0;
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      const format = view.getUint16(at + 8, true);
      const channels = view.getUint16(at + 10, true);
      const bits = view.getUint16(at + 22, true);
      if (format !== 1 || channels !== 1 || bits !== 16) throw new Error('espeak-ng WAV is not 16-bit mono PCM');
      sampleRate = view.getUint32(at + 12, true);
    } else if (id === 'data') {
      if (!sampleRate) break;
      // Streaming writers may leave a placeholder size: trust the bytes actually present.
      const bytes = Math.min(size, wav.length - at - 8) & ~1;
      const samples = new Int16Array(bytes / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(at + 8 + i * 2, true);
      return { samples, sampleRate };
    }
    at += 8 + size + (size & 1);
  }
  throw new Error('espeak-ng WAV has no fmt/data chunk');
}
