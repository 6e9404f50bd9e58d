/**
 * The studio as `npm run shell` starts it, stopped as an operating system or a creator stops it:
 * SIGTERM ends it cleanly (a studio stuck in a close once ignored SIGTERM), and a left-over
 * save does not keep it from serving first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('the browser shell as a process', () => {
  it('serves, then closes cleanly on SIGTERM, even when an interrupt arrives with it (npm passes Ctrl-C on too)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-signal-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts'), '--no-open'], {
      env: { ...process.env, GATEWAY_STUDIO_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        const found = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(d.toString())?.[1];
        if (found) resolve(found);
      });
      child.once('exit', (code) => reject(new Error(`exited (${code}) before serving`)));
    });
    expect((await fetch(url, { redirect: 'manual' })).status).toBeLessThan(400);
    child.kill('SIGTERM');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
