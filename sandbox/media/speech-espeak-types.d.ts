// The espeak-ng package ships no typings: this covers the Emscripten module surface speech-espeak.ts uses.
declare module 'espeak-ng' {
  export interface ESpeakNgFS {
    readFile(path: string): Uint8Array;
    writeFile(path: string, data: string | Uint8Array): void;
  }

  export interface ESpeakNgModule {
    FS: ESpeakNgFS;
  }

  /** Import object handed to instantiateWasm, by module name ("env", "wasi_snapshot_preview1"). */
  export type WasmImports = Record<string, Record<string, unknown>>;

  export interface ESpeakNgOptions {
    /** Command-line arguments for espeak-ng's main(), which runs once per instance. */
    arguments: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    preRun?: Array<(module: ESpeakNgModule) => void>;
    instantiateWasm?: (
      imports: WasmImports,
      done: (instance: object, module: WebAssembly.Module) => void,
    ) => object;
  }

  const ESpeakNg: (options: ESpeakNgOptions) => Promise<ESpeakNgModule>;
  export default ESpeakNg;
}
