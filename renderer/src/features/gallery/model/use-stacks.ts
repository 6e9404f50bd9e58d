/**
 * Stacks in the gallery (docs/library-files.md, "Stacks"): with "Stack variants" on, the results
 * of one job, one compare run or one batch cell are one tile with a count, listed by the host
 * (`library.list` `stacked`). One stack at a time opens in place: its other items are put right
 * after its tile, in the grid's order and in its justified rows, and taken out again when it
 * closes. The grid's places are then the host's list with the open stack's items inserted; this
 * file maps one onto the other.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../api/client.js';
import type { LibraryItemView, LibraryQuery } from '@shared/contract/library.js';
import { ratioOf } from '@shared/contract/library-shape.js';

/** A UI preference, nothing secret: kept in the page's storage (docs/house-rules.md, "UI-only state in the renderer"). */
const PREFERENCE = 'studio.galleryStacks';
/** The most items an open stack shows: a job gives a handful, a compare run a few dozen. */
export const STACK_MAX_ITEMS = 1000;

/** Whether variants are stacked: on unless the creator turned it off. */
export function readStacked(): boolean {
  try {
    return localStorage.getItem(PREFERENCE) !== 'off';
  } catch {
    return true;
  }
}

export function useStackedPreference(): [boolean, (on: boolean) => void] {
  const [stacked, setStacked] = useState(readStacked);
  const set = useCallback((on: boolean) => {
    try {
      localStorage.setItem(PREFERENCE, on ? 'on' : 'off');
    } catch {
      // Storage refused (a private window): the choice lasts for this page only.
    }
    setStacked(on);
  }, []);
  return [stacked, set];
}

/** The query as the grid asks it: stacked when the preference is on. */
export const withStacks = (query: LibraryQuery, stacked: boolean): LibraryQuery => (stacked ? { ...query, stacked: true } : query);

/** The stack open in place: its key, its first item (the tile) and that tile's place in the host's list. */
export interface OpenStack {
  key: string;
  headId: string;
  at: number;
}

/** Where a grid place is: the host's list (`base`), or the open stack's `member`-th item after its tile. */
export type Place = { base: number } | { member: number };

export interface StackExpansion {
  open: OpenStack | null;
  /** The open stack's items after its tile (its first item is the tile itself). */
  members: LibraryItemView[];
  toggle(item: LibraryItemView, at: number): void;
  close(): void;
  /** The open stack's tile is now at `at` in the host's list (items saved or removed before it). */
  moveTo(at: number): void;
  /** The grid's ratios: the host's, with the open stack's inserted after its tile. */
  ratios: number[];
  /** How many places the grid has. */
  count: number;
  place(index: number): Place;
  /** The place in the host's list whose page holds grid place `index` (an open stack's item: its tile's). */
  baseOf(index: number): number;
  /** The grid place of a place in the host's list. */
  indexOf(base: number): number;
}

export function useStackExpansion(query: LibraryQuery, baseRatios: number[], baseCount: number): StackExpansion {
  const [open, setOpen] = useState<(OpenStack & { query: string }) | null>(null);
  const queryHash = JSON.stringify(query);
  // Another filter is another list: a stack opened in the last one is closed.
  const current = open && open.query === queryHash ? open : null;
  const { stacked: _stacked, ...unstacked } = query;
  const members = useQuery({
    ...callQuery('library.list', { ...unstacked, stack: current?.key ?? '-', limit: STACK_MAX_ITEMS }),
    enabled: current !== null,
  });
  const extra = useMemo(() => (current ? (members.data?.items ?? []).filter((i) => i.id !== current.headId) : []), [current, members.data]);
  const m = extra.length;
  const at = current?.at ?? -1;
  const ratios = useMemo(() => {
    if (m === 0 || at < 0 || at >= baseRatios.length) return baseRatios;
    return [...baseRatios.slice(0, at + 1), ...extra.map((i) => ratioOf(i.width, i.height)), ...baseRatios.slice(at + 1)];
  }, [baseRatios, extra, m, at]);
  const shown = m > 0 && at >= 0 && at < baseCount;
  const toggle = useCallback(
    (item: LibraryItemView, base: number) => {
      setOpen((o) => (o && o.query === queryHash && o.key === item.stackKey ? null : item.stackKey ? { key: item.stackKey, headId: item.id, at: base, query: queryHash } : o));
    },
    [queryHash],
  );
  const close = useCallback(() => setOpen(null), []);
  const moveTo = useCallback((to: number) => setOpen((o) => (o && o.at !== to ? { ...o, at: to } : o)), []);
  return {
    open: current,
    members: shown ? extra : [],
    toggle,
    close,
    moveTo,
    ratios,
    count: shown ? baseCount + m : baseCount,
    place: (index) => (!shown || index <= at ? { base: index } : index <= at + m ? { member: index - at - 1 } : { base: index - m }),
    baseOf: (index) => (!shown || index <= at ? index : index <= at + m ? at : index - m),
    indexOf: (base) => (!shown || base <= at ? base : base + m),
  };
}
