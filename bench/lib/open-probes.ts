/**
 * Scripts the long-conversation benchmark runs inside the page (strings, as chat-probes.ts
 * explains): the moment a conversation opened from the sidebar is on screen, and a scroll from
 * the end of a virtualized list to its top.
 */
import { TAIL } from './chat-probes.js';
import { UNTIL_SHOWN } from './frame-probe.js';

export interface Opened { clickAt: number; paintedAt: number }

/**
 * Expression: arms the watch on opening a conversation from the sidebar; `window.__benchOpen`
 * then resolves with the times. It notes the click on a conversation in the sidebar (the event's
 * own time stamp), then checks each frame, after its layout and before it is drawn, until the
 * conversation `title` is open at its newest message: the row of message `count` of `count` in
 * view, with the view at its end, rendered (a reply as Markdown, nothing in it busy) down to its
 * last characters (`tail`, see textTail); and then for that to be painted (frame-probe.ts). With
 * `click: false` it waits for no click (the conversation the Chat tab opens by itself at start)
 * and `clickAt` is 0.
 */
export function armOpen(title: string, count: number, tail: string, { click = true, timeoutMs = 30_000 } = {}): string {
  return `(() => {
  const untilShown = ${UNTIL_SHOWN};
  ${TAIL}
  // Without a click to wait for (a conversation the Chat tab opens by itself), from navigation start.
  let clickAt = ${click ? 'undefined' : '0'};
  const onClick = (e) => {
    if (clickAt === undefined && e.target.closest('nav[aria-label="Conversation list"] button')) clickAt = e.timeStamp;
  };
  document.addEventListener('click', onClick, true);
  const missing = () => {
    if (![...document.querySelectorAll('h3')].some((h) => h.textContent === ${JSON.stringify(title)})) return 'its title';
    const scroll = document.querySelector('[role="region"][aria-label="Messages"]');
    const row = scroll && scroll.querySelector('[aria-posinset="${count}"][aria-setsize="${count}"]');
    if (!row) return 'its newest message';
    if (row.querySelector('[aria-busy="true"]') || (row.querySelector('article[data-status]') && !row.querySelector('.md'))) return 'the newest message rendered';
    const shown = shownTail(row.querySelector('.md') || row.querySelector('article'));
    if (shown !== ${JSON.stringify(tail)}) return 'its last characters ' + ${JSON.stringify(tail)} + ' (' + shown + ')';
    const view = scroll.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    if (box.bottom > view.bottom + 1 || box.bottom <= view.top) return 'the newest message in view';
    const gap = scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight;
    return gap <= 2 ? '' : 'the view at the end (' + gap + ' px above it)';
  };
  window.__benchOpen = new Promise((resolve, reject) => {
    let waitingFor = 'a click on a conversation';
    const timer = setTimeout(() => reject(new Error('the conversation did not open within ${timeoutMs / 1000} s: waiting for ' + waitingFor)), ${timeoutMs});
    const check = () => (clickAt === undefined ? 'a click on a conversation' : missing());
    untilShown(check, (waiting) => { waitingFor = waiting; }).then((paintedAt) => {
      document.removeEventListener('click', onClick, true);
      clearTimeout(timer);
      resolve({ clickAt, paintedAt });
    });
  });
  return true;
})()`;
}

/**
 * Expression: scrolls the element matching `selector` from its end to its top, `screens`
 * screenfuls per frame, and resolves with the number of frames. A virtualized list measures the
 * rows it meets and may move the top while it does, so it goes on until the top stays put for a
 * few frames.
 */
export function scrollToTop(selector: string, screens = 1): string {
  return `new Promise((resolve) => {
  const el = document.querySelector(${JSON.stringify(selector)});
  let frames = 0;
  let still = 0;
  const step = () => {
    if (el.scrollTop === 0 && ++still >= 5) return resolve(frames);
    if (el.scrollTop > 0) still = 0;
    el.scrollTop -= Math.max(1, Math.round(el.clientHeight * ${Number(screens)}));
    frames += 1;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;
}
