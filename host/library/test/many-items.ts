/**
 * A library of many items written straight to disk (a tiny PNG and its sidecar each), as an
 * earlier session would have left it: the core reads them from their sidecars at its start.
 * Saving thousands through jobs would take minutes; curation only needs them listed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pngBytes } from './fixtures.js';

const PNG = pngBytes(2, 2);

/** Writes `n` items into `<libraryDir>/2026-01/`; answers their ids, newest first. */
export function writeItems(libraryDir: string, n: number, prefix = 'item'): string[] {
  const dir = path.join(libraryDir, '2026-01');
  mkdirSync(dir, { recursive: true });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${prefix}-${String(i).padStart(6, '0')}`;
    const file = `${id}.png`;
    writeFileSync(path.join(dir, file), PNG);
    const sidecar = {
      version: 1, id, kind: 'image', file: `2026-01/${file}`, mime: 'image/png', bytes: PNG.length, width: 2, height: 2,
      prompt: `picture ${i}`, model: 'seedream-4-0', params: {}, createdAt: 1_767_225_600_000 + i, savedAt: 1_767_225_600_000 + i,
    };
    writeFileSync(path.join(dir, `${file}.json`), JSON.stringify(sidecar));
    ids.push(id);
  }
  return ids.reverse();
}
