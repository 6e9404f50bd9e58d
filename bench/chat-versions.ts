/**
 * Switching versions in a long conversation (docs/chat-versions.md): a conversation of 2,000
 * messages whose last reply has two versions, and whose first reply has two versions each with a
 * whole branch of ~2,000 messages below it, written before the studio starts with the host's own
 * store. In Chromium, from the press on ‹ or › (the event's own time stamp) until the other
 * version's text is painted in that turn's row (frame-probe.ts says exactly when):
 *   - the last reply's versions (what Regenerate at the end of a conversation makes), median of
 *     --runs switches back and forth;
 *   - the first reply's versions, each switch replacing the ~2,000 messages below it (the page is
 *     answered the rows in view first, and reads the rest when idle).
 * Budget: each median ≤ 50 ms. Also the host's own time for `chat.switchVersion` (information).
 *   npx tsx bench/chat-versions.ts [--runs 9] [--messages 2000]
 */
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import type { ChatMessageView } from '@shared/contract/chat.js';
import { benchRun } from './lib/bench-run.js';
import { networkIdle } from './lib/chromium.js';
import { longConversation, writeConversations } from './lib/conversation-fixture.js';
import { scrollToTop } from './lib/open-probes.js';
import { UNTIL_SHOWN } from './lib/frame-probe.js';
import type { StoredMessage } from '../host/chat/versions.js';
import { median } from './lib/median.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, messages: { type: 'string', default: '2000' } } });
const RUNS = Number(values.runs);
const COUNT = Number(values.messages);
const BUDGET_MS = 50;
/** The rows the page asks a switch for (renderer/src/features/chat/model/opening.ts, OPENING_MESSAGES). */
const OPENING_MESSAGES = 40;
const ID = 'bench-versions';
const TITLE = `Versions in a long conversation (${COUNT} messages)`;

/** A reply turn whose text starts with `mark`, a word the probe looks for. */
const reply = (m: ChatMessageView, id: string, mark: string): StoredMessage =>
  ({ ...m, id, choices: [{ text: `${mark}: one of two versions of this reply, each with a paragraph of its own.`, finishReason: 'stop' }] });

/** The long conversation with two versions of its first reply (each with a whole branch) and of its last. */
function conversationWithVersions() {
  const c = longConversation(ID, TITLE, COUNT, Date.now());
  const m = c.messages as StoredMessage[];
  const other = longConversation('other', 'other', COUNT, Date.now(), 23).messages.slice(1).map((x, i) => ({ ...x, id: `b${i}` }));
  m[1] = { ...reply(m[1], 'first-b', 'FIRSTB'), versions: { shown: 1, count: 2 }, otherVersions: [[reply(other[0], 'first-a', 'FIRSTA'), ...other.slice(1)]] };
  const last = m.length - 1;
  m[last] = { ...reply(m[last], 'last-b', 'LASTB'), versions: { shown: 1, count: 2 }, otherVersions: [[reply(m[last], 'last-a', 'LASTA')]] };
  return c;
}

/**
 * Presses ‹ or › on the row at `posinset` and resolves with the ms from the press until that row
 * shows `mark`, painted.
 */
async function switchOnce(page: Page, posinset: number, button: 'Previous version' | 'Next version', mark: string): Promise<number> {
  const row = page.locator(`[aria-posinset="${posinset}"]`);
  const pager = row.getByRole('button', { name: button });
  // Pressable once the whole conversation is in the page (opening.ts) and no switch is under way.
  while (!(await pager.isEnabled())) await page.waitForTimeout(20);
  await pager.focus();
  await page.evaluate(`(() => {
    const untilShown = ${UNTIL_SHOWN};
    window.__benchSwitch = new Promise((resolve) => {
      document.addEventListener('keydown', (e) => {
        const at = e.timeStamp;
        untilShown(() => {
          const r = document.querySelector('[aria-posinset="${posinset}"] .md');
          return r && r.textContent.startsWith(${JSON.stringify(mark)}) ? '' : 'the other version';
        }).then((paintedAt) => resolve(paintedAt - at));
      }, { capture: true, once: true });
    });
  })()`);
  await page.keyboard.press('Enter');
  return Number(await page.evaluate('window.__benchSwitch'));
}

await benchRun('chat-versions', async (run) => {
  await writeConversations(run.dataDir, [conversationWithVersions()]);
  const { page, session } = await run.studioPage(await run.shell());
  /** The contract with the page's own session, as the page calls it. */
  const api = async (method: string, input: unknown) => {
    const r = await fetch(`${session.origin}/api/call/${method}`, { method: 'POST', headers: { ...session.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
    const body = (await r.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
    return body.value;
  };
  await page.getByRole('heading', { level: 3, name: TITLE }).waitFor();
  await page.locator(`[aria-posinset="${COUNT}"] .md`).filter({ hasText: 'LASTB' }).waitFor();
  // The rest of the conversation is asked for once its newest messages are drawn.
  await networkIdle(page);

  const lasts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    lasts.push(await switchOnce(page, COUNT, 'Previous version', 'LASTA'));
    await page.waitForTimeout(200);
    lasts.push(await switchOnce(page, COUNT, 'Next version', 'LASTB'));
    await page.waitForTimeout(200);
  }
  await page.evaluate(scrollToTop('[role="region"][aria-label="Messages"]'));
  await page.locator('[aria-posinset="2"] .md').filter({ hasText: 'FIRSTB' }).waitFor();
  const firsts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    firsts.push(await switchOnce(page, 2, 'Previous version', 'FIRSTA'));
    await page.waitForTimeout(300);
    firsts.push(await switchOnce(page, 2, 'Next version', 'FIRSTB'));
    await page.waitForTimeout(300);
  }
  // The host alone: the call's round trip from a client, no page, asked as the page asks it.
  const calls: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const to of [0, 1]) {
      const t0 = performance.now();
      await api('chat.switchVersion', { conversationId: ID, messageId: to === 0 ? 'first-b' : 'first-a', to, first: OPENING_MESSAGES });
      calls.push(performance.now() - t0);
    }
  }
  const ms = (n: number) => n.toFixed(0);
  const range = (a: number[]) => `${ms(Math.min(...a))}–${ms(Math.max(...a))}`;
  const last = median(lasts);
  const first = median(firsts);
  run.rows.push({ figure: `the last reply's other version painted after ‹/› (ms, median of ${lasts.length}; range ${range(lasts)})`, value: ms(last), budget: `≤ ${BUDGET_MS}`, ok: last <= BUDGET_MS });
  run.rows.push({ figure: `the first reply's other version, ~${COUNT} messages below it replaced (ms, median of ${firsts.length}; range ${range(firsts)})`, value: ms(first), budget: `≤ ${BUDGET_MS}`, ok: first <= BUDGET_MS });
  run.rows.push({ figure: `chat.switchVersion at the first reply, its first ${OPENING_MESSAGES} messages, the host's round trip (ms, median of ${calls.length})`, value: median(calls).toFixed(1), budget: '—', ok: null });
});
