/**
 * Scripts of the side-by-side benchmark (bench/chat-compare.ts), run inside the page as strings
 * for the reasons chat-probes.ts gives: one message to several models at once, consumed through
 * the contract with nothing rendered (raw), or sent from the Chat tab's composer and watched until
 * every column shows its whole reply (UI).
 */
import { CALL, OPEN_EVENTS, TAIL } from './chat-probes.js';
import { UNTIL_SHOWN } from './frame-probe.js';

export interface CompareTarget { model: string; api: 'chat' | 'responses' | 'native' }
export interface RawCompare { ms: number; chars: number; outcomes: string[] }
export interface UiCompare { clickAt: number; endAt: number; paintedAt: number; chars: number; outcomes: string[] }

/** Expression: a new conversation, `chat.sendMany` of `prompt`, timed until every reply's `chat.onDidEnd`. */
export function rawCompare(prompt: string, targets: readonly CompareTarget[]): string {
  return `(async () => {
  const call = ${CALL};
  const conversation = await call('chat.create', { title: 'Raw compare' });
  const source = await (${OPEN_EVENTS})();
  let chars = 0;
  const ends = [];
  const ended = new Promise((resolve) => {
    source.onmessage = (m) => {
      const { event, payload } = JSON.parse(m.data);
      if (!payload || payload.conversationId !== conversation.id) return;
      if (event === 'chat.onDidStream') for (const d of payload.deltas) chars += d.text.length;
      else if (event === 'chat.onDidEnd' && ends.push(payload) === ${targets.length}) resolve();
    };
  });
  const t0 = performance.now();
  await call('chat.sendMany', { conversationId: conversation.id, text: ${JSON.stringify(prompt)}, targets: ${JSON.stringify(targets)} });
  await ended;
  const ms = performance.now() - t0;
  source.close();
  return { ms, chars, outcomes: ends.map((e) => e.outcome) };
})()`;
}

/**
 * Expression: arms the watch on a compared message sent from the composer; `window.__benchCompare`
 * then resolves with the times: the click on Send, the last reply's end, and the frame painted
 * once every column is marked complete with its Markdown ending in a reply's last letters.
 */
export function armUiCompare(count: number): string {
  return `(async () => {
  const source = await (${OPEN_EVENTS})();
  const untilShown = ${UNTIL_SHOWN};
  let clickAt;
  const joined = {};
  const ends = [];
  const onClick = (e) => {
    if (clickAt === undefined && e.target.closest('form[aria-label="New message"] button[type="submit"]')) clickAt = e.timeStamp;
  };
  document.addEventListener('click', onClick, true);
  ${TAIL}
  window.__benchCompare = new Promise((resolve, reject) => {
    let waitingFor = 'the ends of the streams';
    const timer = setTimeout(() => reject(new Error('the replies were not rendered within 180 s: waiting for ' + waitingFor)), 180000);
    source.onmessage = (m) => {
      const { event, payload } = JSON.parse(m.data);
      if (clickAt === undefined) return;
      if (event === 'chat.onDidStream') {
        const texts = (joined[payload.messageId] ??= []);
        for (const d of payload.deltas) texts[d.choice] = (texts[d.choice] ?? '') + d.text;
      }
      if (event !== 'chat.onDidEnd' || ends.push(payload) < ${count}) return;
      const endAt = performance.now();
      source.close();
      document.removeEventListener('click', onClick, true);
      const texts = ends.map((e) => e.message.choices?.[0]?.text ?? joined[e.message.id]?.[0] ?? '');
      const wants = texts.map(replyTail);
      const missing = () => {
        const columns = [...document.querySelectorAll('[data-testid="chat-scroll"] section[data-version]')];
        if (columns.length !== ${count}) return ${count} + ' columns (' + columns.length + ' shown)';
        for (const column of columns) {
          if (column.getAttribute('data-status') !== 'complete') return 'every column marked complete';
          const body = column.querySelector('[data-testid="reply-text"] .md');
          if (!body) return 'every column as Markdown';
          // A long reply's blocks out of view are not drawn (reply-window.ts): its last block may be all there is of it.
          const shown = shownTail(body);
          if (!wants.some((want) => want === shown || (shown.length >= 8 && want.endsWith(shown)))) return 'every column at its end (one ends with ' + shown + ')';
        }
        return '';
      };
      untilShown(missing, (waiting) => { waitingFor = waiting; }).then((paintedAt) => {
        clearTimeout(timer);
        resolve({ clickAt, endAt, paintedAt, chars: texts.reduce((n, t) => n + t.length, 0), outcomes: ends.map((e) => e.outcome) });
      });
    };
  });
  return true;
})()`;
}
