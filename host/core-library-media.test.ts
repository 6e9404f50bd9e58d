/**
 * core.mediaFile, the one answer both shells serve media by (docs/architecture.md, "Library-known
 * media"): a real core on a library with real saved items, attacked with real files that exist
 * under the library folder (or just above it) but that no item names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from './index.js';
import { resolveLibraryFile } from './library/media-file.js';
import { rawPathOf, seedKnownLibrary, type KnownLibrary } from './library/test/known-library.js';
import { testPorts } from './test/file-ports.js';

const ports = testPorts();
let core: Core;
let seeded: KnownLibrary;
beforeAll(async () => {
  seeded = await seedKnownLibrary(ports.dataDir);
  core = await createCore(ports);
});
afterAll(async () => {
  await core.close();
  ports.cleanup();
});

describe('core.mediaFile', () => {
  it("finds a saved item's file, its thumbnail and a video's poster frame", async () => {
    const { root, picture, video } = seeded;
    for (const rel of [picture.file, picture.thumb!, video.file, video.thumb!]) {
      const file = await core.mediaFile(rawPathOf(rel));
      expect(file, rel).toBeDefined();
      expect(readFileSync(file!)).toEqual(readFileSync(join(root, ...rel.split('/'))));
    }
  });

  it('finds nothing the library does not know, though the file exists', async () => {
    for (const [raw, what] of seeded.strays) {
      // Confinement alone would serve the ones under the root: only the library's knowledge refuses them.
      if (!raw.startsWith('..')) expect(await resolveLibraryFile(seeded.root, raw, () => true), what).toBeDefined();
      expect(await core.mediaFile(raw), what).toBeUndefined();
    }
  });

  it('follows the library when it moves: its items are served from the new folder, and from the old one when it comes back', async () => {
    const { picture } = seeded;
    const bytes = readFileSync(join(seeded.root, ...picture.file.split('/')));
    const elsewhere = join(ports.dataDir, 'Elsewhere');
    expect(await core.dispatch('settings.update', { libraryDir: elsewhere })).toMatchObject({ ok: true });
    const moved = await core.mediaFile(rawPathOf(picture.file));
    expect(moved).toBe(join(elsewhere, ...picture.file.split('/')));
    expect(readFileSync(moved!)).toEqual(bytes);
    expect(await core.dispatch('settings.update', { libraryDir: seeded.root })).toMatchObject({ ok: true });
    expect(await core.mediaFile(rawPathOf(picture.file))).toBe(join(seeded.root, ...picture.file.split('/')));
  });

  it("forgets an item's file and poster once it is removed", async () => {
    const { picture, video } = seeded;
    expect(await core.dispatch('library.remove', { id: video.id })).toMatchObject({ ok: true, value: { removed: true } });
    expect(await core.mediaFile(rawPathOf(video.file))).toBeUndefined();
    expect(await core.mediaFile(rawPathOf(video.thumb!))).toBeUndefined();
    expect(await core.mediaFile(rawPathOf(picture.file))).toBeDefined();
  });
});
