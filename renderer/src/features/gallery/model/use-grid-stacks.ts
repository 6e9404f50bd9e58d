/**
 * The grid's side of stacks (use-stacks.ts, docs/library-files.md, "Stacks"): what each grid
 * place holds (the host's page, or the open stack's item), S or a click on a tile's count opening
 * or closing its stack with the focus kept on the tile and the change said to screen readers, and
 * the open stack following its tile when saves or removals shift the list.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { StackExpansion } from './use-stacks.js';

/** A stack's tile, closed or open, or one of an open stack's items. */
export type StackState = 'closed' | 'open' | 'member';

/** How far from its place an open stack's tile is looked for after the list changed. */
const RELOCATE = 200;

const isStack = (item: LibraryItemView | undefined): item is LibraryItemView & { stackKey: string } => Boolean(item?.stackKey) && (item!.stackCount ?? 1) > 1;

export function useGridStacks(
  stack: StackExpansion,
  pageAt: (base: number) => LibraryItemView | undefined,
  focusIndex: (index: number) => void,
  onOpen: (item: LibraryItemView, index: number) => void,
  t: TFunction<'gallery'>,
) {
  const [note, setNote] = useState('');
  const itemAt = (index: number): LibraryItemView | undefined => {
    const p = stack.place(index);
    return 'base' in p ? pageAt(p.base) : stack.members[p.member];
  };

  // Saves and removals shift the list: the open stack follows its tile, looked for near where it
  // was among the pages loaded, and closes when the tile is gone from there.
  const open = stack.open;
  const tileHere = open ? pageAt(open.at) : undefined;
  useEffect(() => {
    if (!open || !tileHere || tileHere.id === open.headId) return;
    for (let d = 1; d <= RELOCATE; d++) {
      for (const at of [open.at + d, open.at - d]) {
        if (pageAt(at)?.id === open.headId) return stack.moveTo(at);
      }
    }
    stack.close();
  });

  /** Opens or closes the stack of the item at grid place `index`; the focus stays on its tile. */
  const toggleStack = (index: number): boolean => {
    const p = stack.place(index);
    const item = itemAt(index);
    if ('member' in p && open) {
      stack.close();
      setNote(t('stack.collapsed'));
      focusIndex(open.at);
      return true;
    }
    if (!('base' in p) || !isStack(item)) return false;
    const closing = open?.key === item.stackKey;
    stack.toggle(item, p.base);
    setNote(closing ? t('stack.collapsed') : t('stack.expanded', { n: item.stackCount ?? 1 }));
    focusIndex(p.base);
    return true;
  };

  /** What a cell shows of stacks. */
  const stackState = (index: number): StackState | undefined => {
    if ('member' in stack.place(index)) return 'member';
    const item = itemAt(index);
    if (!isStack(item)) return undefined;
    return open?.key === item.stackKey ? 'open' : 'closed';
  };
  /** The detail steps through the host's list: an open stack's item has no place there. */
  const placeInList = (index: number) => {
    const p = stack.place(index);
    return 'base' in p ? p.base : -1;
  };

  // Cells are memoized: they get callbacks that stay the same, which call the latest of these.
  const latest = useRef({ toggleStack, placeInList });
  useLayoutEffect(() => {
    latest.current = { toggleStack, placeInList };
  });
  const onStack = useCallback((index: number) => latest.current.toggleStack(index), []);
  const onOpenCell = useCallback((item: LibraryItemView, index: number) => onOpen(item, latest.current.placeInList(index)), [onOpen]);

  return { note, itemAt, toggleStack, stackState, onStack, onOpenCell };
}
