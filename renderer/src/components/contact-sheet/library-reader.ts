/**
 * The contact sheet's reads of library items: every item its results ask for within one task (a
 * render pass mounts them all in one commit) is read with one `library.getMany`, not one
 * `library.get` each, so drawing a screenful of cells costs one call to the host
 * (docs/library-files.md, "The contact sheet"). Each answer is what the result's query
 * under `callKey('library.get', { id })` resolves to, so the cache, the star and the library's
 * change events work on the same entries as before.
 */
import { errorData } from '@shared/contract/error-data.js';
import { GET_MANY_MAX_IDS, type LibraryItemView } from '@shared/contract/library.js';
import { msg } from '@shared/messages/index.js';
import { call } from '../../api/client.js';

interface Waiting {
  resolve(item: LibraryItemView): void;
  reject(error: unknown): void;
}

/** Reads library items in as few calls as the ids asked for in one task allow. */
export interface LibraryReader {
  /** One item; rejects as `library.get` would when the library no longer has it. */
  read(id: string): Promise<LibraryItemView>;
  /** The items found, in the order asked, in one call per 1,000 ids. */
  readMany(ids: readonly string[]): Promise<LibraryItemView[]>;
}

export function libraryReader(): LibraryReader {
  let asked = new Map<string, Waiting[]>();
  let scheduled = false;

  const readMany = async (ids: readonly string[]) => {
    const found: LibraryItemView[] = [];
    for (let i = 0; i < ids.length; i += GET_MANY_MAX_IDS) found.push(...(await call('library.getMany', { ids: ids.slice(i, i + GET_MANY_MAX_IDS) })));
    return found;
  };

  const flush = async () => {
    scheduled = false;
    const batch = asked;
    asked = new Map();
    try {
      const byId = new Map((await readMany([...batch.keys()])).map((item) => [item.id, item]));
      for (const [id, waiting] of batch) {
        const item = byId.get(id);
        for (const w of waiting) {
          if (item) w.resolve(item);
          else w.reject(errorData('not_found', msg('app.settings.itemGone'), false));
        }
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  };

  const read = (id: string) =>
    new Promise<LibraryItemView>((resolve, reject) => {
      asked.set(id, [...(asked.get(id) ?? []), { resolve, reject }]);
      if (scheduled) return;
      scheduled = true;
      // The next task: after every result drawn by this task's commits (the first pass and the
      // one after rows are measured, when both land in one task) has asked.
      setTimeout(() => void flush(), 0);
    });

  return { read, readMany };
}
