/**
 * Props that make any tile of a library item draggable into the studio's targets (and, where
 * Chromium supports it, out of the page as a file): spread them onto the tile's element.
 * While such a drag is on, the Image, Video and Chat tab buttons open their tab as it passes over
 * them ("spring-loaded" tabs), so an item dragged from the Gallery can be dropped in another tab.
 * Dragging is a shortcut; `UseInMenu` does the same from the keyboard.
 */
import type { DragEvent } from 'react';
import type { LibraryItemView } from '@shared/contract/library.js';
import { EMPTY, useCall } from '../../api/client.js';
import { HANDOFF_TARGETS, type HandoffTarget } from '../../state/handoff.js';
import { writeItemDrag } from './item-file.js';
import { useUiStore } from '../../state/ui-store.js';

export interface DraggableItemProps {
  draggable: true;
  onDragStart(e: DragEvent<HTMLElement>): void;
}

/** The target a tab button stands for (its id is `tab-<id>`: state/tab-ids.ts), if it is one. */
function targetTab(node: EventTarget | null): HandoffTarget | undefined {
  const tab = node instanceof Element ? node.closest('[role="tab"]') : null;
  const id = tab?.id.replace(/^tab-/, '');
  return HANDOFF_TARGETS.find((t) => t === id);
}

/** Ends the listening of the drag before, should its source have vanished before its end. */
let endLast: (() => void) | undefined;

/** For the length of one drag: a target's tab button opens its tab when the drag enters it. */
function springTabs(source: EventTarget): void {
  endLast?.();
  const enter = (e: globalThis.DragEvent) => {
    const target = targetTab(e.target);
    if (target && useUiStore.getState().tab !== target) useUiStore.getState().openTab(target);
  };
  const end = () => {
    document.removeEventListener('dragenter', enter, true);
    source.removeEventListener('dragend', end);
    document.removeEventListener('drop', end, true);
    endLast = undefined;
  };
  endLast = end;
  document.addEventListener('dragenter', enter, true);
  // The source may be hidden with its tab by then: a drop anywhere ends the drag as well.
  source.addEventListener('dragend', end);
  document.addEventListener('drop', end, true);
}

/** For a grid that already knows the media base: no hook, so it may be called per cell. */
export function draggableItem(item: LibraryItemView, mediaBase: string | undefined): DraggableItemProps {
  return {
    draggable: true,
    onDragStart: (e) => {
      writeItemDrag(e.dataTransfer, item, mediaBase);
      springTabs(e.currentTarget);
    },
  };
}

/** For any other tile: reads the media base itself (app.info, already cached by the shell). */
export function useDraggableItem(item: LibraryItemView): DraggableItemProps {
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  return draggableItem(item, mediaBase);
}
