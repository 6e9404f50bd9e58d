/**
 * One source of a saved item (docs/library-files.md, "Lineage"): kept in the item's sidecar as
 * `madeFrom`, carried by a job's request as `lineage`. Apart from lineage.ts so the library's
 * item view can name it without a cycle between the contract files.
 */
import { z } from 'zod';
import { LINEAGE_KINDS, MAX_LINEAGE, MAX_USED_IN, type LineageKind } from './lineage-limits.js';

export { LINEAGE_KINDS, MAX_LINEAGE, MAX_USED_IN, type LineageKind };

const Name = z.string().max(200);
const Key = z.string().min(1).max(200);

export const LineageRef = z.object({
  kind: z.enum(LINEAGE_KINDS),
  /** The library item it came from (a library id: safe in a file name). */
  itemId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  conversationId: Key.optional(),
  messageId: Key.optional(),
  batchId: Key.optional(),
  index: z.number().int().nonnegative().optional(),
  /** A storyboard's shot (host/storyboard): the board and the shot that made it. */
  boardId: Key.optional(),
  shotId: Key.optional(),
  /** What the creator knew it by (a prompt cut short, a file name), for when it is gone. */
  name: Name.optional(),
});
export type LineageRef = z.infer<typeof LineageRef>;

export const Lineage = z.array(LineageRef).max(MAX_LINEAGE);
