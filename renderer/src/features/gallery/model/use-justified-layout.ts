/**
 * The grid's justified rows (justified-layout.ts) for its shapes and width. The first FIRST_ITEMS
 * are laid out in the render that needs them, so the first rows are drawn with it; a bigger
 * library's rest follows a slice of SLICE_ITEMS per task, and the grid takes the whole layout
 * once it is done. At 100,000 items the whole layout (10–40 ms cold) in one task made the
 * first rows wait for it, and then for a render of 20,000 rows' sizes, before any was drawn
 * (docs/performance-findings.md, "Opening a tab"). Until the rest comes, the grid holds the first rows.
 */
import { useEffect, useMemo, useState } from 'react';
import { GAP, ROW_HEIGHT, startLayout, type JustifiedLayout, type LayoutRun } from './justified-layout.js';

/** Far more than any screen shows, and laid out in a millisecond or two even cold. */
export const FIRST_ITEMS = 5_000;
const SLICE_ITEMS = 20_000;
const options = (width: number) => ({ width, targetHeight: ROW_HEIGHT, gap: GAP });

export function useJustifiedLayout(ratios: ArrayLike<number>, count: number, width: number): JustifiedLayout {
  const { run, first } = useMemo(() => {
    const started = startLayout(ratios, count, options(width));
    started.advance(FIRST_ITEMS);
    return { run: started, first: started.layout() };
  }, [ratios, count, width]);
  const [whole, setWhole] = useState<{ run: LayoutRun; layout: JustifiedLayout }>();
  useEffect(() => {
    if (run.done) return;
    let timer: ReturnType<typeof setTimeout>;
    const slice = () => {
      if (run.advance(SLICE_ITEMS)) setWhole({ run, layout: run.layout() });
      else timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [run]);
  return whole?.run === run ? whole.layout : first;
}
