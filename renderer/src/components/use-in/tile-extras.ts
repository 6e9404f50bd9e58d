/**
 * The one place a result tile takes extra attributes and children, for every tile of the Image
 * and Video tabs (result-tile.tsx, video-result.tsx): what is returned here is spread onto the
 * tile's <figure> and rendered inside it, after the picture. A tile is a drag source and has a
 * "Use in…" menu, so a result goes on to the next step (a reference, a starting image, a chat
 * message) the same way from every tab (components/use-in).
 */
import { createElement, type HTMLAttributes, type ReactNode } from 'react';
import type { LibraryItemView } from '@shared/contract/library.js';
import { useDraggableItem } from './use-draggable-item.js';
import { UseInMenu } from './use-in-menu.js';

export interface TileExtras {
  props?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | undefined>;
  children?: ReactNode;
}

export function useTileExtras(item: LibraryItemView): TileExtras {
  const drag = useDraggableItem(item);
  // Only images have a next step; a video tile stays as it is.
  if (item.kind !== 'image') return {};
  return { props: { ...drag }, children: createElement(UseInMenu, { item, className: 'result-use-in' }) };
}
