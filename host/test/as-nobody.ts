/**
 * Runs a studio scenario in a child process that cannot read what it is denied. These machines run
 * tests as root, who reads every file whatever its mode, so there the child runs as `nobody`; as
 * any other user it runs as that user. The child prints one JSON line per call,
 * `{ name, result }`; what it printed comes back as `{ [name]: result }`.
 */
import { spawn } from 'node:child_process';
import { chownSync } from 'node:fs';

export const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

/** Hands `paths` to the child's user (only where the tests run as root). */
export function giveToChild(paths: string[]): void {
  if (asRoot) for (const p of paths) chownSync(p, NOBODY, NOBODY);
}

export async function runAsNobody(script: string, args: string[], home: string): Promise<Record<string, any>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asRoot ? { uid: NOBODY, gid: NOBODY, env: { ...process.env, HOME: home } } : {}),
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString('utf8'); });
  child.stderr.on('data', (d: Buffer) => { err += d.toString('utf8'); });
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`the studio child exited with ${String(code)}:\n${err}`);
  return Object.fromEntries(out.trim().split('\n').map((l) => JSON.parse(l)).map((l) => [l.name, l.result]));
}
