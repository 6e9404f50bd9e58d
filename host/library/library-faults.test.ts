import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeDisk, type DiskOps } from './disk.js';
import { incomingFile, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';
import { openDatabase } from '../db/database.js';
import { libraryMigrations } from './library-table.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(async () => {
  await chmod(dirs.root, 0o700).catch(() => undefined);
  await dirs.cleanup();
});

const fault = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

/** Every file under the library root, hidden ones included, so a leftover temp file is caught. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('Library.add on a failing disk', () => {
  it('reports a full disk while writing the sidecar, removes media and thumbnail, gives the source back', async () => {
    const disk: Partial<DiskOps> = {
      writeDurable: async (p, data) => {
        if (!p.endsWith('.json.tmp')) return nodeDisk.writeDurable(p, data);
        await writeFile(p, String(data).slice(0, 10)); // half a file, as a real ENOSPC leaves
        throw fault('ENOSPC');
      },
    };
    const lib = openLibrary(dirs, { disk });
    const bytes = pngBytes(50, 50);
    const source = await incomingFile(dirs, bytes);
    const err = await lib.add({ source, meta: meta(), name: 'full.png' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'LibraryError', code: 'disk_full' });
    expect((err as Error).message).toMatch(/disk that holds your library .* is full/);
    expect(await filesUnder(dirs.root)).toEqual([]);
    expect((await readFile(source)).equals(bytes)).toBe(true);
    expect(lib.list().total).toBe(0);
  });

  it('reports a full disk while copying from another disk and leaves no partial copy', async () => {
    const disk: Partial<DiskOps> = {
      rename: async (from, to) => {
        if (from.includes('download-')) throw fault('EXDEV');
        return nodeDisk.rename(from, to);
      },
      copyDurable: async (from, to) => {
        await writeFile(to, (await readFile(from)).subarray(0, 100));
        throw fault('ENOSPC');
      },
    };
    const lib = openLibrary(dirs, { disk });
    const source = await incomingFile(dirs, pngBytes(50, 50));
    await expect(lib.add({ source, meta: meta(), name: 'x.png' })).rejects.toMatchObject({ code: 'disk_full' });
    expect(await filesUnder(dirs.root)).toEqual([]);
    expect(existsSync(source)).toBe(true);
  });

  it('copies across devices (copy + fsync + rename) and removes the source afterwards', async () => {
    let copies = 0;
    const disk: Partial<DiskOps> = {
      rename: async (from, to) => {
        if (from.includes('download-')) throw fault('EXDEV');
        return nodeDisk.rename(from, to);
      },
      copyDurable: async (from, to) => {
        copies++;
        return nodeDisk.copyDurable(from, to);
      },
    };
    const lib = openLibrary(dirs, { disk });
    const bytes = pngBytes(30, 30);
    const source = await incomingFile(dirs, bytes);
    const item = await lib.add({ source, meta: meta(), name: 'copied.png' });
    expect(copies).toBe(1);
    expect((await readFile(lib.resolve(item.file))).equals(bytes)).toBe(true);
    expect(existsSync(source)).toBe(false);
    expect((await filesUnder(dirs.root)).filter((f) => path.basename(f).startsWith('.'))).toEqual([]);
  });

  it('copies for real from another file system when one is mounted (/dev/shm)', async (ctx) => {
    const shm = '/dev/shm';
    if (!existsSync(shm) || statSync(shm).dev === statSync(dirs.base).dev) ctx.skip();
    const lib = openLibrary(dirs);
    const bytes = pngBytes(30, 30, 9);
    const source = path.join(shm, `studio-library-${process.pid}-${Date.now()}.part`);
    await writeFile(source, bytes);
    const item = await lib.add({ source, meta: meta(), name: 'from-ram.png' });
    expect((await readFile(lib.resolve(item.file))).equals(bytes)).toBe(true);
    expect(existsSync(source)).toBe(false);
  });

  it('reports permission denied for a read-only library folder and leaves nothing', async () => {
    await mkdir(dirs.root, { recursive: true });
    await chmod(dirs.root, 0o500);
    const lib = openLibrary(dirs);
    // Root ignores file modes; there the folder is writable and an injected EACCES stands in for it.
    const rootUser = process.getuid?.() === 0;
    const injected = openLibrary(dirs, { disk: { mkdir: async () => { throw fault('EACCES'); } } });
    const source = await incomingFile(dirs, pngBytes(10, 10));
    const err = await (rootUser ? injected : lib).add({ source, meta: meta(), name: 'denied.png' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'permission_denied' });
    expect((err as Error).message).toMatch(/not allowed to write to your library folder/);
    await chmod(dirs.root, 0o700);
    expect(await filesUnder(dirs.root)).toEqual([]);
    expect(existsSync(source)).toBe(true);
  });

  it('reports a library path under a file (ENOTDIR), a real error even as root', async () => {
    const file = path.join(dirs.base, 'not-a-folder');
    await writeFile(file, 'x');
    const lib = openLibrary({ ...dirs, root: path.join(file, 'Library') });
    const source = await incomingFile(dirs, pngBytes(10, 10));
    await expect(lib.add({ source, meta: meta(), name: 'x.png' })).rejects.toMatchObject({ code: 'not_a_folder' });
    expect(existsSync(source)).toBe(true);
  });

  it('reports a missing source clearly', async () => {
    const lib = openLibrary(dirs);
    await expect(lib.add({ source: path.join(dirs.base, 'nope.part'), meta: meta(), name: 'x.png' })).rejects.toMatchObject({ code: 'source_missing' });
  });
});

describe('the index on a full disk', () => {
  it('keeps saving when the database cannot grow, says so, and the next open lists the save from its sidecar', async () => {
    const studio = openDatabase({ file: dirs.database, domains: [libraryMigrations] });
    const db = studio.forDomain('library');
    const lines: string[] = [];
    const lib = openLibrary(dirs, { db }, lines);
    await lib.open();
    // The file may not grow by a page more: SQLite answers SQLITE_FULL, as on a full disk.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
    const big = await lib.add({ source: await incomingFile(dirs, pngBytes(20, 20)), meta: meta({ prompt: 'x'.repeat(20_000) }), name: 'first.png' });
    expect(lib.get(big.id)).toEqual(big);
    expect(lines.join('\n')).toMatch(/could not write the index to the database \(SQLITE_FULL\).*rebuilds it from the sidecars/);
    await lib.close();
    studio.close();
    const next = openLibrary(dirs);
    expect(await next.open()).toBe(1);
    expect(next.get(big.id)).toEqual(big);
  });
});
