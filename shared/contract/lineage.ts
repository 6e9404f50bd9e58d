/**
 * Lineage (docs/library-files.md, "Lineage"): what a saved item was made from (a reference
 * picture, a video's starting image, the item it remixes, the chat message it came from, the batch
 * cell) and, the other way, what it was used in. A job carries the sources its inputs are known to
 * have come from (`lineage` of its request); the save writes them into the item's `madeFrom`.
 * Only what is known is recorded: a picture typed in as a link names no item.
 */
import { z } from 'zod';
import { LibraryItemView } from './library.js';
import { LineageRef } from './lineage-ref.js';

export * from './lineage-ref.js';

export const LineageView = z.object({
  /** Each source in the order recorded; `item` is absent when the library no longer holds it. */
  madeFrom: z.array(z.object({ ref: LineageRef, item: LibraryItemView.optional() })),
  /** The items that record this one as a source, newest first. */
  usedIn: z.array(LibraryItemView),
});
export type LineageView = z.infer<typeof LineageView>;

export const lineageMethods = {
  /** An item's sources and what it was used in; an unknown item is `not_found`. */
  'library.lineage': { input: z.object({ id: z.string().min(1).max(64) }), output: LineageView },
};
