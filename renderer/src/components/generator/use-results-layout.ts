/**
 * What the Image and Video tabs share about their results (form-layout.css, `.studio-layout`):
 * the layout fills the window (useFillHeight), a new run is brought into view where the eye is
 * once it is on screen, without moving focus from the prompt, and any result opens in the
 * lightbox, which moves through the results the tab shows.
 */
import { useEffect, useRef, useState } from 'react';
import type { LibraryItemView } from '@shared/contract/library.js';
import { useFillHeight } from './use-fill-height.js';

export interface Viewing {
  items: LibraryItemView[];
  index: number;
}

/** `runs` is the tab's list of runs: each new value may hold the run to bring into view. */
export function useResultsLayout(runs: unknown) {
  const [viewing, setViewing] = useState<Viewing | null>(null);
  // The run to bring into view once it is on screen (a ref: showing it needs no render of its own).
  const reveal = useRef<string | null>(null);
  const results = useRef<HTMLDivElement>(null);
  const layout = useRef<HTMLDivElement>(null);
  useFillHeight(layout);

  useEffect(() => {
    const key = reveal.current;
    const el = key ? results.current?.querySelector(`[data-run="${CSS.escape(key)}"]`) : null;
    if (!el) return;
    reveal.current = null;
    el.scrollIntoView?.({ block: 'nearest' });
  }, [runs]);

  return {
    layout,
    results,
    viewing,
    /** The run (its `data-run`) to show as soon as it is rendered. */
    revealRun: (key: string) => {
      reveal.current = key;
    },
    /** Opens `item` among `items` (alone, when it is not one of them). */
    open: (items: LibraryItemView[], item: LibraryItemView) => {
      const index = items.findIndex((i) => i.id === item.id);
      setViewing(index < 0 ? { items: [item], index: 0 } : { items, index });
    },
    close: () => setViewing(null),
  };
}
