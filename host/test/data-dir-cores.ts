/**
 * Real cores on data folders a test damages between starts, as a shell opens them (settings and
 * keys in plain JSON files there). Call at a test file's top level: the hooks it registers close
 * every core still running after each test, and remove the folders at the end.
 */
import { afterAll, afterEach } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type CorePorts } from '../index.js';
import { splitOptions, type CoreOptions } from '../options.js';
import { fileSecrets, jsonFilePort, testPorts } from './file-ports.js';
import { FAST_CADENCE } from '../tasks/test/job-harness.js';

export function dataDirCores(prefix: string) {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const running = new Set<() => Promise<void>>();
  afterEach(async () => {
    for (const close of [...running]) await close();
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  let n = 0;

  return {
    /** A new, empty data folder. */
    freshDir(): string {
      const dir = join(base, `data-${++n}`);
      mkdirSync(dir);
      return dir;
    },
    /** A real core on `dataDir`; `close` ends it and leaves the folder for the next start. */
    async start(dataDir: string, overrides: Partial<CorePorts> & CoreOptions = {}) {
      const split = splitOptions(overrides);
      const ports = testPorts({ dataDir, settings: jsonFilePort(join(dataDir, 'settings.json')), secrets: fileSecrets(join(dataDir, 'keys.json')), ...split.ports });
      const core = await createCore(ports, { cadence: FAST_CADENCE, ...split.options });
      const events: { event: string; payload: any }[] = [];
      core.subscribe((event, payload) => events.push({ event, payload }));
      const close = async () => {
        if (!running.delete(close)) return;
        await core.close();
        ports.cleanup();
      };
      running.add(close);
      const call = (method: string, input: unknown = {}) => core.dispatch(method, input) as Promise<any>;
      const value = async (method: string, input: unknown = {}) => {
        const r = await call(method, input);
        if (!r.ok) throw Object.assign(new Error(`${method}: ${r.error.message}`), r.error);
        return r.value;
      };
      /** What a shell does once its window is served: unfinished work resumes (core-api.ts). */
      const resume = () => core.resumeWork();
      return { call, value, close, events, resume };
    },
  };
}
