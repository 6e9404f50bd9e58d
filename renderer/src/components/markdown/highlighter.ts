/**
 * The syntax highlighter (highlight.ts: lowlight and its grammars, about 80 kB) as a chunk of its
 * own, fetched in an idle period after the first screen: evaluating it, and highlighting the open
 * conversation's code blocks, held a returning creator's first screen up by about 30 ms
 * (docs/performance-findings.md, "Code is coloured after the first screen"). Until it is in, a
 * block shows its code plain: the same text in the same font, so nothing moves when the colours come.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { afterFirstScreen } from '../../state/after-first-screen.js';
import type { highlight as highlightCode } from './highlight.js';

export type Highlight = typeof highlightCode;

let loaded: Highlight | undefined;
let pending: Promise<unknown> | undefined;
let scheduled = false;
const listeners = new Set<() => void>();

/** The chunk's one import: the scheduled one's, and a test's that wants it in first. */
export function loadHighlighter(): Promise<unknown> {
  pending ??= import('./highlight.js').then(
    (m) => {
      loaded = m.highlight;
      for (const listener of listeners) listener();
    },
    (e: unknown) => {
      // The next block to need it asks again rather than replaying this failure; meanwhile, plain code.
      pending = undefined;
      scheduled = false;
      throw e;
    },
  );
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const current = () => loaded;

/** The highlighter once its chunk is in; the first block that needs it asks for it, after the first screen. */
export function useHighlighter(): Highlight | undefined {
  const highlight = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (highlight || scheduled) return;
    scheduled = true;
    afterFirstScreen(() => void loadHighlighter().catch(() => undefined));
  }, [highlight]);
  return highlight;
}
