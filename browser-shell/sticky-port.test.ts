/**
 * The browser shell keeps its port across restarts (sandbox/sticky-port.ts), so the page keeps its
 * origin and with it what the browser stored for it (localStorage is per origin, and the port is
 * part of the origin: https://html.spec.whatwg.org/multipage/browsers.html#origin). Real shells on
 * real sockets, with the port file damaged, planted and squatted as an outsider would.
 */
import { createServer, type Server } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { portAsked, SHELL_PORT_FILE, startBrowserShell, type BrowserShell } from './main.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'studio-shell-port-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Started { shell: BrowserShell; port: number; lines: string[] }

/** A shell on `dataDir` as `npm run shell` starts it (no port asked), closed after the test unless closed before. */
async function start(dataDir: string, port?: number): Promise<Started> {
  const lines: string[] = [];
  const shell = await startBrowserShell({ dataDir, port, open: false, rendererDir: join(dataDir, 'no-renderer'), log: (line) => lines.push(line), sandbox: { speed: 100, streamPaceMs: 0 } });
  cleanups.push(() => shell.close());
  return { shell, port: Number(new URL(shell.url).port), lines };
}

async function squat(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((done, fail) => server.once('error', fail).listen(port, '127.0.0.1', done));
  cleanups.push(() => new Promise((done) => server.close(done)));
  return server;
}

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

const remembered = (dataDir: string) => readFileSync(join(dataDir, SHELL_PORT_FILE), 'utf8');
const moved = (lines: string[]) => lines.filter((l) => /^Port \d+ /.test(l));

describe('the browser shell keeps its port', () => {
  it('listens on the same port after a stop and a start, and remembers it in the data folder', async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    await first.shell.close();
    expect(remembered(dataDir)).toBe(String(first.port));
    const second = await start(dataDir);
    expect(second.port).toBe(first.port);
    expect(second.shell.url.startsWith(`http://127.0.0.1:${first.port}/?token=`)).toBe(true);
    expect(moved([...first.lines, ...second.lines])).toEqual([]);
  });

  it('takes another port when another program holds it, says so in one line, and keeps the new one', async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    await first.shell.close();
    await squat(first.port);

    const second = await start(dataDir);
    expect(second.port).not.toBe(first.port);
    const origin = `http://127.0.0.1:${second.port}`;
    expect(moved(second.lines)).toEqual([
      `Port ${first.port} is in use by another program; the studio is at ${origin} from now on. Drafts and settings this browser kept for the old address are not visible here.`,
    ]);
    // The page is served there, and the squatter was left alone.
    expect((await fetch(`${origin}/favicon.ico`)).status).toBe(200);
    await second.shell.close();

    // A program that keeps the old port does not move the studio again at the next start.
    const third = await start(dataDir);
    expect(third.port).toBe(second.port);
    expect(moved(third.lines)).toEqual([]);
  });

  it.each([
    ['text', 'not a port'],
    ['JSON', '{"port": 45678}'],
    ['hex', '0xb26e'],
    ['an exponent', '4.5e4'],
    ['two numbers', '45678 45679'],
    ['binary', '\u0000\u00ff\u0007'],
    ['an empty file', ''],
    ['a privileged port', '80'],
    ['the last privileged-range port', '1024'],
    ['port 0', '0'],
    ['a negative port', '-45678'],
    ['a port past 65535', '65536'],
    ['a long number', '4567845678'],
  ])('ignores a port file holding %s and writes its own port over it', async (_what, content) => {
    const dataDir = folder();
    writeFileSync(join(dataDir, SHELL_PORT_FILE), content);
    const first = await start(dataDir);
    expect(first.port).toBeGreaterThan(1024);
    expect(String(first.port)).not.toBe(content.trim());
    expect(remembered(dataDir)).toBe(String(first.port));
    expect(moved(first.lines)).toEqual([]);
    await first.shell.close();
    expect((await start(dataDir)).port).toBe(first.port);
  });

  it('ignores a port file that is a folder, and still starts', async () => {
    const dataDir = folder();
    mkdirSync(join(dataDir, SHELL_PORT_FILE));
    const first = await start(dataDir);
    expect(first.port).toBeGreaterThan(1024);
  });

  it.runIf(process.platform !== 'win32')('replaces a port file planted as a link to another file, and leaves that file alone', async () => {
    const dataDir = folder();
    const elsewhere = join(folder(), 'precious.txt');
    writeFileSync(elsewhere, 'keep me');
    symlinkSync(elsewhere, join(dataDir, SHELL_PORT_FILE));
    const first = await start(dataDir);
    expect(readFileSync(elsewhere, 'utf8')).toBe('keep me');
    expect(remembered(dataDir)).toBe(String(first.port));
  });

  it('listens only on a port asked for, and neither uses nor changes the remembered one', async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    await first.shell.close();

    const asked = await freePort();
    const explicit = await start(dataDir, asked);
    expect(explicit.port).toBe(asked);
    await explicit.shell.close();
    const anyPort = await start(dataDir, 0);
    expect(anyPort.port).not.toBe(first.port);
    await anyPort.shell.close();
    expect(remembered(dataDir)).toBe(String(first.port));

    // A port asked for that another program holds is an error, not another port.
    await squat(asked);
    await expect(start(dataDir, asked)).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('the port asked for at the command line', () => {
  it('takes --port, then GATEWAY_STUDIO_PORT, else none (the remembered one)', () => {
    expect(portAsked(['--port', '8123'], {})).toBe(8123);
    expect(portAsked(['--no-open', '--port=0'], { GATEWAY_STUDIO_PORT: '9000' })).toBe(0);
    expect(portAsked([], { GATEWAY_STUDIO_PORT: '9000' })).toBe(9000);
    expect(portAsked(['--no-open'], {})).toBeUndefined();
    expect(portAsked([], { GATEWAY_STUDIO_PORT: '' })).toBeUndefined();
  });

  it.each([['--port'], ['--port', 'abc'], ['--port', '65536'], ['--port', '-1'], ['--port', '0x50']])('refuses %j', (...argv) => {
    expect(() => portAsked(argv, {})).toThrow(/the port must be a number from 0 to 65535/);
  });

  it('refuses a GATEWAY_STUDIO_PORT that is not a port', () => {
    expect(() => portAsked([], { GATEWAY_STUDIO_PORT: '80a' })).toThrow(/got '80a'/);
  });
});
