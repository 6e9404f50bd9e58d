/** A library with real items on real files, and a move run over it, for the move's tests. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LibraryMoveStatus } from '@shared/contract/index.js';
import { CurrentLibrary } from '../../library/current-library.js';
import { pngBytes } from '../../library/test/fixtures.js';
import { LibraryMoveRun, type MoveRunDeps } from '../library-move-run.js';

export const itemBytes = (n: number): Buffer => pngBytes(24 + n, 16, n);
/** A file's content, short enough to read in a failing test's diff. */
export const digest = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

export interface MoveSetup {
  base: string;
  from: string;
  to: string;
  dataDir: string;
  /** The folder the settings name (what `setFolder` wrote). */
  folder(): string;
}

export function moveFolders(base = mkdtempSync(path.join(tmpdir(), 'studio-move-'))): MoveSetup {
  const dataDir = path.join(base, 'data');
  mkdirSync(dataDir, { recursive: true });
  const settings = path.join(dataDir, 'folder.txt');
  const from = path.join(base, 'Old library');
  return {
    base, from, dataDir, to: path.join(base, 'New library'),
    folder: () => (existsSync(settings) ? readFileSync(settings, 'utf8') : from),
  };
}

export function openLibraryAt(setup: MoveSetup, root = setup.folder()): CurrentLibrary {
  return new CurrentLibrary(root, { db: path.join(setup.dataDir, 'studio.db'), ffmpeg: false, metadata: false }, () => undefined);
}

/** Saves `count` pictures (each with a thumbnail) into `library`. */
export async function saveItems(library: CurrentLibrary, dir: string, count: number, first = 0): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (let n = first; n < first + count; n++) {
    const source = path.join(dir, `incoming-${n}.png`);
    writeFileSync(source, itemBytes(n));
    await library.saver.add({ source, name: `picture ${n}`, meta: { kind: 'image', prompt: `item ${n}`, model: 'seedream-4-5', params: {}, createdAt: 1_750_000_000_000 + n } });
  }
}

export function moveRun(setup: MoveSetup, library: CurrentLibrary, extra: Partial<MoveRunDeps> = {}, statuses: LibraryMoveStatus[] = []): LibraryMoveRun {
  return new LibraryMoveRun({
    dataDir: setup.dataDir,
    library,
    setFolder: (to) => writeFileSync(path.join(setup.dataDir, 'folder.txt'), to),
    afterSwitch: () => undefined,
    emit: (s) => statuses.push(s),
    ...extra,
  });
}

/** Every file under `dir`, relative with `/`, hidden ones included. */
export const filesUnder = (dir: string): string[] => (existsSync(dir)
  ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort()
  : []);

/** What the gallery shows of a library: each item's prompt with its file's content. */
export async function shown(library: CurrentLibrary): Promise<Map<string, string>> {
  await library.open();
  const out = new Map<string, string>();
  for (const item of library.current.list().items) out.set(item.prompt, digest(readFileSync(library.current.resolve(item.file))));
  return out;
}
