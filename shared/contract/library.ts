/**
 * The local library (Gallery tab). Media never crosses the contract
 * (docs/house-rules.md, "Media never crosses the contract"):
 * items carry paths relative to the library root, which the renderer loads through
 * `AppInfo.mediaBase` (the desktop's custom protocol, or the browser shell's authenticated route).
 */
import { z } from 'zod';
import { bytes } from './bytes.js';
import { MessageData, zodMessage } from '../messages/index.js';
import { FacetFilters, LibraryFacets } from './library-facets.js';
import { Lineage } from './lineage-ref.js';

export const LibraryItemView = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  file: z.string(),
  mime: z.string(),
  bytes: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
  durationSeconds: z.number().optional(),
  prompt: z.string(),
  /** The prompt as the gateway rewrote it, when it did; absent for items saved before it was kept. */
  actualPrompt: z.string().optional(),
  model: z.string(),
  params: z.record(z.string(), z.unknown()),
  taskId: z.string().optional(),
  sourceUrl: z.string().optional(),
  createdAt: z.number(),
  savedAt: z.number(),
  usage: z.record(z.string(), z.unknown()).optional(),
  cost: z.object({ amount: z.number(), currency: z.string() }).optional(),
  thumb: z.string().optional(),
  /** A winner the creator picked (the contact sheet's star, `library.setFavourite`); absent when not. */
  favourite: z.boolean().optional(),
  /** Curation (docs/library-files.md, "Curation"): 0 for no rating, else 1–5. */
  rating: z.number().int().min(0).max(5).optional(),
  tags: z.array(z.string()).optional(),
  collections: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  /** What it was made from (docs/library-files.md, "Lineage"); absent when nothing is known. */
  madeFrom: Lineage.optional(),
  /** The job that made it and the run it was part of (docs/library-files.md, "Stacks"); absent for imported and older items. */
  origin: z.object({ jobId: z.string().optional(), group: z.string().optional(), batch: z.object({ id: z.string(), index: z.number() }).optional() }).optional(),
  /** In a stacked list, on each stack's first item: the stack (`LibraryQuery.stack` lists it) and how many of its items match. */
  stackKey: z.string().optional(),
  stackCount: z.number().int().min(1).optional(),
});
export type LibraryItemView = z.infer<typeof LibraryItemView>;

export const LibraryQuery = z.object({
  kind: z.enum(['image', 'video', 'audio']).optional(),
  model: z.string().optional(),
  from: z.number().optional(),
  to: z.number().optional(),
  text: z.string().max(500).optional(),
  /** Only items rated at least this (1–5). */
  minRating: z.number().int().min(1).max(5).optional(),
  /** Only items with this tag (case-insensitive). */
  tag: z.string().min(1).max(64).optional(),
  collectionId: z.string().min(1).max(64).optional(),
  /** true: only favourites. */
  favourite: z.boolean().optional(),
  /** Facet buckets (library-facets.ts), combined with the filters above. */
  ...FacetFilters,
  /**
   * Variants of one job, compare run or batch cell as one item, the stack's newest match, with
   * `stackKey` and `stackCount` (docs/library-files.md, "Stacks").
   */
  stacked: z.boolean().optional(),
  /** Only the items of this stack (a `stackKey`), as the other filters match them. */
  stack: z.string().min(1).max(500).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

const id = z.object({ id: z.string().min(1) });

/** The most ids one `library.getMany` reads: a contact sheet's screenful asks for far fewer. */
export const GET_MANY_MAX_IDS = 1000;

/** The most items one export takes: a bound on the work, the manifest and the zip's size. */
export const EXPORT_MAX_ITEMS = 5000;

export const ExportInput = z.object({
  ids: z.array(z.string().min(1).max(64)).max(EXPORT_MAX_ITEMS),
  /** Chosen by the page, so it can tell its own export's progress events. */
  exportId: z.string().regex(/^[\w-]{1,64}$/).optional(),
});

/**
 * Where taken files went: `saved` where the creator chose (desktop; `name` is the file's name),
 * `download` a one-time link on the browser shell's own origin (`url`, to which the page adds
 * its media query), or `cancelled` in the Save dialog.
 */
export const TakeOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), name: z.string(), bytes: z.number(), count: z.number() }),
  z.object({ outcome: z.literal('download'), url: z.string(), name: z.string(), bytes: z.number(), count: z.number() }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type TakeOutcome = z.infer<typeof TakeOutcome>;

/**
 * The largest file one `library.importFile` takes: a generated clip is tens of megabytes; the
 * bytes cross the contract whole (the browser shell's upload route has its own, lower, limit).
 */
export const IMPORT_MAX_BYTES = 256 * 1024 * 1024;

/**
 * The largest file the browser shell's upload route takes for an import: its body is held in
 * memory whole; a larger file is refused with its size, and the desktop takes up to IMPORT_MAX_BYTES.
 */
export const UPLOAD_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export const ImportFileInput = z.object({
  name: z.string().max(255),
  data: bytes(zodMessage('jobs.library.importNoFile'), IMPORT_MAX_BYTES, zodMessage('jobs.library.importTooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 })),
});

/** One dropped file: `added` as a new item, or `skipped` with why (not media, damaged, already in the library). */
export const ImportOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('added'), name: z.string(), item: LibraryItemView }),
  z.object({ outcome: z.literal('skipped'), name: z.string(), reason: MessageData, duplicateOf: z.string().optional() }),
]);
export type ImportOutcome = z.infer<typeof ImportOutcome>;

/** The most items one curation edit names: each is one transaction, however many. */
export const CURATE_MAX_IDS = 100_000;
const curatedIds = z.array(z.string().min(1).max(64)).min(1).max(CURATE_MAX_IDS);
/** A tag as typed: trimmed by the host; at most 64 characters kept. */
const Tag = z.string().max(200);
const CollectionName = z.string().trim().min(1).max(100);

export const CollectionView = z.object({ id: z.string(), name: z.string(), createdAt: z.number(), count: z.number() });
export type CollectionView = z.infer<typeof CollectionView>;
/** How many items an edit changed (items already so, and ids the library does not know, are not). */
const Changed = z.object({ changed: z.number() });

export const libraryMethods = {
  /** `every`: with `stacked`, how many items match, each item of a stack counted (absent when no stack is formed yet). */
  'library.list': { input: LibraryQuery, output: z.object({ items: z.array(LibraryItemView), total: z.number(), every: z.number().optional(), models: z.array(z.string()) }) },
  'library.get': { input: id, output: LibraryItemView },
  /**
   * Several items in one call, in the order asked; an id the library does not know is left out
   * (no error). The contact sheet reads the results it draws this way, one call per render pass.
   */
  'library.getMany': { input: z.object({ ids: z.array(z.string().min(1).max(64)).max(GET_MANY_MAX_IDS) }), output: z.array(LibraryItemView) },
  'library.remove': { input: id, output: z.object({ removed: z.boolean() }) },
  /** Marks (or unmarks) an item as a winner; kept with the item's file, so it lasts. Announced as `library.onDidChange` `changed`. */
  'library.setFavourite': { input: id.extend({ favourite: z.boolean() }), output: LibraryItemView },
  /** Marks (or unmarks) many items as winners: one transaction, one `library.onDidChange` `changed`; their files follow. */
  'library.favourite': { input: z.object({ ids: curatedIds, favourite: z.boolean() }), output: Changed },
  /** Rates items, 0 clearing the rating: one transaction, one `library.onDidChange` `changed`. */
  'library.rate': { input: z.object({ ids: curatedIds, rating: z.number().int().min(0).max(5) }), output: Changed },
  /** Adds and removes tags on items (trimmed, case-insensitively unique per item), in one transaction. */
  'library.tag': { input: z.object({ ids: curatedIds, add: z.array(Tag).max(50).default([]), remove: z.array(Tag).max(50).default([]) }), output: Changed },
  /** Every collection with how many items it holds, by name. */
  'library.collections': { input: z.object({}), output: z.array(CollectionView) },
  'library.createCollection': { input: z.object({ name: CollectionName }), output: CollectionView },
  'library.renameCollection': { input: id.extend({ name: CollectionName }), output: CollectionView },
  /** Removes a collection; its items stay in the library. */
  'library.removeCollection': { input: id, output: z.object({ removed: z.boolean() }) },
  /** Puts items into a collection (`add`), or takes them out, in one transaction. */
  'library.collect': { input: z.object({ ids: curatedIds, collectionId: z.string().min(1).max(64), add: z.boolean() }), output: Changed },
  /** A collection's items as one zip, as `library.export` writes it. */
  'library.exportCollection': { input: id.extend({ exportId: ExportInput.shape.exportId }), output: TakeOutcome },
  /** Desktop only: show the file in the system's file manager. */
  'library.reveal': { input: id, output: z.object({}) },
  /**
   * Counts of every facet over the whole library (docs/data.md, "Facets"): each facet counted
   * over the items matching every other filter of the query. Offset and limit are ignored.
   */
  'library.facets': { input: LibraryQuery.omit({ offset: true, limit: true }), output: LibraryFacets },
  /**
   * The shape of every item the query matches, in list order (offset and limit are ignored): width
   * over height rounded to 2 decimals, 0 when unknown (audio, an image never measured). The
   * gallery lays out its justified rows from these before any page of items has loaded.
   */
  'library.shapes': { input: LibraryQuery.omit({ offset: true, limit: true }), output: z.object({ ratios: z.array(z.number().min(0)) }) },
  /**
   * The id of every item the query matches, in list order (offset and limit are ignored), at most
   * CURATE_MAX_IDS: the Gallery's "Select all", which a bulk edit then names in one call.
   */
  'library.ids': { input: LibraryQuery.omit({ offset: true, limit: true }), output: z.object({ ids: z.array(z.string()), total: z.number() }) },
  /**
   * Takes items out of the library as one zip (docs/library-files.md, "The zip"): the files under
   * `media/` plus manifest.json and manifest.csv. The desktop asks where in a native Save dialog
   * and writes there; the browser shell answers with a one-time download link. Progress arrives
   * as `library.onExportProgress` under `exportId`.
   */
  'library.export': { input: ExportInput, output: TakeOutcome },
  /** One item's file: "Save as…" in a native dialog (desktop) or a one-time download link (browser shell). */
  'library.saveFile': { input: id, output: TakeOutcome },
  /** Desktop only: drags the item's file out of the window (called from the page's dragstart). */
  'library.startDrag': { input: id, output: z.object({}) },
  /**
   * Brings one file from outside into the library (docs/library-files.md, "Bringing files in"):
   * sniffed, its embedded prompt and settings read, saved as an item marked `source: 'imported'`.
   * The page sends a drop's files one call each and counts its own progress.
   */
  'library.importFile': { input: ImportFileInput, output: ImportOutcome },
} as const;

export const libraryEvents = {
  /** Files written into the zip of an export under way: `done` of `total`. */
  'library.onExportProgress': z.object({ exportId: z.string(), done: z.number(), total: z.number() }),
  /** `changed` without an id: a curation edit of many items (one event per edit) or of the collections. */
  'library.onDidChange': z.object({ reason: z.enum(['added', 'removed', 'reset', 'changed']), id: z.string().optional() }),
} as const;
