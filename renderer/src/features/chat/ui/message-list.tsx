/**
 * The conversation, virtualized: only the messages in view (plus a few) are in the DOM, each
 * measured as it renders, so a 2,000-message conversation opens and scrolls like a short one.
 * It keeps to the newest message while a reply streams, unless the reader has scrolled up; then
 * "Jump to latest" brings them back. Rows are memoized: a streaming frame re-renders one row.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type WheelEvent as ReactWheelEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { ChatMessageView } from '@shared/contract/chat.js';
import { FollowingEndContext, ScrollRootContext, type ScrollRoot } from '../../../components/markdown/reply-window.js';
import type { ChatActions } from '../model/chat-actions.js';
import { AssistantMessage } from './assistant-message.js';
import { SideBySide } from './side-by-side.js';
import { UserMessage } from './user-message.js';

/** Keys that move the view elsewhere than Home does. */
const MOVES = ['End', 'PageUp', 'PageDown', 'ArrowUp', 'ArrowDown', ' '];

/** Within this many pixels of the end counts as "at the latest". */
const STICK_PX = 32;

/**
 * A row's likely height before it is measured, from its text: close guesses mean fewer scroll
 * corrections when rows above the view are measured while scrolling up.
 */
const estimates = new WeakMap<ChatMessageView, number>();
const MAX_ESTIMATE = 20_000;

function estimate(m: ChatMessageView): number {
  const known = estimates.get(m);
  if (known !== undefined) return known;
  const text = m.role === 'user' ? (m.text ?? '') : (m.choices?.[m.selected ?? 0]?.text ?? '');
  // Lines read in place, and no further than the cap: a 10 MB reply is a quarter of a million lines.
  let lines = 0;
  for (let at = 0; at <= text.length && lines * 22 < MAX_ESTIMATE; ) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    lines += 1 + Math.floor((end - at) / 110);
    at = end + 1;
  }
  const chrome = m.role === 'user' ? 64 : 110;
  const px = Math.min(chrome + lines * 22 + (m.images?.length ? 170 : 0), MAX_ESTIMATE);
  // Asked for every row whenever one is measured: 2,000 rows must not mean 2,000 text scans.
  estimates.set(m, px);
  return px;
}

/** Where the list last left the view: its top and bottom edge. */
interface Place {
  top: number;
  bottom: number;
}

/** The view's top and bottom are both above where the list last left it: the reader moved up. */
const movedUp = (el: HTMLElement, last: Place) => el.scrollTop < last.top && el.scrollTop + el.clientHeight < last.bottom;

/**
 * Asked before the list moves the view itself: the reader moved up, away from the end, and the
 * scroll event saying so has not come yet (it comes with the next frame, and dragging the scrollbar
 * has no key or wheel event before it). Left unnoticed, a render landing in between would take the
 * reader straight back down.
 */
const leftTheEnd = (el: HTMLElement, last: Place) => el.scrollHeight - el.scrollTop - el.clientHeight > STICK_PX && movedUp(el, last);

interface Props {
  messages: readonly ChatMessageView[];
  /** Messages of the conversation before these (only its newest are here yet): counted in each row's position. */
  earlier?: number;
  /** Messages after these still to come (a switch answered the rows in view first): counted, not drawn yet. */
  later?: number;
  actions: ChatActions;
  locked: boolean;
  /** The find bar's hit to show: its message is scrolled to (a new `n` scrolls again). */
  goTo?: { id: string; n: number };
}

interface RowProps {
  message: ChatMessageView;
  actions: ChatActions;
  locked: boolean;
}

const MessageRow = memo(function MessageRow({ message, actions, locked }: RowProps) {
  if (message.role === 'user') return <UserMessage message={message} actions={actions} locked={locked} />;
  // Several models' replies to one message, until one is chosen (side-by-side.tsx).
  if (message.versions?.together && message.alongside?.length) return <SideBySide message={message} actions={actions} locked={locked} />;
  return <AssistantMessage message={message} actions={actions} locked={locked} />;
});

/**
 * Memoized: the pane around it renders on every keystroke in the composer and on every change of
 * the send button, and the list's render is not free: the virtualizer reads and writes the view's
 * place.
 */
export const MessageList = memo(function MessageList({ messages, earlier = 0, later = 0, actions, locked, goTo }: Props) {
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  /** Where the view was last left: its top and bottom edge. */
  const last = useRef<Place>({ top: 0, bottom: 0 });
  const [atLatest, setAtLatest] = useState(true);
  const count = messages.length;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(messages[i]),
    getItemKey: (i) => messages[i].id,
    // A conversation opens at its newest message: starting there, the first render lays out the
    // rows the reader sees, not the first rows only to drop them for the last at once.
    initialOffset: () => messages.reduce((px, m) => px + estimate(m), 0),
    overscan: 4,
    // React 19 batches the scroll updates itself; a synchronous flush per scroll event only costs frames.
    useFlushSync: false,
  });

  // Kept to its end, the list needs no correction of the view for a row above it that changed size:
  // the size observer below takes it back to the end. The virtualizer's correction for a row that
  // shrank moved the view up, which read as the reader leaving the end (docs/performance-findings.md,
  // "Start-up on the real paths"). Otherwise its own rule: a row's first size corrects the view
  // when the row starts above it, a later one when the row lies wholly above it.
  useLayoutEffect(() => {
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, v) => {
      if (stuck.current) return false;
      const offset = v.scrollOffset ?? 0;
      return v.itemSizeCache.has(item.key) ? item.end <= offset && v.scrollDirection !== 'backward' : item.start < offset;
    };
  }, [virtualizer]);

  // Opening a conversation starts at its newest message.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || count === 0) return;
    opened.current = true;
    virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [count, virtualizer]);

  // The find bar's hit: the reader moves away from the latest message, to the hit's. A hit in a
  // hidden version has its branch shown first, once per hit (docs/chat-versions.md).
  const revealed = useRef<typeof goTo>(undefined);
  useLayoutEffect(() => {
    const at = goTo ? messages.findIndex((m) => m.id === goTo.id) : -1;
    if (at < 0 && goTo && !earlier && revealed.current !== goTo) {
      revealed.current = goTo;
      actions.reveal(goTo.id);
    }
    if (at < 0) return;
    stuck.current = false;
    setAtLatest(false);
    virtualizer.scrollToIndex(at, { align: 'center' });
  }, [goTo, messages, virtualizer, earlier, actions]);

  // A new turn takes the reader to it; the rest of a branch arriving below the rows in view does
  // not, nor do the earlier messages of a first open arriving above them.
  const lastCount = useRef(count);
  const lastId = useRef(messages.at(-1)?.id);
  const wasShort = useRef(later > 0);
  useLayoutEffect(() => {
    const id = messages.at(-1)?.id;
    if (count > lastCount.current && id !== lastId.current && !wasShort.current) stuck.current = true;
    lastCount.current = count;
    lastId.current = id;
    wasShort.current = later > 0;
  }, [messages, count, later]);

  // The earlier messages of a first open arrived above the rows in view. A reader at the end stays
  // there (the size observer below); one who pressed Home meant the very first message; any other
  // reader keeps the rows they were reading where they were, the rows above counted in below them.
  const firstId = useRef(messages[0]?.id);
  const toStart = useRef(false);
  useLayoutEffect(() => {
    const was = firstId.current;
    firstId.current = messages[0]?.id;
    const at = was === undefined ? -1 : messages.findIndex((m) => m.id === was);
    const el = scrollRef.current;
    if (at <= 0 || !el) return;
    if (stuck.current) {
      // At the end now, in this commit: the view's offset, left as it was, lay among the first
      // rows, and a scroll event there before the size observer's turn read as the reader moving up.
      el.scrollTop = el.scrollHeight;
      last.current = { top: el.scrollTop, bottom: el.scrollTop + el.clientHeight };
      return;
    }
    if (toStart.current) {
      toStart.current = false;
      virtualizer.scrollToIndex(0, { align: 'start' });
      return;
    }
    // The reader's place in the held rows, from where the view was left (rows drawn at the old
    // place for this commit may have moved it since), and the held rows' start as it stands now:
    // rows measured as they were drawn count (read through getVirtualItems, which brings the
    // virtualizer's measurements up to date).
    virtualizer.getVirtualItems();
    el.scrollTop = last.current.top + (virtualizer.measurementsCache[at]?.start ?? 0);
    last.current = { top: el.scrollTop, bottom: el.scrollTop + el.clientHeight };
  }, [messages, virtualizer]);

  // Whenever the list's content or its view changes size (new rows, measured sizes, a taller
  // streaming row, the composer growing): keep to the end if stuck. Done as the browser reports
  // the new sizes, after its own layout, not after every render: reading the list's geometry
  // there made the browser lay the page out on the spot, on every frame of a stream
  // (bench/big-replies.ts). The place the view was left is remembered too, so the next scroll
  // event compares against it: a conversation that opened at its end without a scroll event
  // (initialOffset), then is sent to its top with Home, is then seen as the reader moving up.
  // The rows are watched as well as the canvas: the canvas takes a row's new height only when
  // the virtualizer's next render lands, a frame later, and the view kept to the end of the
  // canvas alone showed a growing reply's newest lines one or two frames after they were drawn
  // (a long reply arriving at once was drawn with the view tens of thousands of pixels above its
  // end). A row's overflow already counts in the view's scroll height, so the end is reached in
  // the frame the row grows.
  const [canvas, setCanvas] = useState<HTMLDivElement | null>(null);
  const sizes = useRef<ResizeObserver | null>(null);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const keepToEnd = () => {
      if (leftTheEnd(el, last.current)) stuck.current = false;
      if (stuck.current && el.scrollHeight - el.scrollTop - el.clientHeight > 1) el.scrollTop = el.scrollHeight;
      last.current = { top: el.scrollTop, bottom: el.scrollTop + el.clientHeight };
    };
    const observer = new ResizeObserver(keepToEnd);
    sizes.current = observer;
    observer.observe(el);
    if (canvas) {
      observer.observe(canvas);
      for (const row of canvas.children) observer.observe(row);
    }
    return () => {
      sizes.current = null;
      observer.disconnect();
    };
  }, [canvas]);
  const rowRef = useCallback(
    (row: HTMLDivElement) => {
      virtualizer.measureElement(row);
      const observer = sizes.current;
      observer?.observe(row);
      return () => {
        observer?.unobserve(row);
        virtualizer.measureElement(null);
      };
    },
    [virtualizer],
  );

  // A long reply showed a part starting above the view at a height other than it stood in at:
  // move the view by the difference. Content above that shrank may already have pulled a view at
  // the end up with it (the browser keeps the view within the content); then the move is from
  // where the view was before. The move is recorded as the view's place, so it does not read as
  // the reader scrolling.
  const scrollRoot = useMemo<ScrollRoot>(
    () => ({
      element: scrollRef,
      keepPlace(px) {
        const el = scrollRef.current;
        if (!el) return;
        if (leftTheEnd(el, last.current)) stuck.current = false;
        const pulledUp = el.scrollTop >= el.scrollHeight - el.clientHeight - 1 && last.current.top > el.scrollTop;
        el.scrollTop = stuck.current ? el.scrollHeight : (pulledUp ? last.current.top : el.scrollTop) + px;
        last.current = { top: el.scrollTop, bottom: el.scrollTop + el.clientHeight };
      },
      viewHeight: () => last.current.bottom - last.current.top,
    }),
    [],
  );

  // Only the reader scrolling up leaves the latest message, and reaching the end again returns to
  // it. A row growing, or the view shrinking as the composer grows, is not the reader leaving;
  // nor is a scroll event that finds the end further away than the scroll left it (the event
  // comes a frame after the scroll, and a burst of deltas can add thousands of pixels between),
  // nor the browser moving the view up when it grows taller at the end (the composer shrinking
  // as a reply ends): that moves the top of the view up, but not its bottom.
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const up = movedUp(el, last.current);
    last.current = { top: el.scrollTop, bottom: el.scrollTop + el.clientHeight };
    if (el.scrollHeight - last.current.bottom <= STICK_PX) stuck.current = true;
    else if (up) stuck.current = false;
    if (el.scrollTop > STICK_PX) toStart.current = false;
    setAtLatest(stuck.current);
  };

  const jump = () => {
    toStart.current = false;
    stuck.current = true;
    setAtLatest(true);
    virtualizer.scrollToIndex(count - 1, { align: 'end' });
  };

  // The reader's own move up (a key, the wheel) leaves the latest message at once, before its
  // scroll event: a row measured in between would otherwise take the view back to the end.
  const leave = () => {
    stuck.current = false;
  };
  const onKeyDown = (e: ReactKeyboardEvent) => {
    // Keys typed into a field inside a message (editing a turn) move its caret, not the list.
    if ((e.target as HTMLElement).closest('input, textarea, select, [contenteditable="true"]')) return;
    if (['Home', 'PageUp', 'ArrowUp'].includes(e.key)) leave();
    if (MOVES.includes(e.key)) toStart.current = false;
    // Home and End go to the very first and last message through the virtualizer: the browser's
    // own smooth scroll across 2,000 rows is cut short as rows it passes are measured. Home before
    // the earlier messages are in goes to the first held now, and to the very first once they come.
    if (e.key === 'Home' && count > 0) {
      e.preventDefault();
      toStart.current = earlier > 0;
      virtualizer.scrollToIndex(0, { align: 'start' });
    } else if (e.key === 'End' && count > 0) {
      e.preventDefault();
      jump();
    }
  };
  const onWheel = (e: ReactWheelEvent) => {
    toStart.current = false;
    if (e.deltaY < 0) leave();
  };


  const items = virtualizer.getVirtualItems();
  return (
    <div className="chat-scroll-wrap">
      <div ref={scrollRef} className="chat-scroll" onScroll={onScroll} onKeyDown={onKeyDown} onWheel={onWheel} tabIndex={0} role="region" aria-label={t('messages.label')} data-testid="chat-scroll">
        {count === 0 ? (
          <p className="chat-empty-conv hint">{t('messages.empty')}</p>
        ) : (
          <ScrollRootContext value={scrollRoot}>
            <FollowingEndContext value={atLatest}>
              <div ref={setCanvas} role="list" className="chat-canvas" style={{ height: virtualizer.getTotalSize() }}>
                {items.map((item) => (
                  <div
                    key={item.key}
                    role="listitem"
                    aria-posinset={earlier + item.index + 1}
                    aria-setsize={earlier + count + later}
                    data-index={item.index}
                    data-message-id={messages[item.index].id}
                    ref={rowRef}
                    className="chat-row"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <MessageRow message={messages[item.index]} actions={actions} locked={locked} />
                  </div>
                ))}
              </div>
            </FollowingEndContext>
          </ScrollRootContext>
        )}
      </div>
      {!atLatest && count > 0 && (
        <button type="button" className="button chat-jump" onClick={jump}>
          {t('messages.jump')}
        </button>
      )}
    </div>
  );
});
