/**
 * The grid's justified rows (justified-layout.ts) for its shapes and width. A library of up to
 * SYNC_ITEMS is laid out in the render that needs it. A bigger one is laid out in a task of its
 * own, right after that render: at 100,000 items the layout (10 ms cold, and its garbage) and
 * the first rows drawn from it made one main-thread task of 50–80 ms as the Gallery opened
 * (docs/performance.md, "Opening a tab"). Until it comes, the grid shows the rows it had.
 */
import { useEffect, useMemo, useState } from 'react';
import { GAP, justify, ROW_HEIGHT, type JustifiedLayout } from './justified-layout.js';

const SYNC_ITEMS = 5_000;
const options = (width: number) => ({ width, targetHeight: ROW_HEIGHT, gap: GAP });

export function useJustifiedLayout(ratios: ArrayLike<number>, count: number, width: number): JustifiedLayout {
  const big = count > SYNC_ITEMS;
  const now = useMemo(() => (big ? undefined : justify(ratios, count, options(width))), [big, ratios, count, width]);
  const [later, setLater] = useState(() => justify(ratios, 0, options(width)));
  useEffect(() => {
    if (!big) return;
    const timer = setTimeout(() => setLater(justify(ratios, count, options(width))), 0);
    return () => clearTimeout(timer);
  }, [big, ratios, count, width]);
  return now ?? later;
}
