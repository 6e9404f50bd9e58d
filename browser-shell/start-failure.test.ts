/**
 * The browser shell's start, failing part-way as an outsider can make it (docs/robust-host.md,
 * "Start and shutdown"): another program holds its port. What had started (the core and its
 * sandbox gateway) is closed again, and the next start on the same data folder works.
 */
import { createServer, type Server } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listening } from '@host/test/listening.js';
import { startBrowserShell } from './main.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a browser shell that cannot start', () => {
  it('closes the core and its sandbox when the browser shell cannot take its port, and starts cleanly once the port is free', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-shell-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const squatter: Server = createServer();
    await new Promise<void>((done) => squatter.listen(0, '127.0.0.1', done));
    const port = (squatter.address() as { port: number }).port;

    await expect(startBrowserShell({ dataDir, port })).rejects.toThrow(/EADDRINUSE/);
    // The sandbox had started on a port of its own and written it down for the next start.
    const sandboxPort = Number(readFileSync(join(dataDir, 'sandbox', 'port'), 'utf8'));
    expect(await listening(`http://127.0.0.1:${sandboxPort}/`)).toBe(false);

    await new Promise((done) => squatter.close(done));
    const shell = await startBrowserShell({ dataDir, port });
    cleanups.push(() => shell.close());
    expect(shell.url).toContain(`:${port}/`);
    expect(shell.sandboxUrl).toBe(`http://127.0.0.1:${sandboxPort}`);
  });
});
