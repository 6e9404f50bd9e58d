/**
 * The studio as `npm run shell` starts it, stopped as an operating system or a creator stops it:
 * SIGTERM ends it cleanly (a studio stuck in a close once ignored SIGTERM), and a left-over
 * save does not keep it from serving first; and on Linux it runs with the allocator settings that
 * keep its memory flat, however it was started.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dirs: string[] = [];
/** Processes a failed test may have left running. */
let pids: number[] = [];
afterEach(() => {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  pids = [];
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** `node <flags> main.ts <args>` started; resolves once it prints its address. */
async function startShell(flags: string[], args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [...flags, join(import.meta.dirname, 'main.ts'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      const found = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(d.toString())?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before serving`)));
  });
  return { child, exited, url };
}

describe('the browser shell as a process', () => {
  it('serves, then closes cleanly on SIGTERM, even when an interrupt arrives with it (npm passes Ctrl-C on too)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-signal-'));
    dirs.push(dataDir);
    const { child, exited, url } = await startShell(['--import', 'tsx'], ['--no-open'], { ...process.env, GATEWAY_STUDIO_DATA_DIR: dataDir });
    expect((await fetch(url, { redirect: 'manual' })).status).toBeLessThan(400);
    child.kill('SIGTERM');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((p) => {
    try {
      // The command may hold spaces and parentheses: the fields after its closing one are fixed.
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(process.platform === 'linux')('the allocator of the browser shell (docs/performance-findings.md, "Host memory")', () => {
  it('started plainly, the studio runs with few malloc arenas, and stopping its launcher stops it too', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-arenas-'));
    dirs.push(dataDir);
    const env: NodeJS.ProcessEnv = { ...process.env, GATEWAY_STUDIO_DATA_DIR: dataDir };
    delete env.MALLOC_ARENA_MAX;
    const { child: launcher, exited, url } = await startShell(['--single-threaded-gc', '--import', 'tsx'], ['--no-open', '--port', '0'], env);
    const [studio] = childrenOf(launcher.pid!);
    pids.push(launcher.pid!, studio);
    expect(studio, 'the studio runs in a process of its own').toBeGreaterThan(0);
    const studioEnv = readFileSync(`/proc/${studio}/environ`, 'utf8').split('\0');
    expect(studioEnv).toContain('MALLOC_ARENA_MAX=2');
    // The V8 flags the launcher was given reach the studio's own process too.
    expect(readFileSync(`/proc/${studio}/cmdline`, 'utf8').split('\0')).toContain('--single-threaded-gc');
    expect((await fetch(url, { redirect: 'manual' })).status).toBeLessThan(400);
    // A service manager stops the process it started: the studio must not be left holding the port.
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(studio)).toBe(false);
    await expect(fetch(url)).rejects.toThrow();
  });
});
