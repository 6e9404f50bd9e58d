/**
 * One change to an item's sidecar (a favourite, its curation): read from the sidecar on disk,
 * not from the index's copy whose details may be damaged, changed, and written atomically.
 * Changes are made one at a time per library, so the background drain of curation
 * (sidecar-drain.ts) and a favourite never write over each other's change.
 */
import path from 'node:path';
import { writeAtomic, type DiskOps } from './disk.js';
import { LibraryItem } from './library-item.js';
import type { Curated } from './curation.js';

export class SidecarEdits {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly disk: DiskOps) {}

  /** Rewrites the sidecar of the media file `media` (absolute) with `change`; answers the item written. */
  edit(media: string, id: string, change: (item: LibraryItem) => LibraryItem): Promise<LibraryItem> {
    const run = this.queue.then(async () => {
      const item = LibraryItem.parse(JSON.parse((await this.disk.readFile(`${media}.json`)).toString('utf8')));
      const next = change(item);
      await writeAtomic(this.disk, path.dirname(media), `${media}.json`, JSON.stringify(next, null, 2), `.${id}.json.tmp`);
      return next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** The sidecar with the database's curation in place of its own. */
export function withCuration(item: LibraryItem, c: Curated): LibraryItem {
  const { rating: _r, tags: _t, collections: _c, ...kept } = item;
  return {
    ...kept,
    ...(c.rating > 0 ? { rating: c.rating } : {}),
    ...(c.tags.length > 0 ? { tags: c.tags } : {}),
    ...(c.collections.length > 0 ? { collections: c.collections } : {}),
  };
}
