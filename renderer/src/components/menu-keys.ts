/**
 * The keys of a small action menu (role="menu"), as the WAI-ARIA menu pattern has them: arrows,
 * Home and End move among its entries (round the ends), Escape closes it with focus back on its
 * button, Tab closes it and moves on. Keys stay in the menu: a grid or a list around it would
 * otherwise act on them too.
 */
import type { KeyboardEvent } from 'react';

export function menuKeyDown(e: KeyboardEvent, entries: readonly HTMLElement[], close: (refocus: boolean) => void): void {
  const now = entries.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: (now + 1) % entries.length, ArrowUp: (now - 1 + entries.length) % entries.length, Home: 0, End: entries.length - 1 }[e.key];
  e.stopPropagation();
  if (to !== undefined) {
    e.preventDefault();
    entries[to]?.focus();
  } else if (e.key === 'Escape') {
    // The menu is closed, not the dialog it may sit in.
    e.preventDefault();
    close(true);
  } else if (e.key === 'Tab') close(false);
}
