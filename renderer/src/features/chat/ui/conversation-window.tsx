/**
 * The conversations sidebar's list, drawn as a window: only the rows in view (and a few around
 * them) are in the page, placed at their offsets in the whole list, as the message list and the
 * Gallery's grid are. A history of thousands of conversations then costs the page a screenful of
 * rows; the day scenario's second day no longer adds a row's components and elements for each
 * conversation it starts (docs/performance-findings.md, "The conversations sidebar as a window").
 *
 * Up/Down/Home/End move between the entries' open buttons, as in a listbox, to rows not drawn yet
 * too: the row to focus is drawn first, and focus scrolls it into view. The row that holds focus
 * stays drawn when scrolled away (an inline rename, a confirmation or an open panel keeps its state,
 * and focus does not fall to the page), and so does the last one that held it, which a pin or a
 * move into a folder takes elsewhere in the list before focus is given back to it.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { defaultRangeExtractor, measureElement, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { conversationIndexes, runsOf, type SidebarRow } from '../model/sidebar-rows.js';
import { ConversationItem } from './conversation-item.js';
import { FolderGroup } from './folder-group.js';
import type { RowPlace } from './sidebar-window-row.js';

/** A row's height before it is measured: a conversation's two lines, a search hit's snippet, a folder's head. */
const ESTIMATE = { conversation: 54, snippet: 88, folder: 34 };
/** Rows drawn beyond each edge of the view: the next arrow press usually finds its row drawn. */
const OVERSCAN = 4;
/** Between rows, as the list's grid gap was. */
const GAP = 2;
/** The first render's view, before the list is measured: a window's sidebar, about. */
const INITIAL_RECT = { width: 280, height: 600 };
const KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'];

interface Props {
  label: string;
  rows: readonly SidebarRow[];
  selectedId: string;
  onSelect(id: string): void;
  query: string;
}

/**
 * The Chat tab hidden (another tab open) lays its list out at no size: the window keeps the view
 * and the row heights it had when shown, so the rows drawn stay drawn (with what they hold, a
 * rename under way among it) instead of all going, or all coming at a height of nothing.
 */
const observeShownRect: typeof observeElementRect<HTMLElement> = (instance, cb) => {
  let hidden = false;
  return observeElementRect(instance, (rect) => {
    if (rect.height === 0) {
      hidden = true;
      return;
    }
    cb(rect);
    // Shown again: the list's scroll position is read anew (the browser may not have kept it).
    if (hidden) instance.scrollElement?.dispatchEvent(new Event('scroll'));
    hidden = false;
  });
};
function measureShown(el: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLElement, Element>): number {
  const size = measureElement(el, entry, instance);
  return size > 0 ? size : (instance.measurementsCache[instance.indexFromElement(el)]?.size ?? size);
}

const rowKeyOf = (el: EventTarget | null) => (el instanceof HTMLElement ? el.closest<HTMLElement>('[data-row-key]')?.dataset.rowKey : undefined);

export function ConversationWindow({ label, rows, selectedId, onSelect, query }: Props) {
  const scrollRef = useRef<HTMLElement>(null);
  /** The row that holds focus, or held it last: kept drawn. */
  const [focusKey, setFocusKey] = useState<string>();
  /** A row an arrow key moves to, drawn so that it can take focus. */
  const [goingTo, setGoingTo] = useState<string>();
  const indexByKey = useMemo(() => new Map(rows.map((r, i) => [r.key, i])), [rows]);
  const conversations = useMemo(() => conversationIndexes(rows), [rows]);

  const kept = new Set([focusKey, goingTo].flatMap((k) => (k === undefined || !indexByKey.has(k) ? [] : [indexByKey.get(k)!])));
  const keptKey = [...kept].join();
  const rangeExtractor = useCallback(
    (range: Range) => {
      const drawn = defaultRangeExtractor(range);
      const extra = keptKey ? keptKey.split(',').map(Number).filter((i) => i < range.count && !drawn.includes(i)) : [];
      return extra.length ? [...drawn, ...extra].sort((a, b) => a - b) : drawn;
    },
    [keptKey],
  );
  // The build does not use React Compiler (as gallery-grid.tsx says): the list re-renders when the range changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      const row = rows[i];
      return row.kind === 'folder' ? ESTIMATE.folder : row.conversation.snippet ? ESTIMATE.snippet : ESTIMATE.conversation;
    },
    getItemKey: (i) => rows[i].key,
    rangeExtractor,
    overscan: OVERSCAN,
    gap: GAP,
    initialRect: INITIAL_RECT,
    observeElementRect: observeShownRect,
    measureElement: measureShown,
    // React 19 batches the scroll updates itself (as message-list.tsx).
    useFlushSync: false,
  });
  const measure = virtualizer.measureElement;

  // Once the row an arrow key went to is drawn, it takes focus (and focus scrolls it into view).
  useLayoutEffect(() => {
    if (goingTo === undefined) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(goingTo)}"]`);
    if (!row) return;
    row.querySelector<HTMLElement>('.chat-conv-open')?.focus();
    setGoingTo(undefined);
  }, [goingTo]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!KEYS.includes(e.key) || !(e.target instanceof HTMLElement) || !e.target.classList.contains('chat-conv-open')) return;
    const at = conversations.indexOf(indexByKey.get(rowKeyOf(e.target) ?? '') ?? -1);
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? conversations.length - 1 : at + (e.key === 'ArrowDown' ? 1 : -1);
    if (at < 0 || to < 0 || to >= conversations.length) return;
    e.preventDefault();
    setGoingTo(rows[conversations[to]].key);
  };
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const key = rowKeyOf(e.target);
    if (key !== undefined && key !== focusKey) setFocusKey(key);
  };

  const items = virtualizer.getVirtualItems();
  const byIndex = new Map(items.map((item) => [item.index, item]));
  const place = (index: number): RowPlace => {
    const row = rows[index];
    return { index, rowKey: row.key, start: byIndex.get(index)!.start, posinset: row.posinset, setsize: row.setsize, measure };
  };
  const conversation = (index: number) => {
    const row = rows[index] as Extract<SidebarRow, { kind: 'conversation' }>;
    const c = row.conversation;
    return <ConversationItem key={row.key} conversation={c} selected={c.id === selectedId} onSelect={onSelect} query={query} row={place(index)} />;
  };

  return (
    <nav ref={scrollRef} aria-label={label} className="chat-conv-nav" onKeyDown={onKeyDown} onFocus={onFocus}>
      <ul className="chat-conv-list chat-conv-window" style={{ height: virtualizer.getTotalSize() }}>
        {runsOf(rows, items.map((item) => item.index)).map((run) => {
          if (run.kind === 'row') return conversation(run.index);
          const folderRow = rows[run.index] as Extract<SidebarRow, { kind: 'folder' }>;
          return (
            <FolderGroup key={folderRow.key} folder={folderRow.folder} count={folderRow.count} head={run.head ? place(run.index) : undefined} place={folderRow}>
              {run.indexes.map(conversation)}
            </FolderGroup>
          );
        })}
      </ul>
    </nav>
  );
}
