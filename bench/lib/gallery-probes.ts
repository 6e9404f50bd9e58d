/**
 * Scripts bench/gallery.ts runs inside the page (plain strings, for the reason given in
 * page-probes.ts).
 */

/**
 * Expression: a promise, started before the Gallery tab is clicked, that resolves with the
 * moment (performance.now()) the grid's first screenful is drawn: at least one cell in view, no
 * cell in view still waiting for its item, every thumbnail in view loaded and decoded, and then
 * one more frame, which is when those pictures reach the screen.
 */
export function thumbnailsDrawn(grid: string): string {
  return `new Promise((resolve) => {
  const check = async () => {
    const scroller = document.querySelector(${JSON.stringify(grid)});
    if (scroller) {
      const view = scroller.getBoundingClientRect();
      const inView = (el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > view.top && r.top < view.bottom && r.height > 0;
      };
      const cells = [...scroller.querySelectorAll('[role="listitem"]')].filter(inView);
      const images = [...scroller.querySelectorAll('.gallery-item img')].filter(inView);
      const waiting = cells.some((c) => c.getAttribute('aria-busy') === 'true');
      if (cells.length > 0 && images.length > 0 && !waiting && images.every((i) => i.complete && i.naturalWidth > 0)) {
        try {
          await Promise.all(images.map((i) => i.decode()));
          requestAnimationFrame(() => resolve({ at: performance.now(), images: images.length }));
          return;
        } catch {
          // A picture replaced meanwhile: look again next frame.
        }
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;
}
