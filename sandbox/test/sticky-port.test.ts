import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStickySandbox } from '../sticky-port.js';

let cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-sticky-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('the embedded sandbox keeps its port', () => {
  it('listens on the same port after a restart, so saved result links stay valid', async () => {
    const dataDir = folder();
    const first = await startStickySandbox({ dataDir });
    await first.close();
    const second = await startStickySandbox({ dataDir });
    cleanups.push(() => second.close());
    expect(second.port).toBe(first.port);
  });

  it('takes another port when another program holds it, and keeps that one next time', async () => {
    const dataDir = folder();
    const first = await startStickySandbox({ dataDir });
    await first.close();
    const squatter = net.createServer();
    await new Promise<void>((r) => squatter.listen(first.port, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => squatter.close(r)));
    const second = await startStickySandbox({ dataDir });
    expect(second.port).not.toBe(first.port);
    await second.close();
    const third = await startStickySandbox({ dataDir });
    cleanups.push(() => third.close());
    expect(third.port).toBe(second.port);
  });
});
