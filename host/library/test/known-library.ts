/**
 * A data folder whose library holds real saved items, a picture (with its thumbnail) and a video
 * (with its poster frame, drawn by the real ffmpeg), saved by the real Library, and beside them
 * files the library does not know: what the media tests attack (docs/architecture.md,
 * "Library-known media"). `secrets.json` sits in the data folder, one step above the library.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPromptVideo } from '@sandbox/media/video-render.js';
import { Library } from '../library.js';
import type { LibraryItem } from '../library-item.js';
import { meta, pngBytes } from './fixtures.js';

export const SECRET_KEY = 'sk-live-NEVER-SERVED-0123456789';

export interface KnownLibrary {
  root: string;
  picture: LibraryItem;
  video: LibraryItem;
  /** Raw media paths of real files under (or just above) the root that no item names. */
  strays: Array<[string, string]>;
}

/** Saves the items into `<dataDir>/Library` (where a core on `dataDir` looks) and plants the strays. */
export async function seedKnownLibrary(dataDir: string): Promise<KnownLibrary> {
  const root = join(dataDir, 'Library');
  const library = new Library({ root, db: join(dataDir, 'studio.db') });
  await library.open();
  const incoming = join(dataDir, 'incoming');
  mkdirSync(incoming, { recursive: true });
  writeFileSync(join(incoming, 'picture.part'), pngBytes(96, 64, 3));
  const picture = await library.add({ source: join(incoming, 'picture.part'), name: 'fox.png', meta: meta({ prompt: 'a fox' }) });
  const clip = await renderPromptVideo({ prompt: 'a paper boat', seconds: 1, width: 160, height: 96 });
  writeFileSync(join(incoming, 'video.part'), clip.mp4);
  const video = await library.add({ source: join(incoming, 'video.part'), name: 'boat.mp4', meta: meta({ kind: 'video', prompt: 'a paper boat' }) });
  await library.close();
  if (!picture.thumb || !video.thumb) throw new Error('the seeded items should have a thumbnail and a poster');

  const month = video.file.split('/')[0];
  writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ 'profile:main': SECRET_KEY }));
  writeFileSync(join(root, 'library-index.json'), JSON.stringify({ copied: SECRET_KEY }));
  writeFileSync(join(root, 'stray.png'), pngBytes(8, 8));
  writeFileSync(join(root, month, `.${video.id}.part`), clip.mp4);
  writeFileSync(join(root, month, 'dropped-in.mp4'), clip.mp4);
  mkdirSync(join(root, 'chat-images'), { recursive: true });
  writeFileSync(join(root, 'chat-images', 'notes.txt'), SECRET_KEY);
  return {
    root,
    picture,
    video,
    strays: [
      ['library-index.json', 'a copy of the index in the root'],
      ['stray.png', 'a picture placed in the root by hand'],
      [`${month}/.${video.id}.part`, 'a download still being written'],
      [`${month}/dropped-in.mp4`, 'a video no sidecar describes'],
      [rawPathOf(`${picture.file}.json`), "an item's sidecar"],
      ['chat-images/notes.txt', 'a file in the chat images folder the studio did not name'],
      ['../secrets.json', 'the key file above the library'],
      ['..%2fsecrets.json', 'the key file, slash encoded'],
      ['../studio.db', 'the studio database above the library'],
    ],
  };
}

/** The raw media path of a library-relative path, as the renderer builds it. */
export const rawPathOf = (rel: string) => rel.split('/').map(encodeURIComponent).join('/');
