/**
 * The sidecar that sits next to every saved output (`<media file>.json`). It is the commit point of
 * a save and the source of truth the index is rebuilt from, so it is validated whenever it is read.
 */
import { zodMessage } from '@shared/messages/index.js';
import { z } from 'zod';
import { Lineage } from '@shared/contract/lineage-ref.js';

export const LibraryKind = z.enum(['image', 'video', 'audio']);
export type LibraryKind = z.infer<typeof LibraryKind>;

/**
 * A path relative to the library root, '/'-separated. Sidecars come from disk and may be edited or
 * hostile, and `remove()` deletes what they name, so anything that could step outside the root
 * (absolute paths, drive letters, backslashes, `..`, empty segments) is refused.
 */
export const RelativePath = z
  .string()
  .min(1)
  .max(1024)
  .refine((p) => !/^[a-zA-Z]:|[\\\0]/.test(p) && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..'), {
    message: zodMessage('jobs.library.relativePath'),
  });

/** Ids name thumbnail files, so they are restricted to characters that are safe in a file name. */
export const LibraryId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The job that made an item, and the run it was part of: what stacks the gallery's variants (stack-keys.ts). */
export const ItemOrigin = z.object({
  jobId: z.string().min(1).max(200).optional(),
  group: z.string().min(1).max(200).optional(),
  batch: z.object({ id: z.string().min(1).max(200), index: z.number().int().nonnegative() }).optional(),
});
export type ItemOrigin = z.infer<typeof ItemOrigin>;

export const LibraryItem = z.object({
  version: z.literal(1),
  id: LibraryId,
  kind: LibraryKind,
  file: RelativePath,
  mime: z.string().min(1).max(200),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  durationSeconds: z.number().nonnegative().optional(),
  prompt: z.string(),
  /** The prompt as the gateway rewrote it (a job's `actual_prompt`), when it differs; searched with the prompt. */
  actualPrompt: z.string().optional(),
  model: z.string(),
  params: z.record(z.string(), z.unknown()),
  taskId: z.string().optional(),
  sourceUrl: z.string().optional(),
  /** When the job was created at the gateway (ms since epoch); the gallery sorts and filters by it. */
  createdAt: z.number().finite(),
  savedAt: z.number().finite(),
  usage: z.record(z.string(), z.unknown()).optional(),
  cost: z.object({ amount: z.number().finite(), currency: z.string() }).optional(),
  thumb: RelativePath.optional(),
  /** A winner the creator picked (the contact sheet's star); absent when not. Kept here so a rebuilt index keeps it. */
  favourite: z.literal(true).optional(),
  /**
   * Curation (docs/library-files.md, "Curation"): the database's copy is written here in the
   * background, so a rebuilt index keeps it. Absent when none.
   */
  rating: z.number().int().min(1).max(5).optional(),
  tags: z.array(z.string().min(1).max(64)).max(1000).optional(),
  collections: z.array(z.object({ id: z.string().min(1).max(64), name: z.string().min(1).max(200) })).max(1000).optional(),
  /** What it was made from (docs/library-files.md, "Lineage"); absent when nothing is known. */
  madeFrom: Lineage.optional(),
  /** Where it came from (docs/library-files.md, "Stacks"): its job, a compare run's group, a batch run's cell. Absent for imported and older items. */
  origin: ItemOrigin.optional(),
});
export type LibraryItem = z.infer<typeof LibraryItem>;

/**
 * What a caller knows about an output before it is saved. `kind` and `mime` are hints: the file's
 * content decides when it is recognisable, because gateways and proxies mislabel media.
 */
export const LibraryItemMeta = LibraryItem.omit({ version: true, id: true, file: true, bytes: true, savedAt: true, thumb: true, favourite: true, rating: true, tags: true, collections: true })
  .partial({ mime: true });
export type LibraryItemMeta = z.input<typeof LibraryItemMeta>;
