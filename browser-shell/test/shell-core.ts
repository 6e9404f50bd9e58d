/**
 * The browser shell's core on a given data folder, with its real storage ports (settings in
 * `conf`, keys in a 0600 file) and its own sandbox gateway, for tests that break the disk under
 * it. Free of vitest, so a child process can use it too.
 */
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { createCore } from '@host/index.js';
import { FAST_CADENCE } from '@host/tasks/test/job-harness.js';
import type { SettingsPort } from '@host/ports.js';
import { createConfSettings, createFileSecrets } from '../ports.js';


export interface ShellCoreOptions {
  /** The sandbox keeps its files here (outside the data folder, which tests may lock). */
  sandboxDir: string;
  /** Wraps the real settings port (to fail its writes). */
  settings?: (port: SettingsPort) => SettingsPort;
  log?: (line: string) => void;
}

export async function openShellCore(dataDir: string, o: ShellCoreOptions) {
  let sandbox: Sandbox | undefined;
  const real = createConfSettings(dataDir);
  const core = await createCore({
    shell: 'browser', version: '0.0.0-test', platform: process.platform, dataDir, mediaBase: '/media/',
    settings: o.settings ? o.settings(real) : real,
    secrets: createFileSecrets(dataDir),
    startSandbox: async () => (sandbox = await startSandbox({ dataDir: o.sandboxDir, speed: 100, streamPaceMs: 0 })),
    log: o.log,
  }, { cadence: FAST_CADENCE });
  core.resumeWork();
  const call = (method: string, input: unknown = {}) => core.dispatch(method, input) as Promise<any>;
  const value = async (method: string, input: unknown = {}) => {
    const r = await call(method, input);
    if (!r.ok) throw Object.assign(new Error(`${method}: ${r.error.message}`), r.error);
    return r.value;
  };
  /** Polls the task list (as the renderer's query would) until `done` holds for the task. */
  const task = async (id: string, done: (t: any) => boolean, ms = 30_000) => {
    const start = Date.now();
    for (;;) {
      const t = (await value('tasks.list')).find((x: any) => x.id === id);
      if (t && done(t)) return t;
      if (Date.now() - start > ms) throw new Error(`task ${id} is still ${JSON.stringify(t)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { core, call, value, task, sandbox: () => sandbox!, libraryDir: join(dataDir, 'Library') };
}

export type ShellCore = Awaited<ReturnType<typeof openShellCore>>;
