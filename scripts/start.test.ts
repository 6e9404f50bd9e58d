import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHELL_NODE_FLAGS } from '../browser-shell/node-flags.js';
import { FALLBACK_LINE, start, type RunOptions, type StartDeps } from './start.js';
import { shell } from './shell.js';

const ROOT = '/repo';

/** Records every spawn; `installerWorks` makes the binary appear once install.js has run. */
function deps(setup: { binary?: boolean; installerWorks?: boolean; built?: string[] }) {
  let binary = setup.binary ?? false;
  const runs: Array<{ cmd: string; args: string[]; options?: RunOptions }> = [];
  const lines: string[] = [];
  let shellStarted = 0;
  const d: StartDeps = {
    electronBinary: () => (binary ? '/repo/node_modules/electron/dist/electron' : undefined),
    exists: (p) => (setup.built ?? []).includes(p),
    async run(cmd, args, options) {
      runs.push({ cmd, args, options });
      if (args[0]?.endsWith('install.js')) {
        if (setup.installerWorks) binary = true;
        return setup.installerWorks ? 0 : 1;
      }
      return 0;
    },
    async startBrowserShell() {
      shellStarted++;
    },
    log: (line) => lines.push(line),
  };
  return { d, runs, lines, shellStarted: () => shellStarted };
}

describe('npm start', () => {
  it('runs the built desktop app when Electron is installed, with no installer and no fallback', async () => {
    const t = deps({ binary: true, built: [join(ROOT, 'out', 'main')] });
    expect(await start(t.d, ROOT)).toBe('electron');
    expect(t.runs.map((r) => [r.cmd, ...r.args])).toEqual([['/repo/node_modules/electron/dist/electron', '.']]);
    expect(t.lines).toEqual([]);
    expect(t.shellStarted()).toBe(0);
  });

  it('builds the desktop app first when out/main is missing', async () => {
    const t = deps({ binary: true });
    await start(t.d, ROOT);
    expect(t.runs.map((r) => [r.cmd, ...r.args])).toEqual([['npx', 'electron-vite', 'build'], ['/repo/node_modules/electron/dist/electron', '.']]);
  });

  it("tries Electron's installer once, quietly and with a timeout, and uses the binary it fetched", async () => {
    const t = deps({ installerWorks: true, built: [join(ROOT, 'out', 'main')] });
    expect(await start(t.d, ROOT)).toBe('electron');
    const [install, app] = t.runs;
    expect(install.args).toEqual([join(ROOT, 'node_modules', 'electron', 'install.js')]);
    expect(install.options).toMatchObject({ quiet: true });
    expect(install.options?.timeoutMs).toBeGreaterThan(0);
    expect(install.options?.env?.ELECTRON_SKIP_BINARY_DOWNLOAD).toBeFalsy();
    expect(app.cmd).toBe('/repo/node_modules/electron/dist/electron');
    expect(t.shellStarted()).toBe(0);
  });

  it('falls back to the browser shell in one line when the installer cannot fetch Electron', async () => {
    const t = deps({ built: [join(ROOT, 'out', 'renderer', 'index.html')] });
    expect(await start(t.d, ROOT)).toBe('browser');
    expect(t.runs.filter((r) => r.args[0]?.endsWith('install.js'))).toHaveLength(1);
    expect(t.runs).toHaveLength(1);
    expect(t.lines).toEqual([FALLBACK_LINE]);
    expect(t.shellStarted()).toBe(1);
  });

  it('builds the renderer before falling back when it is missing', async () => {
    const t = deps({});
    await start(t.d, ROOT);
    expect(t.runs.map((r) => [r.cmd, ...r.args]).slice(1)).toEqual([['npx', 'vite', 'build']]);
    expect(t.shellStarted()).toBe(1);
  });

  it('stops with a clear error when a build fails', async () => {
    const t = deps({});
    t.d.run = async (_cmd, args) => (args[0] === 'vite' ? 2 : 1);
    await expect(start(t.d, ROOT)).rejects.toThrow(/renderer build failed/);
    expect(t.shellStarted()).toBe(0);
  });
});

describe('npm run shell', () => {
  it('builds the renderer first on a fresh clone, so its address serves the studio and not a 503', async () => {
    const t = deps({});
    await shell(t.d, ROOT);
    expect(t.runs.map((r) => [r.cmd, ...r.args])).toEqual([['npx', 'vite', 'build']]);
    expect(t.shellStarted()).toBe(1);
  });

  it('starts at once when the renderer is built, and never tries Electron', async () => {
    const t = deps({ built: [join(ROOT, 'out', 'renderer', 'index.html')] });
    await shell(t.d, ROOT);
    expect(t.runs).toEqual([]);
    expect(t.shellStarted()).toBe(1);
  });
});

describe('the browser shell process', () => {
  it('is started by `npm start` and `npm run shell` with its V8 flags on the node command line', () => {
    const { scripts } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const name of ['start', 'shell']) {
      const words = scripts[name].split(/\s+/);
      // Flags V8 reads at start-up only: on node's own command line, before the entry point.
      expect(words[0], name).toBe('node');
      const entry = words.findIndex((w) => w.endsWith('.ts'));
      for (const flag of SHELL_NODE_FLAGS) {
        expect(words.indexOf(flag), `${name}: ${flag}`).toBeGreaterThan(0);
        expect(words.indexOf(flag), `${name}: ${flag}`).toBeLessThan(entry);
      }
    }
  });
});
