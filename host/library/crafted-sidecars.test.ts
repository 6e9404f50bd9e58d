/**
 * Sidecars as a crafted library folder holds them (docs/house-rules.md, "Untrusted input has bounds": every length read from a file
 * is checked against a cap before it is read): a sidecar far larger than any the studio writes is
 * skipped by its size on disk, with a line in the log, and the rest of the library still opens.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MAX_SIDECAR_BYTES } from './scan.js';
import { incomingFile, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(() => dirs.cleanup());

it('a sidecar past the cap is skipped unread, with a log line; the items beside it still open', async () => {
  const lib = openLibrary(dirs);
  const kept = await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8)), meta: meta({ prompt: 'the real one' }), name: 'real.png' });
  await lib.close();
  const month = path.dirname(path.join(dirs.root, kept.file));
  // A whole, valid sidecar, only swollen: its prompt alone is larger than the cap.
  const swollen = { ...kept, id: 'swollen-item', file: `${kept.file.split('/')[0]}/swollen.png`, prompt: 'x'.repeat(MAX_SIDECAR_BYTES) };
  await writeFile(path.join(month, 'swollen.png'), pngBytes(8, 8, 3));
  await writeFile(path.join(month, 'swollen.png.json'), JSON.stringify(swollen));
  await mkdir(path.join(dirs.base, 'fresh'), { recursive: true });
  const lines: string[] = [];
  const again = openLibrary({ ...dirs, indexFile: path.join(dirs.base, 'fresh', 'index.json') }, {}, lines);
  expect(await again.open()).toBe(1);
  expect(again.list().items.map((i) => i.id)).toEqual([kept.id]);
  expect(lines).toContain(`library: skipped ${swollen.file}.json: larger than ${MAX_SIDECAR_BYTES / 1024 / 1024} MB`);
});
