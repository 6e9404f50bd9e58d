/**
 * Production builds for the browser benchmarks, into temporary folders: `out/renderer` belongs to
 * the end-to-end tests, which others may be running at the same time. Every build goes through
 * the project's own vite.config.ts (same React plugin, same CSP meta, same options), so the
 * studio and the minimal React page of bench/fixtures/ differ only in their source.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './child.js';

export interface Build {
  dir: string;
  remove(): void;
}

/** The minimal Vite + React page the studio's startup is compared with. */
export const MINIMAL_REACT = join('bench', 'fixtures', 'minimal-react');

/** `vite build` of `root` (the studio's renderer when omitted) into a new temp folder. */
export async function viteBuild(root?: string): Promise<Build> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-build-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // A positional root replaces the config's `root: 'renderer'`; `--config` keeps everything else.
  const args = [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', ...(root ? [root] : []),
    '--config', 'vite.config.ts', '--mode', 'production', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'];
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const proc = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    proc.stdout.on('data', (c: Buffer) => output.push(c.toString('utf8')));
    proc.stderr.on('data', (c: Buffer) => output.push(c.toString('utf8')));
    proc.once('error', reject);
    proc.once('exit', resolve);
  });
  if (code !== 0) {
    remove();
    throw new Error(`vite build ${root ?? 'renderer'} failed (exit ${code}):\n${output.join('')}`);
  }
  return { dir, remove };
}
