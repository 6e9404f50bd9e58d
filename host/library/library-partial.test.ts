/**
 * Data safety (docs/security.md, "The adversarial suite"): a name collision never overwrites
 * anything, and an unfinished file (a cut download's `.part`, a temp file) never shows up in the
 * gallery, neither from the index nor when the index is rebuilt from the folder.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { downloadFile } from '../gateway/download.js';
import { monthFolder } from './names.js';
import { incomingFile, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

const NOW = new Date(2025, 8, 20, 10).getTime();
const MONTH = monthFolder(NOW);

let dirs: TempDirs;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ speed: 100 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(() => dirs.cleanup());

/** A real interrupted transfer: the sandbox cuts the file after 64 KB and no retry is allowed. */
async function cutDownload(partPath: string): Promise<Buffer> {
  const whole = randomBytes(300_000);
  const link = sandbox.state.files.url(sandbox.url, sandbox.state.files.put(whole, 'result.bin', 'application/octet-stream'));
  await fetch(`${sandbox.url}/_sandbox/faults/download`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ after_bytes: 65_536, count: 1 }) });
  await mkdir(path.dirname(partPath), { recursive: true });
  await expect(downloadFile({ url: link, partPath, attempts: 1, localOrigins: [sandbox.url] })).rejects.toMatchObject({ code: 'unreachable' });
  const part = await readFile(partPath);
  expect(part.length).toBeGreaterThan(0);
  expect(part.length).toBeLessThan(whole.length);
  return part;
}

describe('name collisions', () => {
  it('never overwrite: a file put there by hand, a stale sidecar and two saves at once all survive', async () => {
    const month = path.join(dirs.root, MONTH);
    await mkdir(month, { recursive: true });
    const mine = pngBytes(30, 30, 99);
    await writeFile(path.join(month, 'portrait.png'), mine);
    // The sidecar of a file the creator deleted by hand: it must not come to describe a new save.
    const stale = JSON.stringify({ version: 1, id: 'stale-item', kind: 'image', file: `${MONTH}/portrait (2).png`, mime: 'image/png', bytes: 1, prompt: 'old', model: 'old', params: {}, createdAt: 1, savedAt: 1 });
    await writeFile(path.join(month, 'portrait (2).png.json'), stale);

    const lib = openLibrary(dirs, { now: () => NOW });
    const [a, b] = [pngBytes(20, 20, 1), pngBytes(20, 20, 2)];
    const saved = await Promise.all([a, b].map(async (bytes) => lib.add({ source: await incomingFile(dirs, bytes), meta: meta(), name: 'portrait.png' })));

    expect(saved.map((i) => i.file).sort()).toEqual([`${MONTH}/portrait (3).png`, `${MONTH}/portrait (4).png`]);
    expect((await readFile(lib.resolve(saved[0].file))).equals(a)).toBe(true);
    expect((await readFile(lib.resolve(saved[1].file))).equals(b)).toBe(true);
    expect((await readFile(path.join(month, 'portrait.png'))).equals(mine)).toBe(true);
    expect(await readFile(path.join(month, 'portrait (2).png.json'), 'utf8')).toBe(stale);
    expect(existsSync(path.join(month, 'portrait (2).png'))).toBe(false);
    // The gallery shows the two saves, and after a rebuild from the folder still only them.
    await lib.close();
    expect(lib.list().items.map((i) => i.id).sort()).toEqual(saved.map((i) => i.id).sort());
    const rebuilt = openLibrary({ ...dirs, indexFile: path.join(dirs.base, 'fresh', 'index.json') });
    expect(await rebuilt.open()).toBe(2);
  });
});

describe('unfinished files', () => {
  it('a cut download, and temp files of every kind, never appear in the gallery, even after a rebuild', async () => {
    const lib = openLibrary(dirs, { now: () => NOW });
    const kept = await lib.add({ source: await incomingFile(dirs, pngBytes(16, 16, 3)), meta: meta({ prompt: 'the one real item' }), name: 'real.png' });
    await lib.close();
    const month = path.join(dirs.root, MONTH);
    const sidecar = await readFile(path.join(dirs.root, `${kept.file}.json`), 'utf8');

    // A library folder that also holds the studio's downloads (the data folder chosen as library).
    const part = await cutDownload(path.join(dirs.root, 'downloads', 'job-1-0.part'));
    // The same partial bytes under a visible name, even with a valid sidecar beside it.
    await writeFile(path.join(month, 'sunset.png.part'), part);
    await writeFile(path.join(month, 'sunset.png.part.json'), sidecar.replace(kept.id, 'partial-item').replace(kept.file, `${MONTH}/sunset.png.part`));
    await writeFile(path.join(month, 'clip.mp4.crdownload'), part);
    await writeFile(path.join(month, 'clip.mp4.crdownload.json'), sidecar.replace(kept.id, 'browser-item').replace(kept.file, `${MONTH}/clip.mp4.crdownload`));
    // What a killed save leaves: the copy's temp file and a whole sidecar that never got renamed.
    await writeFile(path.join(month, `.${'c'.repeat(8)}.part`), part);
    await writeFile(path.join(month, `.${'d'.repeat(8)}.json.tmp`), sidecar.replace(kept.id, 'temp-item'));

    for (const indexFile of [dirs.indexFile, path.join(dirs.base, 'rebuilt', 'index.json')]) {
      const again = openLibrary({ ...dirs, indexFile }, { now: () => NOW });
      expect(await again.open()).toBe(1);
      expect(again.list().items.map((i) => i.id)).toEqual([kept.id]);
      await again.close();
    }
    // Nothing was deleted either: the partial download is still there to be resumed.
    expect((await readFile(path.join(dirs.root, 'downloads', 'job-1-0.part'))).equals(part)).toBe(true);
  });

  it('a save is never named like an unfinished file, so it cannot vanish from the gallery', async () => {
    const lib = openLibrary(dirs, { now: () => NOW });
    // The extension follows the content, never the name: an unfinished-looking name cannot stick.
    const a = await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8, 1)), meta: meta({ prompt: 'render the scene.part' }), name: 'render the scene.part' });
    const b = await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8, 2)), meta: meta(), name: 'notes.TMP' });
    expect([a.file, b.file]).toEqual([`${MONTH}/render the scene.png`, `${MONTH}/notes.png`]);
    await lib.close();
    const again = openLibrary({ ...dirs, indexFile: path.join(dirs.base, 'other', 'index.json') });
    expect(await again.open()).toBe(2);
    expect((await readdir(path.join(dirs.root, MONTH))).sort()).toEqual(['notes.png', 'notes.png.json', 'render the scene.png', 'render the scene.png.json']);
  });

});
