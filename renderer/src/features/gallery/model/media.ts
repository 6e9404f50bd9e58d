/** Small pure helpers of the gallery: media URLs, labels and formatting. */
import type { TFunction } from 'i18next';
import type { LibraryItemView, LibraryQuery } from '@shared/contract/library.js';
import type { FacetFilter } from '@shared/contract/library-facets.js';
import type { Formats } from '../../../i18n/format.js';

export type Kind = LibraryItemView['kind'];

import { mediaUrl } from '../../../api/session.js';

export { mediaUrl };

/** A cell's picture: its thumbnail, or for an image without one (too big to decode) the file itself. */
export function thumbSrc(base: string, item: LibraryItemView): string | undefined {
  if (item.thumb) return mediaUrl(base, item.thumb);
  return item.kind === 'image' ? mediaUrl(base, item.file) : undefined;
}

export interface GalleryFilters extends FacetFilter {
  kind?: Kind;
  model?: string;
  /** `yyyy-mm-dd` from the date inputs, in the creator's own time zone. */
  from?: string;
  to?: string;
  text: string;
  /** Curation (docs/library-files.md, "Curation"). */
  collectionId?: string;
  minRating?: number;
  favourite?: boolean;
  /** The facet panel's tag (case-insensitive). */
  tag?: string;
}

export const NO_FILTERS: GalleryFilters = { text: '' };

export const hasFilters = (f: GalleryFilters) => Boolean(
  f.kind || f.model || f.from || f.to || f.text.trim() || f.collectionId || f.minRating || f.favourite || f.tag
  || f.date || f.rating !== undefined || f.aspect || f.resolution || f.cost,
);

/** The list query of a set of filters; a day filter covers the whole local day on both ends. */
export function toQuery(f: GalleryFilters): LibraryQuery {
  const day = (d: string | undefined, time: string) => {
    if (!d) return undefined;
    const ms = new Date(`${d}T${time}`).getTime();
    return Number.isFinite(ms) ? ms : undefined;
  };
  const text = f.text.trim().slice(0, 500);
  return {
    kind: f.kind, model: f.model, from: day(f.from, '00:00:00'), to: day(f.to, '23:59:59.999'), text: text || undefined,
    collectionId: f.collectionId, minRating: f.minRating, favourite: f.favourite || undefined,
    tag: f.tag, date: f.date, rating: f.rating, aspect: f.aspect, resolution: f.resolution, cost: f.cost,
  };
}

export function formatBytes(f: Formats, n: number): string {
  if (n < 1024) return `${f.number(n)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${f.fixed(v, v < 10 ? 1 : 0)} ${units[u]}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Parameter and usage values are arbitrary JSON; strings read better without their quotes. */
/** A parameter's value as the item view shows it: a nested one as indented JSON, one entry a line. */
export const formatValue = (v: unknown) => (typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v, null, 2) : String(v));
/** Longer than this, a value (a workflow kept raw, a data URI) scrolls in a box of its own rather than filling the dialog. */
export const LONG_VALUE_CHARS = 600;

/** The prompt as a cell shows it and names it: cut short (the detail view has it all). */
export function cellPrompt(item: LibraryItemView): string {
  const prompt = item.prompt.trim();
  return prompt.length > 100 ? `${prompt.slice(0, 100)}…` : prompt;
}

/**
 * A cell's accessible name: what it is and its prompt. It holds every word the cell shows, in
 * the same order (the badge, then an audio cell's prompt), so a creator who says what they see
 * reaches the cell by voice (WCAG 2.5.3, label in name).
 */
export function cellLabel(t: TFunction<'gallery'>, item: LibraryItemView): string {
  const kind = t(`kind.${item.kind}`);
  const prompt = cellPrompt(item) || t('grid.noPrompt');
  const label = item.kind !== 'image' && item.durationSeconds !== undefined
    ? t('grid.cellWithDuration', { kind, duration: formatDuration(item.durationSeconds), prompt })
    : t('grid.cell', { kind, prompt });
  // A winner picked on a batch's contact sheet: said as well as drawn (the tile's star).
  return item.favourite ? t('grid.cellFavourite', { label }) : label;
}
