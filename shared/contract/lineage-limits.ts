/**
 * The kinds and bounds of an item's lineage, apart from its schema (lineage-ref.ts): the renderer's
 * lineage store needs them in the code an open conversation waits for at start-up, where the
 * schema would bring zod (docs/performance-findings.md, "Start-up: the returning user's code").
 */
export const LINEAGE_KINDS = ['reference', 'startImage', 'remixOf', 'chatMessage', 'batchCell', 'storyboardShot'] as const;
export type LineageKind = (typeof LINEAGE_KINDS)[number];

/** The most sources one item records (the reference pictures of a model are fewer). */
export const MAX_LINEAGE = 32;
/** The most "used in" items one `library.lineage` answers, newest first. */
export const MAX_USED_IN = 100;
