/**
 * The Gallery's first screenful of thumbnails, asked for while its code still loads
 * (docs/performance-findings.md, "Opening a tab"). As soon as the first page and the media base have come,
 * every picture the grid will show in view is requested through an Image; the grid's own <img>
 * for the same address then finds it in the browser's memory cache, loaded or on its way, rather
 * than asking only once the tab's code has been evaluated, rendered and laid out.
 */
import type { LibraryItemView } from '@shared/contract/library.js';
import { ratioOf } from '@shared/contract/library-shape.js';
import { GAP, itemsWithin, justify, ROW_HEIGHT } from './justified-layout.js';
import { thumbSrc } from './media.js';

/** Long enough for the grid to mount and hold the pictures itself; then the Images are let go. */
const HOLD_MS = 10_000;
let held: unknown[] = [];

/** The thumbnails a grid of `width` × `height` px shows in view before any scrolling, in order. */
export function firstThumbnails(base: string, items: readonly LibraryItemView[], width: number, height: number): string[] {
  if (width <= 0 || height <= 0) return [];
  const ratios = items.map((item) => ratioOf(item.width, item.height));
  const layout = justify(ratios, items.length, { width, targetHeight: ROW_HEIGHT, gap: GAP });
  return items.slice(0, itemsWithin(layout, height)).flatMap((item) => thumbSrc(base, item) ?? []);
}

/**
 * The grid's size before it exists: the content area's width, and the height gallery.css gives
 * `.gallery-scroll` (max(320px, 100vh − 290px)), less its 4 px padding on each side.
 */
export function expectedGridSize(): { width: number; height: number } {
  const content = document.getElementById('main');
  const style = content && getComputedStyle(content);
  const padding = style ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) : 0;
  const width = (content?.clientWidth ?? window.innerWidth) - (padding || 0) - 8;
  return { width, height: Math.max(320, window.innerHeight - 290) - 8 };
}

const fetchImage = (url: string) => {
  const image = new Image();
  image.fetchPriority = 'high';
  image.decoding = 'async';
  image.src = url;
  return image;
};

/** Starts loading `urls` (each through `load`), kept from garbage collection for HOLD_MS. */
export function warmThumbnails(urls: readonly string[], load: (url: string) => unknown = fetchImage): void {
  const batch = urls.map(load);
  held = batch;
  setTimeout(() => {
    if (held === batch) held = [];
  }, HOLD_MS);
}
