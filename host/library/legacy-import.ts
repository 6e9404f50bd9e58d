/**
 * The end of the import of an older release's index file (docs/data.md, "The import"): kept as
 * `<file>.imported` once the database holds every row, removed at a later start, and kept aside
 * for the creator when it cannot be read.
 */
import path from 'node:path';
import { keepUnreadable } from '../unreadable-file.js';
import { errno, type DiskOps } from './disk.js';
import type { Columns } from './index-columns.js';
import type { LibraryState, LibraryTable } from './library-table.js';

interface ImportDeps {
  disk: DiskOps;
  table: LibraryTable;
  log(line: string): void;
}

/**
 * The old index is renamed `<file>.imported` once the database is read back holding every one
 * of its rows (count and ids); a check that fails leaves it under its name, to import again.
 */
export async function confirmImport(d: ImportDeps, o: { legacy: string; columns: Columns; fromFile: number; root: string; dirs: Record<string, number> }): Promise<void> {
  const ids = await d.table.ids();
  const whole = ids.size === o.columns.id.length && o.columns.id.every((id) => ids.has(id));
  if (!whole) {
    d.log(`library: the database does not hold every row of ${path.basename(o.legacy)} after the import; it is imported again next start`);
    return;
  }
  // A damaged old file was kept aside (keepIndexAside): nothing is left to rename.
  if (!(await d.disk.exists(o.legacy))) return;
  const imported = `${o.legacy}.imported`;
  await d.disk.rename(o.legacy, imported);
  d.table.setState({ root: o.root, dirs: o.dirs, importedFrom: imported });
  d.log(`library: imported ${o.fromFile} items from ${path.basename(o.legacy)} (kept as ${path.basename(imported)} until the next start)`);
}

/** A later start finds the import's rows in the database: the old file has served its purpose. */
export async function removeImported(d: ImportDeps, state: LibraryState): Promise<void> {
  const file = state.importedFrom!;
  try {
    await d.disk.unlink(file);
    d.log(`library: removed ${path.basename(file)}, the database holds its items`);
  } catch (err) {
    if (errno(err) !== 'ENOENT') d.log(`library: could not remove ${path.basename(file)} (${errno(err)})`);
  }
  d.table.setState({ ...state, importedFrom: null });
}

/** A damaged old index is kept for the creator; the index is rebuilt from the sidecars. */
export function keepIndexAside(file: string, log: (line: string) => void, onUnreadable: (backup: string | null) => void): void {
  let backup: string | null = null;
  try {
    backup = keepUnreadable(file);
    log(`library: kept the unreadable index as ${backup}`);
  } catch (err) {
    // Only a cache of the sidecars: the rebuilt index replaces it, and the creator is told.
    log(`library: could not keep the unreadable index aside (${errno(err) ?? String(err)})`);
  }
  onUnreadable(backup);
}
