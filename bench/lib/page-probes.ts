/**
 * Scripts the browser benchmarks run inside the page. They are plain JavaScript strings on
 * purpose: tsx compiles functions with esbuild's keepNames, whose `__name(…)` helper does not
 * exist in the page, so a compiled function handed to Playwright would fail there. Strings are
 * evaluated through the DevTools protocol, which the pages' CSP (no eval) does not block.
 */

/**
 * "Interactive", concretely: the studio's tab list is rendered, the selected tab's panel is shown
 * and holds an enabled control (a button, text field or box the user can act on), and nothing in
 * it is still loading (no `aria-busy`, no "Loading…" placeholder such as the lazy tab's Suspense
 * fallback). It keys on ARIA roles, not on the Chat tab's markup, which changes often.
 */
const STUDIO_READY = `() => {
  const selected = document.querySelector('[role="tablist"] [role="tab"][aria-selected="true"]');
  const panel = selected && document.getElementById(selected.getAttribute('aria-controls') || '');
  if (!panel || panel.hidden) return false;
  if (panel.querySelector('[aria-busy="true"]') || /Loading…/.test(panel.textContent || '')) return false;
  return panel.querySelector('button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled])') !== null;
}`;

/** The minimal React page is interactive once its one button is there. */
const MINIMAL_READY = `() => document.querySelector('#root button:not([disabled])') !== null`;

export type PageKind = 'studio' | 'minimal';

/**
 * An init script (it runs before the page's own scripts) that stores in `window.__benchReadyAt`
 * the moment (ms after navigation start) the page first becomes interactive, and resolves the
 * promise `window.__benchReady` with it. A MutationObserver checks after every DOM change, so the
 * time is exact rather than rounded to a polling interval. (Playwright's waitForFunction would
 * compile its predicate in the page, which the studio's CSP forbids; awaiting a promise is not.)
 */
export function readyProbe(kind: PageKind): string {
  return `(() => {
  const ready = ${kind === 'studio' ? STUDIO_READY : MINIMAL_READY};
  let resolve;
  window.__benchReady = new Promise((r) => (resolve = r));
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt !== undefined || !ready()) return;
    window.__benchReadyAt = performance.now();
    performance.mark('bench-ready'); // an anchor for traces
    observer.disconnect();
    resolve(window.__benchReadyAt);
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;
}

/** An init script recording every main-thread task over 50 ms (the Long Tasks API) in `window.__benchLongTasks`. */
export const LONG_TASKS = `(() => {
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
})();`;

/**
 * Expression: the JS and CSS the page had loaded by `window.__benchReadyAt` (Resource Timing:
 * responses complete by then). A preload started in the very task that made the page
 * interactive arrives after, and did not hold interactivity up, so it is not counted.
 */
export const RESOURCES_BEFORE_READY = `performance.getEntriesByType('resource')
  .filter((e) => e.responseEnd <= window.__benchReadyAt && /\\.(js|css)$/.test(new URL(e.name).pathname))
  .map((e) => e.name)`;

/**
 * Expression: scrolls the element matching `selector` from top to bottom, `screens` screenfuls
 * per frame (1: a hard fling), and resolves with the number of frames it took.
 */
export function scrollToEnd(selector: string, screens = 1): string {
  return `new Promise((resolve) => {
  const el = document.querySelector(${JSON.stringify(selector)});
  let frames = 0;
  const step = () => {
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return resolve(frames);
    el.scrollTop += Math.max(1, Math.round(el.clientHeight * ${Number(screens)}));
    frames += 1;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;
}
