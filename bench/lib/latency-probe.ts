/**
 * The latency benchmark's pieces apart from its run: the page script that notes when each Gallery
 * tile first appears, the spec's fewest checks for a job, and the figures' statistics.
 */
import { SPEC_CADENCE } from '@host/tasks/cadence.js';
import { READ_EVENT_BODY } from './chat-probes.js';

/**
 * An init script: `window.__latencyTiles[title]` is the wall-clock time (ms since the epoch,
 * `performance.timeOrigin + performance.now()`) at which a Gallery cell with that title (the
 * item's prompt) first appeared. A MutationObserver sees every cell added, and every recycled
 * cell whose title changes, so the time is exact rather than rounded to a polling interval.
 * A plain string: see page-probes.ts for why.
 */
export const TILE_PROBE = `(() => {
  window.__latencyTiles = {};
  const note = (el) => {
    if (!(el instanceof Element)) return;
    const cells = el.matches('button.gallery-cell[title]') ? [el] : el.querySelectorAll('button.gallery-cell[title]');
    const at = performance.timeOrigin + performance.now();
    for (const cell of cells) {
      const title = cell.getAttribute('title');
      if (title && window.__latencyTiles[title] === undefined) window.__latencyTiles[title] = at;
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') note(r.target);
      else for (const n of r.addedNodes) note(n);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['title'] });
})();`;

/**
 * An init script for the breakdown of a tile's delay: `window.__latencyEvents[id]` is when the
 * page got the library's "added" event for item `id`, `window.__latencyLists` every
 * `library.list` call as [sent, answered], and `window.__latencyJobs[jobId]` when its first file
 * began saving (`start`) and was first seen whole (`got`, to within the 250 ms the saver's progress
 * events are spaced) (wall clock, as TILE_PROBE).
 */
export const STEP_PROBE = `(() => {
  window.__latencyEvents = {};
  window.__latencyLists = [];
  window.__latencyJobs = {};
  const wall = () => performance.timeOrigin + performance.now();
  const onEvent = (d) => {
    if (d && d.event === 'library.onDidChange' && d.payload && d.payload.id && window.__latencyEvents[d.payload.id] === undefined) window.__latencyEvents[d.payload.id] = wall();
    const dl = d && d.event === 'tasks.onDidChange' && d.payload && d.payload.downloads && d.payload.downloads[0];
    if (dl) {
      const j = (window.__latencyJobs[d.payload.id] ??= {});
      if (dl.state === 'downloading' && j.start === undefined) j.start = wall();
      if (dl.total > 0 && dl.received === dl.total && j.got === undefined) j.got = wall();
    }
  };
  // The page reads the host's events from a fetch body (renderer/src/api/event-stream.ts): a copy
  // of that body is read here as it arrives.
  const watch = (body) => (${READ_EVENT_BODY})(body, (data) => {
    try { onEvent(JSON.parse(data)); } catch {}
  });
  const f = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    if (url.includes('/api/events')) {
      const r = await f(input, init);
      if (!r.body) return r;
      const [page, copy] = r.body.tee();
      void watch(copy).catch(() => undefined);
      return new Response(page, { status: r.status, statusText: r.statusText, headers: r.headers });
    }
    if (!url.includes('/api/call/library.list')) return f(input, init);
    const entry = [wall(), 0];
    window.__latencyLists.push(entry);
    const r = await f(input, init);
    await r.clone().text();
    entry[1] = wall();
    return r;
  };
})();`;

/**
 * The fewest status checks the spec's cadence allows to learn that a job submitted at `from`
 * ended at `done`: the first 2 s after submission, then one every max interval until one comes
 * at or after the end (the polling scenario's rule, bench/polling.ts).
 */
export function fewestChecks(kind: 'image' | 'video', from: number, done: number): number {
  let checks = 1;
  for (let t = from + SPEC_CADENCE.firstCheckMs; t < done; t += SPEC_CADENCE[kind].maxIntervalMs) checks += 1;
  return checks;
}

/** The q-quantile (nearest rank) of the values; NaN when there are none. */
export function quantile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '—');
