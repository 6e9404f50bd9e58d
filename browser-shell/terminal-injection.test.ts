/**
 * The terminal of `npm run shell` as an attacker's canvas (docs/house-rules.md, "What reaches a
 * terminal, a dialog or a file name"): the studio runs as a real process, its stdout and stderr
 * captured as the creator's terminal would receive them, while a script in the signed-in page
 * makes forged contract calls whose values the shell prints: a library folder and an MCP server's
 * name and command line carrying a clear-screen, OSC 52 (write the clipboard), a C1 CSI, the bidi
 * override U+202E, zero-width characters, real newlines and a literal "\x0a"; and a local MCP
 * server that writes the same to its stderr before it dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTER } from '@shared/text/hidden-characters.js';
import { signIn, type SignedIn } from './test/sign-in.js';

const base = mkdtempSync(join(tmpdir(), 'studio-terminal-'));
let child: ChildProcess;
let exited: Promise<number | null>;
let transcript = '';
let page: SignedIn;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts'), '--no-open', '--port', '0'], {
    env: { ...process.env, GATEWAY_STUDIO_DATA_DIR: join(base, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (transcript += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (transcript += d));
  const link = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const found = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(transcript)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before serving:\n${transcript}`)));
  });
  page = await signIn(link);
}, 90_000);
afterAll(async () => {
  child.kill('SIGTERM');
  await exited;
  rmSync(base, { recursive: true, force: true });
});

/** A contract call exactly as a script in the page makes it. */
async function call(method: string, input: unknown): Promise<any> {
  const res = await fetch(`${page.origin}/api/call/${method}`, { method: 'POST', headers: { ...page.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  return res.json();
}

/** A line the studio never prints, dressed as one it does (no slash: it also goes into a path). */
const FAKE_LINE = 'Gateway Studio (browser shell): the studio moved, sign in again at the address below';
/** Every trick at once; the shown form of each must appear, and none of the raw ones. */
const HOSTILE = `\x1b[2J\x1b[H\x1b]52;c;ZWNobyBvd25lZA==\x07\x9b31m\u202egpj.exe\u200b\ufeff\\x0a\r\n${FAKE_LINE}`;
const SHOWN = String.raw`\x1b[2J\x1b[H\x1b]52;c;ZWNobyBvd25lZA==\x07\x9b31m\u202egpj.exe\u200b\ufeff\\x0a\x0d\x0a` + FAKE_LINE;

/** The transcript holds only printable text: its own line ends are the one control allowed. */
function expectNothingHidden(text: string) {
  const hidden = [...text.replace(/\n/g, '').matchAll(HIDDEN_CHARACTER)].map((m) => `U+${m[0].codePointAt(0)!.toString(16).padStart(4, '0')}`);
  expect(hidden).toEqual([]);
  // No line of the terminal is one the attacker wrote.
  expect(text.split('\n').filter((l) => l.startsWith(FAKE_LINE))).toEqual([]);
}

describe('what a forged call makes the browser shell print', () => {
  it('a library folder full of escapes is shown escaped, in a code prompt bound to that text', async () => {
    const folder = join(base, `Pictures ${HOSTILE}`);
    const r = await call('settings.update', { libraryDir: folder });
    expect(r.error).toMatchObject({ code: 'confirmation_required' });
    await expect.poll(() => transcript.includes('enter this code'), { timeout: 30_000, interval: 50 }).toBe(true);
    const prompt = transcript.split('\n').find((l) => l.startsWith('To move the library to '))!;
    expect(prompt).toContain(`${join(base, 'Pictures ')}${SHOWN}`);
    expectNothingHidden(transcript);
  });

  it('an MCP server’s name and command line are shown escaped, the literal "\\x0a" unlike a real newline', async () => {
    const spec = { transport: 'stdio', name: `Notes${HOSTILE}`.slice(0, 60), command: process.execPath, args: ['-e', 'console.log(1)\\x0aprocess.exit(0)', `real\nnewline`, '\u202eevil'], env: {} };
    const { value } = await call('mcp.add', { spec });
    const r = await call('mcp.connect', { id: value.id });
    expect(r.error).toMatchObject({ code: 'confirmation_required' });
    await expect.poll(() => transcript.includes('start the MCP server'), { timeout: 30_000, interval: 50 }).toBe(true);
    expect(transcript).toContain(String.raw`'console.log(1)\\x0aprocess.exit(0)' 'real\x0anewline' '\u202eevil'`);
    expect(transcript).toContain(String.raw`MCP server "Notes\x1b[2J\x1b[H\x1b]52;c;`);
    expectNothingHidden(transcript);
  });

  it('a local MCP server’s dying words on stderr reach the terminal escaped', async () => {
    const script = `process.stderr.write(${JSON.stringify('dying words \x1b[2J\x1b]52;c;ZWNobyBvd25lZA==\x07\x9b31m\u202eevil')}); process.exit(3)`;
    const spec = { transport: 'stdio', name: 'Loud', command: process.execPath, args: ['-e', script], env: {} };
    const { value } = await call('mcp.add', { spec });
    await call('mcp.connect', { id: value.id });
    await expect.poll(() => /MCP server "Loud"/.test(transcript), { timeout: 30_000, interval: 50 }).toBe(true);
    const code = [...transcript.matchAll(/Settings: (\d{6})/g)].at(-1)![1];
    await call('mcp.connect', { id: value.id, confirmCode: code });
    await expect.poll(() => transcript.includes('mcp: Loud'), { timeout: 30_000, interval: 50 }).toBe(true);
    expect(transcript).toContain(String.raw`mcp: Loud did not connect: dying words \x1b[2J\x1b]52;c;ZWNobyBvd25lZA==\x07\x9b31m\u202eevil`);
    expectNothingHidden(transcript);
  });
});
