/**
 * Scripts bench/startup-paths.ts puts in the page (strings, as page-probes.ts explains): when the
 * first screen's input is usable on each real start-up path, and what the page had loaded by a
 * given moment. They check after every DOM change and read no geometry: a probe that read layout
 * in every frame (open-probes.ts's) changed the order of the message list's own size handling at
 * a cold start, and the list, keeping to its end, lost it (docs/performance-findings.md,
 * "Start-up on the real paths"). Whether the view did end at the newest message is read once,
 * seconds later (AT_END).
 */
import { TAIL } from './chat-probes.js';

/**
 * The Chat composer's text field in the shown tab's panel, when a user can type into it: there,
 * enabled, writable, laid out (so focusable), and not inside anything inert, hidden or busy.
 */
const COMPOSER = `() => {
  const selected = document.querySelector('[role="tablist"] [role="tab"][aria-selected="true"]');
  const panel = selected && document.getElementById(selected.getAttribute('aria-controls') || '');
  if (!panel || panel.hidden) return null;
  const box = panel.querySelector('form textarea');
  if (!box || box.disabled || box.readOnly || box.tabIndex < 0) return null;
  return box.closest('[hidden], [inert], [aria-hidden="true"], [aria-busy="true"]') ? null : box;
}`;

/** A first run's Chat tab has no conversation: its empty state's "New conversation" button, enabled. */
const EMPTY_STATE_ACTION = `() => {
  const selected = document.querySelector('[role="tablist"] [role="tab"][aria-selected="true"]');
  const panel = selected && document.getElementById(selected.getAttribute('aria-controls') || '');
  if (!panel || panel.hidden) return null;
  const button = panel.querySelector('.chat-empty button:not([disabled])');
  return button && !button.closest('[hidden], [inert], [aria-hidden="true"]') ? button : null;
}`;

export interface FirstRun {
  /** ms from navigation start (the sign-in link's request) until the empty state's action was usable. */
  actionAt: number;
  /** … until the composer of the conversation that action made was usable (the action taken at once). */
  composerAt: number;
}

/**
 * Init script for the first run: `window.__benchFirstRun` resolves with FirstRun. As soon as the
 * empty state's "New conversation" is usable the script presses it, as a user who wants to type
 * would, then waits for the composer. Checked after every DOM change (a MutationObserver), as
 * page-probes.ts's readiness is, so the minimal page's figure is taken the same way.
 */
export const FIRST_RUN_PROBE = `(() => {
  const composer = ${COMPOSER};
  const action = ${EMPTY_STATE_ACTION};
  let actionAt;
  let resolve;
  window.__benchFirstRun = new Promise((r) => (resolve = r));
  const observer = new MutationObserver(() => {
    if (actionAt === undefined) {
      const button = action();
      if (button) {
        actionAt = performance.now();
        button.click();
        return;
      }
    }
    if (!composer()) return;
    const composerAt = performance.now();
    observer.disconnect();
    resolve({ actionAt: actionAt ?? composerAt, composerAt });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;

export interface Returning {
  /** ms from navigation start until the conversation's newest message was rendered (in the DOM) down to its last characters. */
  shownAt: number;
  /** … until the composer was usable. */
  composerAt: number;
}

/**
 * Init script for a returning user: `window.__benchReturning` resolves with Returning once the
 * conversation `title` is open with its message `count` of `count` rendered (a reply as Markdown,
 * nothing in it busy) down to `tail` (chat-probes.ts, textTail), and the composer usable.
 */
export function returningProbe(title: string, count: number, tail: string): string {
  return `(() => {
  const composer = ${COMPOSER};
  ${TAIL}
  const shown = () => {
    if (![...document.querySelectorAll('h3')].some((h) => h.textContent === ${JSON.stringify(title)})) return false;
    const row = document.querySelector('[role="region"][aria-label="Messages"] [aria-posinset="${count}"][aria-setsize="${count}"]');
    if (!row || row.querySelector('[aria-busy="true"]') || (row.querySelector('article[data-status]') && !row.querySelector('.md'))) return false;
    return shownTail(row.querySelector('.md') || row.querySelector('article')) === ${JSON.stringify(tail)};
  };
  let shownAt;
  let composerAt;
  let resolve;
  window.__benchReturning = new Promise((r) => (resolve = r));
  const observer = new MutationObserver(() => {
    if (shownAt === undefined && shown()) shownAt = performance.now();
    if (composerAt === undefined && composer()) composerAt = performance.now();
    if (shownAt === undefined || composerAt === undefined) return;
    observer.disconnect();
    resolve({ shownAt, composerAt });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;
}

/** Expression: px between the message list's view and its end (0 or 1: the newest message in view). */
export const AT_END = `(() => {
  const el = document.querySelector('[role="region"][aria-label="Messages"]');
  return el ? el.scrollHeight - el.scrollTop - el.clientHeight : -1;
})()`;

/** Init script: room for every request of a start-up and the 5 s after it (the default keeps 250). */
export const RESOURCE_BUFFER = `performance.setResourceTimingBufferSize(5000);`;

export interface Loaded {
  /** The page's own files (document, scripts, styles, fonts, icons): everything but API calls and media. */
  files: number;
  /** Their bytes on the wire (the document's included). */
  bytes: number;
}

/** Expression: the files the page had received by `atMs` (ms from navigation start), Resource Timing's responseEnd. */
export function loadedBy(atMs: number): string {
  return `(() => {
  const files = performance.getEntriesByType('resource')
    .filter((e) => e.responseEnd > 0 && e.responseEnd <= ${Number(atMs)} && !/^\\/(api|media)\\//.test(new URL(e.name).pathname));
  const nav = performance.getEntriesByType('navigation')[0];
  return { files: files.length + 1, bytes: files.reduce((n, e) => n + e.transferSize, 0) + (nav ? nav.transferSize : 0) };
})()`;
}
