/**
 * A long reply rendered in part, the way the message list renders a long conversation: only the
 * parts near the view (and the end of the reply, where a stream writes and a conversation opens)
 * are parsed and laid out; the others stand in as empty boxes of their measured height, or of a
 * guess from their text until they are first shown. A 90,000-character reply otherwise costs
 * about a second of main thread to show, three times what the stream itself takes (bench/stream.ts).
 *
 * A part shown for the first time that starts above the view changes its height from the guess:
 * the view is moved by the difference before the frame is painted, so what the reader looks at
 * stays put.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The scrolling list a reply sits in (the message list); without one, replies render whole. */
export interface ScrollRoot {
  element: RefObject<HTMLElement | null>;
  /**
   * Content above the view changed height by `px`: keep what the reader sees in place (or the
   * view at the end, if it keeps to the latest), without that move reading as the reader's own.
   */
  keepPlace(px: number): void;
  /** The view's height when the list was last laid out; 0 before that. */
  viewHeight(): number;
}

export const ScrollRootContext = createContext<ScrollRoot | null>(null);

/** Whether that list keeps to its end (the reader has not scrolled up from it). */
export const FollowingEndContext = createContext(true);

/** Replies at least this long render in part. */
export const WINDOW_FROM = 12_000;

/**
 * The end of a reply that is always rendered, in view heights: where a stream writes and a
 * conversation opens, so neither waits a frame for the observer to show what is in view. More
 * than one, as the heights of parts not yet shown are guesses.
 */
const TAIL_VIEWS = 1.5;
/** The view's height until the list or the observer has measured it. */
const VIEW_GUESS_PX = 1_200;

/**
 * Parts in the view render at once, always. Parts within IN_VIEW of it render at once too, except
 * while the reader follows a streaming reply's end (there they are new text on every frame:
 * rendered for the margin's sake, each frame of a fast stream parsed and laid out about twice what
 * the reader sees, bench/stream.ts). Parts within AHEAD render at the page's first idle moment
 * once the reply is whole: ready for a reader going up or down.
 */
const IN_VIEW = '25%';
const AHEAD = '150%';

/** Heights of parts once shown, by source: a part shown again, or the reply opened again, stands in at its real height. */
const knownHeights = new Map<string, number>();
/** Guesses by source, as every render asks for the parts at the end (the tail) and those standing in. */
const guesses = new Map<string, number>();
const HEIGHTS_KEPT = 20_000;

/** Sets `key` as the newest entry of `map`, dropping the oldest past HEIGHTS_KEPT (a Map keeps insertion order). */
function keep(map: Map<string, number>, key: string, value: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > HEIGHTS_KEPT) map.delete(map.keys().next().value!);
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

function standInHeight(source: string): number {
  const known = knownHeights.get(source) ?? guesses.get(source);
  if (known !== undefined) return known;
  const guess = guessHeight(source);
  keep(guesses, source, guess);
  return guess;
}

/** The parts an observer's entries say are within its margin, from those it said before. */
function updated(before: ReadonlySet<number>, entries: IntersectionObserverEntry[]): ReadonlySet<number> {
  const after = new Set(before);
  for (const e of entries) {
    const index = Number((e.target as HTMLElement).dataset.part);
    if (e.isIntersecting) after.add(index);
    else after.delete(index);
  }
  return after.size === before.size && [...after].every((i) => before.has(i)) ? before : after;
}

/**
 * Whether parts near the view but not in it may render: not while the reply streams (the stream
 * is what the reader watches, and the page is seldom idle then), and from the first idle moment
 * after; a reply that was never streamed here, at once.
 */
function useAheadAllowed(streaming: boolean, windowed: boolean): boolean {
  const [state, setState] = useState({ streaming, allowed: !streaming });
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (state.streaming !== streaming) setState({ streaming, allowed: false });
  useEffect(() => {
    if (!windowed || streaming || state.allowed) return;
    const id = requestIdleCallback(() => setState((s) => ({ ...s, allowed: true })));
    return () => cancelIdleCallback(id);
  }, [windowed, streaming, state.allowed]);
  return !streaming && state.allowed;
}

/** Where a part outside the reply's end is, and what the reply and its reader are doing. */
export interface PartPlace {
  /** In the view. */
  visible: boolean;
  /** Within IN_VIEW of the view. */
  inMargin: boolean;
  /** Within AHEAD of the view. */
  ahead: boolean;
  /** The reply is whole and the page has been idle since (or it was never streamed here). */
  idleSinceEnd: boolean;
  streaming: boolean;
  /** The list keeps to its end (the reader has not scrolled up). */
  following: boolean;
}

/**
 * Whether a part outside the reply's end renders now. While the reader follows a streaming reply's
 * end, and right after it ends, the margin waits for idle time with the parts ahead: the end's
 * frames should not wait for them. A reader who went up to read meanwhile has the margin at once
 * (those parts no longer change every frame).
 */
export function partShown(p: PartPlace): boolean {
  const margin = p.idleSinceEnd || (p.streaming && !p.following);
  return p.visible || (margin && p.inMargin) || (p.idleSinceEnd && p.ahead);
}

/** `parts` windowed inside `root`'s view; with no root, every part is rendered. */
export function useReplyWindow(parts: readonly string[], windowed: boolean, streaming: boolean): ReplyWindow {
  const root = useContext(ScrollRootContext);
  const following = useContext(FollowingEndContext);
  const active = windowed && root !== null;
  const [inView, setInView] = useState<ReadonlySet<number>>(() => new Set());
  const [visible, setVisible] = useState<ReadonlySet<number>>(() => new Set());
  const [ahead, setAhead] = useState<ReadonlySet<number>>(() => new Set());
  // The observer measures the view once the reply renders in part; until then, the list's last
  // measure. A fast reply becomes long in the render that ends it, before any observer: with the
  // guess, that render (which the reader waits for) parsed about three times what a 720-pixel
  // window shows (bench/stream.ts: 7 ms of the page's 74 per reply).
  const [observedHeight, setObservedHeight] = useState<number | undefined>(undefined);
  const viewHeight = observedHeight ?? (root?.viewHeight() || VIEW_GUESS_PX);
  const aheadAllowed = useAheadAllowed(streaming, active);
  const boxes = useRef(new Set<HTMLElement>());
  const sizes = useRef(new WeakMap<Element, number>());
  const observers = useRef<Array<IntersectionObserver | ResizeObserver>>([]);
  // The parts of the latest render, for the resize observer (it runs after that render is laid out).
  const partsRef = useRef(parts);

  // After the commit, when the list's scrolling element is attached (a part's ref can come first).
  useEffect(() => {
    const scroller = root?.element.current;
    if (!active || !scroller) return;
    const view = new IntersectionObserver(
      (entries) => {
        setObservedHeight(scroller.clientHeight);
        setInView((before) => updated(before, entries));
      },
      { root: scroller, rootMargin: `${IN_VIEW} 0px` },
    );
    const seen = new IntersectionObserver((entries) => setVisible((before) => updated(before, entries)), { root: scroller });
    let pending: IntersectionObserverEntry[] = [];
    let idle = 0;
    const near = new IntersectionObserver(
      (entries) => {
        pending.push(...entries);
        idle ||= requestIdleCallback(() => {
          idle = 0;
          const batch = pending;
          pending = [];
          setAhead((before) => updated(before, batch));
        });
      },
      { root: scroller, rootMargin: `${AHEAD} 0px` },
    );
    const resize = new ResizeObserver((entries) => {
      // Where each part starts is read before the view moves: one move for the whole batch.
      const viewTop = scroller.getBoundingClientRect().top;
      let moved = 0;
      for (const e of entries) {
        const box = e.target as HTMLElement;
        const height = e.borderBoxSize[0]?.blockSize ?? box.offsetHeight;
        const before = sizes.current.get(box);
        sizes.current.set(box, height);
        // A box standing in is empty; one with content is the part's real height.
        const source = partsRef.current[Number(box.dataset.part)];
        if (source !== undefined && box.childElementCount > 0) keep(knownHeights, source, height);
        // A part that starts above the view and changed height moved what the reader sees (all
        // below its end): move back. One that starts in the view moves only what follows it.
        if (before !== undefined && height !== before && box.getBoundingClientRect().top < viewTop) moved += height - before;
      }
      if (moved) root!.keepPlace(moved);
    });
    const all = [view, seen, near, resize];
    observers.current = all;
    for (const box of boxes.current) for (const o of all) o.observe(box);
    return () => {
      cancelIdleCallback(idle);
      for (const o of all) o.disconnect();
      observers.current = [];
    };
  }, [active, root]);

  const partRef = useCallback((box: HTMLElement | null) => {
    if (!box) return undefined;
    boxes.current.add(box);
    for (const o of observers.current) o.observe(box);
    return () => {
      boxes.current.delete(box);
      for (const o of observers.current) o.unobserve(box);
    };
  }, []);

  const tail = tailStart(parts, standInHeight, viewHeight * TAIL_VIEWS);
  const rendered = (index: number) =>
    !active ||
    index >= tail ||
    partShown({ visible: visible.has(index), inMargin: inView.has(index), ahead: ahead.has(index), idleSinceEnd: aheadAllowed, streaming, following });
  useLayoutEffect(() => {
    partsRef.current = parts;
  });
  return { windowed: active, rendered, standInHeight, partRef };
}
