/**
 * Whether the first screen is usable: the tab a launch opens has drawn what it opens with and its
 * input takes typing (the Chat tab: the open conversation's newest messages and the composer, or
 * the empty state's "New conversation"). The tab raises it; app/ waits on it before anything that
 * would compete with that first screen for the network and the main thread, such as fetching the
 * other tabs' code in idle time (app/tab-registry.ts, preloadTabs; docs/performance-findings.md,
 * "Start-up on the real paths"). Here, in state/, so that a feature raises it and app/ reads it
 * without either importing the other (docs/architecture.md, "The renderer's layers").
 */

let ready = false;
const waiting = new Set<() => void>();

/** The first screen is usable. Raised once; later calls (another conversation opened) change nothing. */
export function raiseFirstScreenReady(): void {
  if (ready) return;
  ready = true;
  const then = [...waiting];
  waiting.clear();
  for (const task of then) task();
}

export const isFirstScreenReady = (): boolean => ready;

/**
 * Runs `task` once the first screen is usable, or after `fallbackMs` if nothing says so by then
 * (an error in its place, a first tab that raises nothing): what waits still happens, only later.
 * Returns a cancel.
 */
export function whenFirstScreenReady(task: () => void, fallbackMs: number): () => void {
  if (ready) {
    task();
    return () => undefined;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    waiting.delete(run);
    task();
  };
  const timer = setTimeout(run, fallbackMs);
  waiting.add(run);
  return () => {
    done = true;
    clearTimeout(timer);
    waiting.delete(run);
  };
}
