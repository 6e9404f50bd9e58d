/**
 * A long reply rendered in part, the way the message list renders a long conversation: only the
 * parts near the view (and the end of the reply, where a stream writes and a conversation opens)
 * are parsed and laid out; the others stand in as empty boxes of their measured height, or of a
 * guess from their text until they are first shown. A 90,000-character reply otherwise costs
 * about a second of main thread to show, three times what the stream itself takes (bench/stream.ts).
 *
 * A part shown for the first time above the view changes its height from the guess: the view is
 * moved by the difference before the frame is painted, so what the reader looks at stays put.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The scrolling element a reply sits in (the message list); without one, replies render whole. */
export const ScrollRootContext = createContext<RefObject<HTMLElement | null> | null>(null);

/** Replies at least this long render in part. */
export const WINDOW_FROM = 12_000;

/**
 * The end of a reply that is always rendered, in view heights: where a stream writes and a
 * conversation opens, so neither waits a frame for the observer to show what is in view. More
 * than one, as the heights of parts not yet shown are guesses.
 */
const TAIL_VIEWS = 1.5;
/** The view's height until the observer has measured it. */
const VIEW_GUESS_PX = 1_200;

/** How far beyond the view parts are rendered ahead of the reader, in view heights. */
const AHEAD = '150%';

/** Heights of parts once shown, by source: a part shown again, or the reply opened again, stands in at its real height. */
const knownHeights = new Map<string, number>();
const KNOWN_MAX = 20_000;

function remember(source: string, height: number) {
  knownHeights.delete(source);
  knownHeights.set(source, height);
  if (knownHeights.size > KNOWN_MAX) knownHeights.delete(knownHeights.keys().next().value!);
}

/** A part's likely height before it is first shown: about 100 characters a 22-pixel line, code blocks' bars and padding. */
export function guessHeight(source: string): number {
  let lines = 0;
  for (const line of source.split('\n')) lines += 1 + Math.floor(line.length / 100);
  const fences = source.match(/^ {0,3}(```|~~~)/gm)?.length ?? 0;
  return lines * 22 + (fences / 2) * 48;
}

export interface ReplyWindow {
  /** Whether the reply renders in part. */
  windowed: boolean;
  /** Whether part `index` is rendered now (else it stands in at `standInHeight`). */
  rendered(index: number): boolean;
  standInHeight(source: string): number;
  /** The ref of every part's box, which carries `data-part={index}`. */
  partRef(element: HTMLElement | null): (() => void) | undefined;
}

/** Where the always-rendered end of the reply starts: its last part, and those before it up to `px` high. */
export function tailStart(parts: readonly string[], heightOf: (source: string) => number, px: number): number {
  let index = parts.length - 1;
  let height = index >= 0 ? heightOf(parts[index]) : 0;
  while (index > 0 && height < px) height += heightOf(parts[--index]);
  return Math.max(index, 0);
}

const standInHeight = (source: string) => knownHeights.get(source) ?? guessHeight(source);

/** `parts` windowed inside `root`'s view; with no root, every part is rendered. */
export function useReplyWindow(parts: readonly string[], windowed: boolean): ReplyWindow {
  const root = useContext(ScrollRootContext);
  const active = windowed && root !== null;
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());
  const [viewHeight, setViewHeight] = useState(VIEW_GUESS_PX);
  const boxes = useRef(new Set<HTMLElement>());
  const sizes = useRef(new WeakMap<Element, number>());
  const observers = useRef<{ intersection: IntersectionObserver; resize: ResizeObserver } | null>(null);
  // What the observers read of the latest render (they run after it is laid out).
  const partsRef = useRef(parts);
  const renderedRef = useRef<(index: number) => boolean>(() => true);

  // After the commit, when the list's scrolling element is attached (a part's ref can come first).
  useEffect(() => {
    const scroller = root?.current;
    if (!active || !scroller) return;
    const intersection = new IntersectionObserver(
      (entries) => {
        const view = entries[0]?.rootBounds?.height;
        if (view) setViewHeight(view);
        setNear((before) => {
          const after = new Set(before);
          for (const e of entries) {
            const index = Number((e.target as HTMLElement).dataset.part);
            if (e.isIntersecting) after.add(index);
            else after.delete(index);
          }
          return after.size === before.size && [...after].every((i) => before.has(i)) ? before : after;
        });
      },
      { root: scroller, rootMargin: `${AHEAD} 0px` },
    );
    const resize = new ResizeObserver((entries) => {
      for (const e of entries) {
        const box = e.target as HTMLElement;
        const height = e.borderBoxSize[0]?.blockSize ?? box.offsetHeight;
        const before = sizes.current.get(box);
        sizes.current.set(box, height);
        const index = Number(box.dataset.part);
        const source = partsRef.current[index];
        if (source !== undefined && renderedRef.current(index)) remember(source, height);
        // A part above the view that changed height moved everything the reader sees: move back.
        if (before !== undefined && height !== before && box.getBoundingClientRect().bottom <= scroller.getBoundingClientRect().top) {
          scroller.scrollTop += height - before;
        }
      }
    });
    observers.current = { intersection, resize };
    for (const box of boxes.current) {
      intersection.observe(box);
      resize.observe(box);
    }
    return () => {
      intersection.disconnect();
      resize.disconnect();
      observers.current = null;
    };
  }, [active, root]);

  const partRef = useCallback((box: HTMLElement | null) => {
    if (!box) return undefined;
    boxes.current.add(box);
    observers.current?.intersection.observe(box);
    observers.current?.resize.observe(box);
    return () => {
      boxes.current.delete(box);
      observers.current?.intersection.unobserve(box);
      observers.current?.resize.unobserve(box);
    };
  }, []);

  const tail = tailStart(parts, standInHeight, viewHeight * TAIL_VIEWS);
  const rendered = (index: number) => !active || index >= tail || near.has(index);
  useLayoutEffect(() => {
    partsRef.current = parts;
    renderedRef.current = rendered;
  });
  return { windowed: active, rendered, standInHeight, partRef };
}
