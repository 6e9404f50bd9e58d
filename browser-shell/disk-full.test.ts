/**
 * Data safety (docs/security.md, "The adversarial suite"): with the disk full, saving settings or
 * a conversation fails with a message a creator understands, as contract error data, never as a
 * crash; the file on disk stays the old one and no half-written file is left. (The task list is
 * in the studio database: its full disk is SQLite's own, host/tasks/job-store-writes.test.ts.)
 *
 * A disk cannot be filled for a test, so the failure is injected at the boundary each store
 * writes through: for conversations the `node:fs` and `node:fs/promises` calls of the atomic
 * writers (the write runs out of space half-way, as a real one does); for settings the settings
 * port, whose `conf` file code loads outside Vitest's module graph. Permission errors use the real
 * OS instead (permission-denied.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openShellCore, type ShellCore } from './test/shell-core.js';

/** Paths the disk has no room for; checked when a file opened for writing is written. */
const disk = vi.hoisted(() => ({ full: (_path: string): boolean => false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const opened = new Map<number, string>();
  const openSync = ((path: string, ...rest: any[]) => {
    const fd = (fs.openSync as any)(path, ...rest);
    opened.set(fd, String(path));
    return fd;
  }) as typeof fs.openSync;
  const closeSync = ((fd: number) => {
    opened.delete(fd);
    return fs.closeSync(fd);
  }) as typeof fs.closeSync;
  const writeSync = ((fd: number, data: any, ...rest: any[]) => {
    const path = opened.get(fd);
    if (path === undefined || !disk.full(path)) return (fs.writeSync as any)(fd, data, ...rest);
    // What a full disk does: part of the data lands, then the write fails.
    fs.writeSync(fd, typeof data === 'string' ? data.slice(0, data.length >> 1) : data.subarray(0, data.length >> 1));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, openSync, closeSync, writeSync }, openSync, closeSync, writeSync };
});

// Writers that work off the event loop, through file handles.
vi.mock('node:fs/promises', async (importOriginal) => {
  const fsp = await importOriginal<typeof import('node:fs/promises')>();
  const open = (async (path: string, ...rest: any[]) => {
    const handle = await (fsp.open as any)(path, ...rest);
    if (!disk.full(String(path))) return handle;
    const writeFile = handle.writeFile.bind(handle);
    // What a full disk does: part of the data lands, then the write fails.
    handle.writeFile = async (data: string | Uint8Array) => {
      await writeFile(typeof data === 'string' ? data.slice(0, data.length >> 1) : data.subarray(0, data.length >> 1));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    };
    return handle;
  }) as typeof fsp.open;
  return { ...fsp, default: { ...fsp, open }, open };
});

const FULL_MESSAGE = 'the disk is full. Free some space, then try again.';
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

let base: string;
let dataDir: string;
let shell: ShellCore | undefined;
let logs: string[];
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'studio-disk-full-'));
  dataDir = join(base, 'data');
  logs = [];
  disk.full = () => false;
});
afterEach(async () => {
  disk.full = () => false;
  await shell?.core.close();
  shell = undefined;
  rmSync(base, { recursive: true, force: true });
});

async function open(): Promise<ShellCore> {
  shell = await openShellCore(dataDir, {
    sandboxDir: join(base, 'sandbox'),
    log: (line) => logs.push(line),
    // conf writes beside the file, as the atomic writer does: a full disk refuses it the same way.
    settings: (port) => ({
      ...port,
      write: (v) => {
        if (disk.full(join(dataDir, 'settings.json'))) throw enospc();
        port.write(v);
      },
    }),
  });
  return shell;
}

/** Every file in `dir` with its bytes, hidden ones included. */
const snapshot = (dir: string) => Object.fromEntries(readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => [e.name, readFileSync(join(dir, e.name), 'utf8')]));

describe('a full disk', () => {
  it('settings: the change is refused in words, and the old settings stay, on disk and on screen', async () => {
    const s = await open();
    await s.value('settings.update', { theme: 'light' });
    await s.value('profiles.save', { name: 'Work', baseUrl: 'https://gateway.example.com' });
    const before = readFileSync(join(dataDir, 'settings.json'), 'utf8');
    disk.full = () => true;

    const theme = await s.call('settings.update', { theme: 'dark' });
    expect(theme).toEqual({ ok: false, error: { text: expect.anything(), code: 'internal', message: `Your settings could not be saved: ${FULL_MESSAGE}`, retryable: true } });
    const profile = await s.call('profiles.save', { name: 'Home', baseUrl: 'https://home.example.com' });
    expect(profile.error.message).toBe(`Your settings could not be saved: ${FULL_MESSAGE}`);
    expect((await s.value('settings.get')).theme).toBe('light');
    expect((await s.value('profiles.list')).profiles.map((p: any) => p.name)).toEqual(['Offline sandbox', 'Work']);
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).toBe(before);

    disk.full = () => false;
    expect((await s.value('settings.update', { theme: 'dark' })).theme).toBe('dark');
  });

  it('conversations: a new one or a rename that cannot be saved is refused in words; the files on disk are kept', async () => {
    const s = await open();
    const kept = await s.value('chat.create', { title: 'Kept' });
    const dir = join(dataDir, 'conversations');
    const before = snapshot(dir);
    disk.full = (path) => path.startsWith(dir);

    const created = await s.call('chat.create', { title: 'No room' });
    expect(created).toEqual({ ok: false, error: { text: expect.anything(), code: 'internal', message: `The conversation could not be saved: ${FULL_MESSAGE}`, retryable: true } });
    const renamed = await s.call('chat.update', { id: kept.id, title: 'Renamed' });
    expect(renamed.error.message).toBe(`The conversation could not be saved: ${FULL_MESSAGE}`);
    expect(snapshot(dir)).toEqual(before);
    expect(JSON.parse(before[`${kept.id}.json`]).title).toBe('Kept');
  });
});
