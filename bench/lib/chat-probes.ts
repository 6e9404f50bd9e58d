/**
 * Scripts the chat benchmarks run inside the page, as strings for the reasons page-probes.ts
 * gives (no compiled functions in the page, no eval under its CSP). They speak the browser
 * shell's contract directly: `POST /api/call/<method>` (the cookie rides along, same origin, with
 * the tab's session secret) and `{ event, payload }` messages on the event stream `/api/events`.
 */
import { UNTIL_SHOWN } from './frame-probe.js';

/** The tab's session secret, where renderer/src/api/session.ts keeps it. */
const SESSION = `(sessionStorage.getItem('gateway-studio:session') || '').split('.')[0]`;

/** A contract call as the renderer's http.ts makes it; throws the error's message on failure. */
export const CALL = `async (method, input) => {
  const response = await fetch('/api/call/' + method, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Studio-Session': ${SESSION} }, body: JSON.stringify(input), credentials: 'same-origin',
  });
  const body = await response.json();
  if (!body.ok) throw new Error(method + ': ' + body.error.message);
  return body.value;
}`;

/**
 * Reads the shell's event stream from a fetch body, calling `onData` with each event's data, as
 * the studio reads them (renderer/src/api/event-stream.ts). Events are split at their blank lines
 * only: the shell writes each as one `data:` line.
 */
export const READ_EVENT_BODY = `async (body, onData) => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\\n\\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (block.startsWith('data: ')) onData(block.slice(6));
    }
  }
}`;

/**
 * The shell's events, opened on a fetch body and resolved once connected (so no event is missed):
 * `{ onmessage, close }`, each event as `{ data }`. Not by an EventSource: Chromium's costs the
 * page about 85 ms a megabyte, and a probe's own copy of a 10 MB stream was as costly as the studio's.
 */
export const OPEN_EVENTS = `() => (async () => {
  const controller = new AbortController();
  const response = await fetch('/api/events?session=' + encodeURIComponent(${SESSION}), { signal: controller.signal, cache: 'no-store' });
  if (!response.ok) throw new Error('the event stream did not open');
  const source = { onmessage: null, close: () => controller.abort() };
  (${READ_EVENT_BODY})(response.body, (data) => source.onmessage && source.onmessage({ data })).catch(() => undefined);
  return source;
})()`;

/**
 * The end of a reply as shown: its letters and digits only. Markdown's syntax is not on screen,
 * and text nodes of neighbouring elements join without the spaces between them. Buttons (a code
 * block's Copy), status regions and a code block's language label are the app's words, not the
 * reply's (a fence with no language yet is labelled "text"), so `replyTail` drops fences' info
 * strings from the source alike. Read backwards from the end, so a check costs the same at the
 * end of a long reply as of a short one.
 */
/** A fence line, its info string (the language) after the fence: kept as `$1` drops the info. */
const FENCE_LINE = String.raw`^( {0,3}(?:\x60{3,}|~{3,}))[^\n]*$`;

export const TAIL = `const alnum = (s) => s.replace(/[^A-Za-z0-9]+/g, '');
  const TAIL = 24;
  const replyTail = (source) => alnum(source.slice(-400).replace(new RegExp(${JSON.stringify(FENCE_LINE)}, 'gm'), '$1')).slice(-TAIL);
  const shownTail = (el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest('button, [role="status"], .md-code-lang') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    let text = '';
    for (let node = walker.lastChild(); node && text.length < TAIL; node = walker.previousNode()) text = alnum(node.data) + text;
    return text.slice(-TAIL);
  };`;

/** What `shownTail` reads at the end of a reply whose Markdown source is `text`. */
export function textTail(text: string): string {
  return text.slice(-400).replace(new RegExp(FENCE_LINE, 'gm'), '$1').replace(/[^A-Za-z0-9]+/g, '').slice(-24);
}

/** Expression: the contract's own `app.info` (the embedded sandbox's URL is in it). */
export const APP_INFO = `(${CALL})('app.info', {})`;

export interface RawStream { ms: number; firstMs: number; chars: number; events: number; outcome: string; finalChars: number }

/**
 * Expression: the stream without rendering. A new conversation, `chat.send` of `prompt`, and the
 * delta characters counted off the event stream until the one `chat.onDidEnd`; timed from the
 * send until that end.
 */
export function rawStream(prompt: string): string {
  return `(async () => {
  const call = ${CALL};
  const conversation = await call('chat.create', { title: 'Raw stream' });
  const source = await (${OPEN_EVENTS})();
  let chars = 0;
  let events = 0;
  let firstAt;
  const ended = new Promise((resolve) => {
    source.onmessage = (m) => {
      const { event, payload } = JSON.parse(m.data);
      if (!payload || payload.conversationId !== conversation.id) return;
      if (event === 'chat.onDidStream') {
        firstAt ??= performance.now();
        events += 1;
        for (const d of payload.deltas) chars += d.text.length;
      } else if (event === 'chat.onDidEnd') resolve(payload);
    };
  });
  const t0 = performance.now();
  await call('chat.send', { conversationId: conversation.id, text: ${JSON.stringify(prompt)} });
  const end = await ended;
  const ms = performance.now() - t0;
  source.close();
  // A long text is not repeated in the end (EndedMessage): its length stands for it.
  const choice = end.message.choices?.[0];
  return { ms, firstMs: firstAt - t0, chars, events, outcome: end.outcome, finalChars: choice?.text?.length ?? choice?.streamed ?? 0 };
})()`;
}

export interface UiStream { clickAt: number; firstAt: number; endAt: number; paintedAt: number; chars: number; outcome: string }

/**
 * Expression: arms the watch on a reply sent from the Chat tab's composer and resolves once it is
 * armed; `window.__benchStream` then resolves with the times. It notes the click on Send (the
 * event's own time stamp), waits for the stream's `chat.onDidEnd` on an event stream of its own,
 * then until the DOM shows the final state: the newest reply marked complete, nothing in it busy,
 * its Markdown rendered (not the plain fallback) and ending with the final text's last letters and digits, and
 * the conversation scrolled to its end, and then for that to be painted (frame-probe.ts).
 */
export const ARM_UI_STREAM = `(async () => {
  const source = await (${OPEN_EVENTS})();
  const untilShown = ${UNTIL_SHOWN};
  let clickAt;
  let firstAt;
  const joined = {};
  const onClick = (e) => {
    if (clickAt === undefined && e.target.closest('form[aria-label="New message"] button[type="submit"]')) clickAt = e.timeStamp;
  };
  document.addEventListener('click', onClick, true);
  ${TAIL}
  window.__benchStream = new Promise((resolve, reject) => {
    let waitingFor = 'the end of the stream';
    const timer = setTimeout(() => reject(new Error('the reply was not rendered within 180 s: waiting for ' + waitingFor)), 180000);
    source.onmessage = (m) => {
      const { event, payload } = JSON.parse(m.data);
      if (clickAt === undefined) return;
      if (event === 'chat.onDidStream') {
        firstAt ??= performance.now();
        // Joined as the studio joins them: a long reply's end does not repeat its text (EndedMessage).
        const texts = (joined[payload.messageId] ??= []);
        for (const d of payload.deltas) texts[d.choice] = (texts[d.choice] ?? '') + d.text;
      }
      if (event !== 'chat.onDidEnd') return;
      const endAt = performance.now();
      source.close();
      document.removeEventListener('click', onClick, true);
      const text = payload.message.choices?.[0]?.text ?? joined[payload.message.id]?.[0] ?? '';
      const want = replyTail(text);
      /** What the DOM does not show yet ('' once it shows the final reply). */
      const missing = () => {
        const scroll = document.querySelector('[data-testid="chat-scroll"]');
        const replies = scroll ? scroll.querySelectorAll('article[data-status]') : [];
        const reply = replies[replies.length - 1];
        if (!reply || reply.getAttribute('data-status') !== 'complete') return 'the reply marked complete';
        if (reply.querySelector('[aria-busy="true"]')) return 'nothing busy in the reply';
        const body = reply.querySelector('[data-testid="reply-text"] .md');
        if (!body) return 'the reply as Markdown';
        const shown = shownTail(body);
        if (shown !== want) return 'the text to end with ' + want + ' (it ends with ' + shown + ')';
        const gap = scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight;
        if (gap <= 2) return '';
        const left = [...document.querySelectorAll('button')].some((b) => /Jump to latest/.test(b.textContent));
        return 'the view at the end (' + gap + ' px above it' + (left ? ', the list no longer keeping to the latest)' : ')');
      };
      // Checked once a frame, after its layout: a check forces no layout of its own, where a
      // check on every DOM change would add one to the task that changed it.
      untilShown(missing, (waiting) => { waitingFor = waiting; }).then((paintedAt) => {
        clearTimeout(timer);
        resolve({ clickAt, firstAt, endAt, paintedAt, chars: text.length, outcome: payload.outcome });
      });
    };
  });
  return true;
})()`;

/** Expression: the long tasks (page-probes.ts LONG_TASKS) that started between two page times. */
export function longTasksBetween(from: number, to: number): string {
  return `window.__benchLongTasks.filter((t) => t.start >= ${from} && t.start <= ${to})`;
}
