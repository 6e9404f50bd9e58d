/**
 * A long reply rendered in part, the way the message list renders a long conversation: only the
 * parts near the view (and the end of the reply, where a stream writes and a conversation opens)
 * are parsed and laid out. Each run of parts between them stands in as one empty box, the sum of
 * their heights: measured for parts once shown, guessed from their text until then. A
 * 90,000-character reply otherwise costs about a second of main thread to show, three times what
 * the stream itself takes (bench/stream.ts); and a 10 MB reply is about 1,250 parts: a box (and
 * observers) for each made every scrolled frame long (bench/big-replies.ts).
 *
 * Which parts are near the view is worked out from where the view is in the reply and where each
 * part starts (a running sum of the heights), on every scroll of the list and whenever the reply
 * or a part shown changes size; never by observing each part.
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
 * conversation opens, so neither waits a frame for the view to be measured. More than one, as the
 * heights of parts not yet shown are guesses.
 */
const TAIL_VIEWS = 1.5;
/** The view's height until the list or the window has measured it. */
const VIEW_GUESS_PX = 1_200;

/**
 * Parts in the view render at once, always. Parts within IN_VIEW of it (a share of the view's
 * height, above and below) render at once too, except while the reader follows a streaming
 * reply's end (there they are new text on every frame: rendered for the margin's sake, each frame
 * of a fast stream parsed and laid out about twice what the reader sees, bench/stream.ts). Parts
 * within AHEAD render at the page's first idle moment once the reply is whole: ready for a reader
 * going up or down.
 */
const IN_VIEW = 0.25;
const AHEAD = 1.5;

/** Heights of parts once shown, by source: a part shown again, or the reply opened again, stands in at its real height. */
const knownHeights = new Map<string, number>();
/** Guesses by source, as every render asks for the heights of all parts. */
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
  // Read in place, by offsets: a 10 MB reply's guesses, split into lines and matched by a
  // regular expression, took 26 ms of its first render.
  let lines = 0;
  let fences = 0;
  for (let at = 0; at <= source.length; ) {
    let end = source.indexOf('\n', at);
    if (end < 0) end = source.length;
    lines += 1 + Math.floor((end - at) / 100);
    // A fence's marker: up to three spaces, then three backticks or tildes.
    let i = at;
    while (i < at + 3 && source.charCodeAt(i) === 32) i++;
    const c = source.charCodeAt(i);
    if ((c === 96 || c === 126) && source.charCodeAt(i + 1) === c && source.charCodeAt(i + 2) === c) fences++;
    at = end + 1;
  }
  return lines * 22 + (fences / 2) * 48;
}

function standInHeight(source: string): number {
  const known = knownHeights.get(source) ?? guesses.get(source);
  if (known !== undefined) return known;
  const guess = guessHeight(source);
  keep(guesses, source, guess);
  return guess;
}

/**
 * The heights of `parts`; the last one, while it streams, is new text every frame: guessed, not
 * kept (kept, a 10 MB stream would leave thousands of half-written parts in the maps).
 */
function heightsOf(parts: readonly string[], streaming: boolean): number[] {
  return parts.map((source, i) => (streaming && i === parts.length - 1 ? guessHeight(source) : standInHeight(source)));
}

/**
 * Where the always-rendered end of the reply starts: its last part, and those before it up to
 * `px` high (`starts`: where each part starts, startsOf).
 */
export function tailStart(starts: Float64Array, px: number): number {
  const n = starts.length - 1;
  let index = n - 1;
  while (index > 0 && starts[n] - starts[index] < px) index--;
  return Math.max(index, 0);
}

/** Where each part starts in the reply, and (last) where the reply ends: a running sum of `heights`. */
export function startsOf(heights: readonly number[]): Float64Array {
  const starts = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) starts[i + 1] = starts[i] + heights[i];
  return starts;
}

/** The parts between `from` and `to` pixels from the reply's top, first to last (`last < first`: none). */
export interface Span {
  first: number;
  last: number;
}
const NONE: Span = { first: 0, last: -1 };
const NO_STARTS = new Float64Array(1);

/** The parts that overlap `from`…`to`, found by halving `starts` (startsOf). */
export function spanOf(starts: Float64Array, from: number, to: number): Span {
  const n = starts.length - 1;
  if (n <= 0 || to <= 0 || from >= starts[n] || to <= from) return NONE;
  // The first part that ends after `from`, then the last that starts before `to`.
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid + 1] > from) hi = mid;
    else lo = mid + 1;
  }
  const first = lo;
  hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] < to) lo = mid;
    else hi = mid - 1;
  }
  return { first, last: lo };
}

const within = (span: Span, index: number) => index >= span.first && index <= span.last;
const sameSpan = (a: Span, b: Span) => a.first === b.first && a.last === b.last;

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

/**
 * What the reply renders, in order: a part (its index), or a run of parts standing in as one
 * empty box (`from` to `to`, exclusive, `height` their summed heights).
 */
export type Run = { index: number } | { from: number; to: number; height: number };

/** Runs of `count` parts, those `rendered` alone and each stretch of the others as one stand-in. */
export function runsOf(count: number, rendered: (index: number) => boolean, starts: Float64Array): Run[] {
  const runs: Run[] = [];
  let from = -1;
  for (let i = 0; i <= count; i++) {
    const shown = i === count || rendered(i);
    if (!shown && from < 0) from = i;
    if (shown && from >= 0) {
      runs.push({ from, to: i, height: starts[i] - starts[from] });
      from = -1;
    }
    if (i < count && shown) runs.push({ index: i });
  }
  return runs;
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

export interface ReplyWindow {
  /** Whether the reply renders in part. */
  windowed: boolean;
  /** What to render, in order, when windowed. */
  runs: Run[];
  /** The ref of the box that holds the reply's parts. */
  replyRef(element: HTMLElement | null): (() => void) | undefined;
  /** The height part `index` stood in at (for its box's `data-stood`). */
  heightOf(index: number): number;
  /** The ref of every rendered part's box, which carries `data-part={index}` (and `data-stood`, windowed). */
  partRef(element: HTMLElement | null): (() => void) | undefined;
}

/** Where the reader is in a reply: the parts in view, in the margin, and ahead; and the view's height. */
interface Place {
  view: Span;
  margin: Span;
  ahead: Span;
  height: number | undefined;
}

/** `parts` windowed inside `root`'s view; with no root, every part is rendered. */
export function useReplyWindow(parts: readonly string[], windowed: boolean, streaming: boolean): ReplyWindow {
  const root = useContext(ScrollRootContext);
  const following = useContext(FollowingEndContext);
  const active = windowed && root !== null;
  const [place, setPlace] = useState<Place>({ view: NONE, margin: NONE, ahead: NONE, height: undefined });
  // The window measures the view once the reply renders in part; until then, the list's last
  // measure. A fast reply becomes long in the render that ends it, before any measure: with the
  // guess, that render (which the reader waits for) parsed about three times what a 720-pixel
  // window shows (bench/stream.ts: 7 ms of the page's 74 per reply).
  const viewHeight = place.height ?? (root?.viewHeight() || VIEW_GUESS_PX);
  const aheadAllowed = useAheadAllowed(streaming, active);
  const reply = useRef<HTMLElement | null>(null);
  const boxes = useRef(new Set<HTMLElement>());
  /** Each shown part's box's height when last seen: at first, the height it stood in at. */
  const sizes = useRef(new WeakMap<Element, number>());
  const resize = useRef<ResizeObserver | null>(null);

  // Where each part starts, from the heights known now (a running sum: a few thousand map
  // lookups at most, so worked out on every render rather than kept).
  const starts = active ? startsOf(heightsOf(parts, streaming)) : NO_STARTS;
  const live = useRef(streaming);
  const partsRef = useRef(parts);

  // After the commit, when the list's scrolling element is attached.
  useEffect(() => {
    const scroller = root?.element.current;
    if (!active || !scroller) return;
    let idle = 0;
    let aheadWanted = NONE;
    /** Where the view is in the reply, from the geometry the browser has laid out. */
    const measure = () => {
      const box = reply.current;
      if (!box) return;
      const view = scroller.getBoundingClientRect();
      const height = scroller.clientHeight;
      const top = view.top - box.getBoundingClientRect().top;
      const s = startsOf(heightsOf(partsRef.current, live.current));
      const span = (share: number) => spanOf(s, top - share * height, top + height + share * height);
      const viewSpan = span(0);
      const margin = span(IN_VIEW);
      aheadWanted = span(AHEAD);
      setPlace((p) => (sameSpan(p.view, viewSpan) && sameSpan(p.margin, margin) && p.height === height ? p : { ...p, view: viewSpan, margin, height }));
      // The parts ahead wait for an idle moment: a reader scrolling fast does not wait for them.
      idle ||= requestIdleCallback(() => {
        idle = 0;
        const ahead = aheadWanted;
        setPlace((p) => (sameSpan(p.ahead, ahead) ? p : { ...p, ahead }));
      });
    };
    const observer = new ResizeObserver((entries) => {
      // Where each part starts is read before the view moves: one move for the whole batch.
      const viewTop = scroller.getBoundingClientRect().top;
      let moved = 0;
      for (const e of entries) {
        const box = e.target as HTMLElement;
        if (box === reply.current) continue;
        const height = e.borderBoxSize[0]?.blockSize ?? box.offsetHeight;
        const before = sizes.current.get(box);
        sizes.current.set(box, height);
        const index = Number(box.dataset.part);
        const source = partsRef.current[index];
        const growing = live.current && index === partsRef.current.length - 1;
        if (source !== undefined && !growing && knownHeights.get(source) !== height) {
          keep(knownHeights, source, height);
        }
        // A part that starts above the view and changed height moved what the reader sees (all
        // below its end): move back. One that starts in the view moves only what follows it.
        if (before !== undefined && height !== before && box.getBoundingClientRect().top < viewTop) moved += height - before;
      }
      if (moved) root!.keepPlace(moved);
      measure();
    });
    resize.current = observer;
    if (reply.current) observer.observe(reply.current);
    for (const box of boxes.current) observer.observe(box);
    scroller.addEventListener('scroll', measure, { passive: true });
    return () => {
      cancelIdleCallback(idle);
      scroller.removeEventListener('scroll', measure);
      observer.disconnect();
      resize.current = null;
    };
  }, [active, root]);

  const replyRef = useCallback((box: HTMLElement | null) => {
    reply.current = box;
    if (!box) return undefined;
    resize.current?.observe(box);
    return () => {
      resize.current?.unobserve(box);
      if (reply.current === box) reply.current = null;
    };
  }, []);

  const partRef = useCallback(
    (box: HTMLElement | null) => {
      if (!box) return undefined;
      boxes.current.add(box);
      // A part shown in place of a stand-in (the window was there before it): the height it
      // stood in at (`data-stood`, from the render that shows it) is what its first measure is
      // compared with. The parts of a reply just added to the page moved nothing yet.
      const stood = Number(box.dataset.stood);
      if (resize.current && Number.isFinite(stood)) sizes.current.set(box, stood);
      resize.current?.observe(box);
      return () => {
        boxes.current.delete(box);
        resize.current?.unobserve(box);
      };
    },
    [],
  );

  useLayoutEffect(() => {
    partsRef.current = parts;
    live.current = streaming;
  });

  const heightOf = (index: number) => starts[index + 1] - starts[index];
  if (!active) return { windowed: false, runs: [], heightOf, replyRef, partRef };
  const tail = tailStart(starts, viewHeight * TAIL_VIEWS);
  const rendered = (index: number) =>
    index >= tail ||
    partShown({
      visible: within(place.view, index),
      inMargin: within(place.margin, index),
      ahead: within(place.ahead, index),
      idleSinceEnd: aheadAllowed,
      streaming,
      following,
    });
  return { windowed: true, runs: runsOf(parts.length, rendered, starts), heightOf, replyRef, partRef };
}
