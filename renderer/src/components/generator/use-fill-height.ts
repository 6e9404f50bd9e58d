/**
 * The results-first layout (form-layout.css, `.studio-layout`) fills the window below whatever is
 * above it (the top bar, a banner, the tab's intro, which wraps on a narrow window): its top, and
 * what follows it, are measured here and handed to the CSS as `--studio-top` and
 * `--studio-below`, so the form and the results each scroll on their own and the page itself does
 * not. Set from script, which the CSP allows.
 */
import { useLayoutEffect, type RefObject } from 'react';

/**
 * What the page keeps below the layout: its own bottom margin and the bottom padding and border
 * of each box around it, so the page ends at the window's bottom. Read from the styles, never
 * from how far the document scrolls: anything that overflows (a result, a hidden label placed
 * against the page) would otherwise count as space below, shrink the layout, and never let it
 * grow back, since the shrunk layout measures the same overflow again.
 */
function spaceBelow(el: HTMLElement): number {
  let below = parseFloat(getComputedStyle(el).marginBottom) || 0;
  for (let box = el.parentElement; box && box !== document.documentElement; box = box.parentElement) {
    const style = getComputedStyle(box);
    below += (parseFloat(style.paddingBottom) || 0) + (parseFloat(style.borderBottomWidth) || 0);
  }
  return Math.max(0, below);
}

export function useFillHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      // A hidden tab measures nothing: it keeps its last value until shown again.
      if (!el.offsetParent) return;
      const box = el.getBoundingClientRect();
      const top = Math.round(box.top + window.scrollY);
      const below = Math.round(spaceBelow(el));
      el.style.setProperty('--studio-top', `${top}px`);
      el.style.setProperty('--studio-below', `${below}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    // What sits above may change height (a banner comes or goes, the intro wraps differently).
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    const main = el.closest('main');
    if (main) observer?.observe(main);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
}
