/**
 * The sandbox's saved state as a slow disk meets it: embedded in the studio, the sandbox shares
 * the host's event loop, so a disk that takes its time over an fsync must never stop it answering
 * (docs/robust-host.md, "The embedded sandbox's state"). Here the state file's fsync waits until
 * the test lets it go, and a synchronous fsync anywhere fails the test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type * as Fsp from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../server.js';
import { data } from './harness.js';

const disk = { hold: false, held: 0, waiting: [] as (() => void)[], syncOnLoop: 0 };

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const fsyncSync = (fd: number) => {
    disk.syncOnLoop += 1;
    return fs.fsyncSync(fd);
  };
  return { ...fs, default: { ...fs, fsyncSync }, fsyncSync };
});

vi.mock('node:fs/promises', async (original) => {
  const fsp = await original<typeof Fsp>();
  const open = (async (path: string, ...rest: unknown[]) => {
    const handle = await (fsp.open as (...a: unknown[]) => Promise<Fsp.FileHandle>)(path, ...rest);
    if (!basename(String(path)).startsWith('state.json')) return handle;
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      if (disk.hold) {
        disk.held += 1;
        await new Promise<void>((go) => disk.waiting.push(go));
        disk.held -= 1;
      }
      return sync();
    };
    return handle;
  }) as typeof fsp.open;
  return { ...fsp, default: { ...fsp, open }, open };
});

let dir: string;
let sandbox: Sandbox | undefined;
afterEach(async () => {
  disk.hold = false;
  for (const go of disk.waiting.splice(0)) go();
  await sandbox?.close();
  sandbox = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const chat = (url: string) => data(url, '/v1/chat/completions', { body: { model: 'modela-5', messages: [{ role: 'user', content: 'One line, please' }] } });
const tokensUsed = async (url: string) => (await data<{ token_used: number }>(url, '/v1/account/token-balance')).token_used;

describe('the sandbox state on a slow disk', () => {
  it('keeps answering while its state file waits on the disk, then saves the latest state', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
    sandbox = await startSandbox({ dataDir: dir, speed: 1000, streamPaceMs: 0 });
    const url = sandbox.url;
    disk.hold = true;
    await chat(url);
    await vi.waitFor(() => expect(disk.held).toBe(1), { timeout: 5_000 });

    // The disk is stuck on the state file: the sandbox still bills and answers.
    await chat(url);
    await chat(url);
    const used = await tokensUsed(url);
    expect(used).toBeGreaterThan(0);
    expect(disk.syncOnLoop).toBe(0);

    // Once the disk lets go, the changes made meanwhile reach the file too.
    disk.hold = false;
    for (const go of disk.waiting.splice(0)) go();
    await sandbox.close();
    sandbox = undefined;
    const saved = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { accounts: { token_used?: number; tokenUsed?: number }[] };
    expect(JSON.stringify(saved.accounts)).toContain(String(used));

    // And a restart on the same folder resumes from it.
    sandbox = await startSandbox({ dataDir: dir, speed: 1000, streamPaceMs: 0 });
    expect(await tokensUsed(sandbox.url)).toBe(used);
    expect(disk.syncOnLoop).toBe(0);
  });
});
