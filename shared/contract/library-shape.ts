/**
 * An item's shape as `library.shapes` gives it: width over height rounded to 2 decimals, 0 when
 * unknown; a sliver is still not 0. The gallery lays out a first page's items by the same numbers
 * before the shapes come, so its rows do not move when they do.
 *
 * A module of its own, with no imports: the gallery's first-load code uses it, and taking it from
 * library.ts would bring that file's schemas, and zod with them, into the studio's first load
 * (start-up 1.42 -> 1.63 times the minimal page's: docs/performance-findings.md, "Opening a tab").
 */
export function ratioOf(width: number | null | undefined, height: number | null | undefined): number {
  return width && height && width > 0 && height > 0 ? Math.round((width / height) * 100) / 100 || 0.01 : 0;
}
