/**
 * The gallery's facets (docs/data.md, "Facets"): the buckets items fall into, shared by the host
 * (which counts and filters by them) and the renderer (which names them). Each bucket facet is a
 * set of disjoint ranges with an `unknown` for items without the value, so every item is in
 * exactly one bucket of each, and a facet's counts add up to the items they were counted over.
 */
import { z } from 'zod';

/** Age, by when the item was made, relative to now: disjoint, the first that holds wins. */
export const DATE_BUCKETS = ['day', 'week', 'month', 'year', 'older'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];
const DAY = 24 * 60 * 60 * 1000;
/** The oldest age (ms) of each bucket but the last: under 1 day, 1–7 days, 7–30 days, 30–365 days. */
export const DATE_AGES = [DAY, 7 * DAY, 30 * DAY, 365 * DAY] as const;

/** Width over height (the `ratio` column, 0 when unknown). */
export const ASPECT_BUCKETS = ['portrait', 'square', 'landscape', 'wide', 'unknown'] as const;
export type AspectBucket = (typeof ASPECT_BUCKETS)[number];
/** Upper bounds (exclusive) of portrait, square and landscape; wide is 1.9 and over (2:1, 21:9). */
export const ASPECT_LIMITS = [0.9, 1.1, 1.9] as const;

/** Megapixels (width × height / 1,000,000). */
export const RESOLUTION_BUCKETS = ['small', 'medium', 'large', 'huge', 'unknown'] as const;
export type ResolutionBucket = (typeof RESOLUTION_BUCKETS)[number];
/** Upper bounds (exclusive, in pixels) of small, medium and large: 0.5, 1.5 and 4.5 megapixels. */
export const RESOLUTION_LIMITS = [500_000, 1_500_000, 4_500_000] as const;

/** What the gateway billed for the item, whatever the currency; `free` is an amount of 0. */
export const COST_BUCKETS = ['free', 'low', 'mid', 'high', 'unknown'] as const;
export type CostBucket = (typeof COST_BUCKETS)[number];
/** Upper bounds (exclusive) of low and mid: under 0.05, then under 0.50. */
export const COST_LIMITS = [0.05, 0.5] as const;

/** Index into DATE_BUCKETS of an item made at `createdAt`. */
export function dateCode(createdAt: number, now: number): number {
  const age = now - createdAt;
  for (let k = 0; k < DATE_AGES.length; k++) if (age < DATE_AGES[k]) return k;
  return DATE_AGES.length;
}

/** Index into ASPECT_BUCKETS of a ratio (0: unknown). */
export function aspectCode(ratio: number): number {
  if (!(ratio > 0)) return 4;
  return ratio < ASPECT_LIMITS[0] ? 0 : ratio < ASPECT_LIMITS[1] ? 1 : ratio < ASPECT_LIMITS[2] ? 2 : 3;
}

/** Index into RESOLUTION_BUCKETS of a picture's pixel count (0 or less: unknown). */
export function resolutionCode(pixels: number): number {
  if (!(pixels > 0)) return 4;
  return pixels < RESOLUTION_LIMITS[0] ? 0 : pixels < RESOLUTION_LIMITS[1] ? 1 : pixels < RESOLUTION_LIMITS[2] ? 2 : 3;
}

/** Index into COST_BUCKETS of an amount (NaN: unknown). */
export function costCode(amount: number): number {
  if (!Number.isFinite(amount) || amount < 0) return 4;
  return amount === 0 ? 0 : amount < COST_LIMITS[0] ? 1 : amount < COST_LIMITS[1] ? 2 : 3;
}

/** The facet filters `library.list`, `library.shapes` and `library.facets` take beside the older ones. */
export const FacetFilters = {
  date: z.enum(DATE_BUCKETS).optional(),
  /** Exactly this rating; 0 is unrated (`minRating` is the older "at least"). */
  rating: z.number().int().min(0).max(5).optional(),
  aspect: z.enum(ASPECT_BUCKETS).optional(),
  resolution: z.enum(RESOLUTION_BUCKETS).optional(),
  cost: z.enum(COST_BUCKETS).optional(),
};

/** One value of a facet and how many items have it; `name` when the value is an id (a collection). */
export const FacetValue = z.object({ value: z.string(), count: z.number().int().min(0), name: z.string().optional() });
export type FacetValue = z.infer<typeof FacetValue>;
/** A facet's values shown, and how many more values it has (the tags beyond the top ones). */
export const FacetCounts = z.object({ values: z.array(FacetValue), more: z.number().int().min(0) });
export type FacetCounts = z.infer<typeof FacetCounts>;

export const FACET_NAMES = ['kind', 'model', 'date', 'rating', 'favourite', 'tag', 'collection', 'aspect', 'resolution', 'cost'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/**
 * Each facet's counts over the items matching every OTHER filter (so the other values of a facet
 * in use stay choosable), and `total`, the items matching them all.
 */
export const LibraryFacets = z.object({
  total: z.number().int().min(0),
  facets: z.object(Object.fromEntries(FACET_NAMES.map((n) => [n, FacetCounts])) as Record<FacetName, typeof FacetCounts>),
});
export type LibraryFacets = z.infer<typeof LibraryFacets>;

/** The most tags (and models) a facet lists, by count; `more` says how many it left out. */
export const FACET_TOP = 50;

/** The facet filters as a query carries them. */
export interface FacetFilter {
  date?: DateBucket;
  rating?: number;
  aspect?: AspectBucket;
  resolution?: ResolutionBucket;
  cost?: CostBucket;
}
