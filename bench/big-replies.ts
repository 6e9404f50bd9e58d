/**
 * Big replies (replies of any size: docs/performance.md, "Targets"): three replies of extreme
 * size, each in a conversation of its own (one question, one reply), written before the studio
 * starts with the host's own store (bench/lib/conversation-fixture.ts), the same text the
 * sandbox's `[big:…]` directive streams (sandbox/text/big-replies.ts):
 *   - word: a single word of 1,000,000 characters (no space, no line break);
 *   - text: a 10,000,000-character Markdown reply (paragraphs, lists, headings, code);
 *   - table: a Markdown table of 3,000 rows.
 * For each, in Chromium, the page's longest main-thread task (Long Tasks API) while:
 *   - start: the studio starts with the conversation the newest, which the Chat tab opens by
 *     itself, from navigation until its reply's end is painted (open-probes.ts says exactly when)
 *     and the page has settled after it (settledAfter: what the open read after its paint counts);
 *   - open: it is opened again from the sidebar, from a small conversation, the same way;
 *   - scroll: the view goes from the reply's end to the conversation's top, then back to the end,
 *     SCROLL_SCREENS screenfuls per frame: every part of the reply is drawn on the way, as the
 *     reply's window draws the parts within a quarter of a view above and below it
 *     (renderer/src/components/markdown/reply-window.ts, IN_VIEW), each frame drawing more new text
 *     than a one-screenful fling, in 1 / 1.4 of its frames (the 10 MB reply is over 6,000
 *     screenfuls each way);
 *   - stream: the same reply streamed from the sandbox, unpaced, into a new conversation, from
 *     the click on Send until the whole reply is painted (chat-probes.ts ARM_UI_STREAM).
 * Budget: no task over 200 ms in any of them.
 *   npx tsx bench/big-replies.ts [--cases word,text,table]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { launchChromium, coldPage, networkIdle } from './lib/chromium.js';
import { APP_INFO, ARM_UI_STREAM, longTasksBetween, textTail, type UiStream } from './lib/chat-probes.js';
import { report, startShell, type Row } from './lib/child.js';
import { longConversation, oneReplyConversation, writeConversations } from './lib/conversation-fixture.js';
import { armOpen, scrollToTop, type Opened } from './lib/open-probes.js';
import { LONG_TASKS, scrollToEnd } from './lib/page-probes.js';
import { conditionsRow, raisePriority } from './lib/priority.js';
import { viteBuild, type Build } from './lib/vite-build.js';
import { composeBig, type BigDirective } from '../sandbox/text/big-replies.js';
import { signIn } from '../browser-shell/test/sign-in.js';

const CASES: Record<string, { label: string; big: BigDirective }> = {
  word: { label: 'a single 1 MB word', big: { kind: 'word', n: 1_000_000 } },
  text: { label: 'a 10 MB Markdown reply', big: { kind: 'text', n: 10_000_000 } },
  table: { label: 'a 3,000-row table', big: { kind: 'table', n: 3_000 } },
};
const { values } = parseArgs({ options: { cases: { type: 'string', default: Object.keys(CASES).join(',') } } });
const BUDGET_MS = 200;
/** How long after the network settles an open's tasks still count (settledAfter). */
const SETTLE_MS = 1_000;
/** Long enough for today's worst case to finish and be measured, rather than time out. */
const TIMEOUT_MS = 600_000;
const SCROLLER = '[role="region"][aria-label="Messages"]';
/** Under 1 + 2 × the window's margin (0.25 of a view), so no part is passed by unseen. */
const SCROLL_SCREENS = 1.4;
const SMALL = { id: 'bench-small', title: 'A short, older conversation' };

type Task = { start: number; duration: number };
const longest = (tasks: Task[]) => Math.max(0, ...tasks.map((t) => t.duration));

const entry = (page: Page, title: string) =>
  page.getByRole('navigation', { name: 'Conversation list' }).getByRole('button', { name: new RegExp(`^${title.replace(/[().,]/g, '\\$&')} `) });

/** Resolves once the conversation is open at its reply's painted end; the times of the watch. */
async function watchOpen(page: Page, title: string, tail: string, click: boolean): Promise<Opened> {
  await page.evaluate(armOpen(title, 2, tail, { click, timeoutMs: TIMEOUT_MS }));
  if (click) await entry(page, title).click({ timeout: TIMEOUT_MS });
  return (await page.evaluate('window.__benchOpen')) as Opened;
}

/**
 * The page time once what an open set going has settled: no request for half a second, and
 * SETTLE_MS more. An open that drew the reply's end but then read it whole (or read it again) after
 * the paint would freeze the page while the creator reads it, so that time counts too.
 */
async function settledAfter(page: Page): Promise<number> {
  await networkIdle(page);
  await page.waitForTimeout(SETTLE_MS);
  return Number(await page.evaluate('performance.now()'));
}

async function streamed(page: Page, prompt: string): Promise<UiStream & { tasks: Task[] }> {
  const chat = page.getByRole('tabpanel', { name: 'Chat' });
  const sidebar = chat.getByRole('complementary', { name: 'Conversations' });
  await sidebar.getByRole('button', { name: '+ New conversation', exact: true }).click();
  await chat.getByText('No messages yet').waitFor();
  const composer = chat.getByRole('form', { name: 'New message' });
  await composer.getByRole('textbox', { name: 'Message', exact: true }).fill(prompt);
  await page.evaluate(ARM_UI_STREAM);
  await composer.getByRole('button', { name: /^Send/ }).click();
  const r = (await page.evaluate('window.__benchStream')) as UiStream;
  return { ...r, tasks: (await page.evaluate(longTasksBetween(r.clickAt, r.paintedAt))) as Task[] };
}

async function runCase(name: string, build: Build, rows: Row[]): Promise<void> {
  const { label, big } = CASES[name];
  const dataDir = mkdtempSync(join(tmpdir(), `bench-big-${name}-`));
  const shell = { current: undefined as Awaited<ReturnType<typeof startShell>> | undefined };
  const browser = await launchChromium();
  try {
    const reply = composeBig(big);
    const title = `Big reply: ${name}`;
    const now = Date.now();
    await writeConversations(dataDir, [longConversation(SMALL.id, SMALL.title, 4, now - 3_600_000, 5), oneReplyConversation(`bench-big-${name}`, title, `Show me ${label}.`, reply, now)]);
    const tail = textTail(reply);
    shell.current = await startShell(['--renderer', build.dir, '--data', dataDir]);
    const { page, origin } = await coldPage(browser, await signIn(shell.current.url), 'studio', [LONG_TASKS]);
    await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
    // The Chat tab opens on the newest conversation: this one, by itself.
    const start = await watchOpen(page, title, tail, false);
    const startSettled = await settledAfter(page);
    const startTasks = (await page.evaluate(longTasksBetween(0, startSettled))) as Task[];

    await entry(page, SMALL.title).click();
    await page.getByRole('heading', { level: 3, name: SMALL.title }).waitFor();
    await networkIdle(page);
    const open = await watchOpen(page, title, tail, true);
    const openSettled = await settledAfter(page);
    const openTasks = (await page.evaluate(longTasksBetween(open.clickAt, openSettled))) as Task[];

    await page.waitForTimeout(500);
    const s0 = Number(await page.evaluate('performance.now()'));
    const up = Number(await page.evaluate(scrollToTop(SCROLLER, SCROLL_SCREENS)));
    const down = Number(await page.evaluate(scrollToEnd(SCROLLER, SCROLL_SCREENS)));
    const s1 = Number(await page.evaluate('performance.now()'));
    const scrollTasks = (await page.evaluate(longTasksBetween(s0, s1))) as Task[];

    const { sandboxUrl } = (await page.evaluate(APP_INFO)) as { sandboxUrl: string };
    const paced = await fetch(`${sandboxUrl}/_sandbox/pace`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"ms":0}' });
    if (!paced.ok) throw new Error(`the sandbox refused to unpace its streams (HTTP ${paced.status})`);
    const stream = await streamed(page, `[big:${big.kind}:${big.n}] Show me ${label}.`);
    if (stream.outcome !== 'done' || stream.chars !== reply.length) throw new Error(`${name}: the stream ended ${stream.outcome} with ${stream.chars} of ${reply.length} characters`);

    const ms = (n: number) => n.toFixed(0);
    const row = (what: string, tasks: Task[], extra: string): Row => ({
      figure: `${label}: longest main-thread task, ${what} (ms; ${tasks.length} over 50 ms; ${extra})`,
      value: ms(longest(tasks)),
      budget: `≤ ${BUDGET_MS}`,
      ok: longest(tasks) <= BUDGET_MS,
    });
    rows.push(row('the studio starting on it', startTasks, `painted after ${ms(start.paintedAt)} ms; until the page settled ${ms(startSettled)} ms`));
    rows.push(row('opened from the sidebar', openTasks, `painted after ${ms(open.paintedAt - open.clickAt)} ms; until the page settled ${ms(openSettled - open.clickAt)} ms`));
    rows.push(row('scrolled to the top and back', scrollTasks, `${up} + ${down} frames of ${SCROLL_SCREENS} screenfuls`));
    rows.push(row('streamed unpaced', stream.tasks, `${(reply.length / 1e6).toFixed(1)} M characters painted after ${((stream.paintedAt - stream.clickAt) / 1000).toFixed(1)} s`));
  } finally {
    await browser.close();
    await shell.current?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [conditionsRow(raisePriority())];
let build: Build | undefined;
try {
  build = await viteBuild();
  for (const name of values.cases.split(',')) {
    if (!CASES[name]) throw new Error(`unknown case ${name}: one of ${Object.keys(CASES).join(', ')}`);
    await runCase(name, build, rows);
  }
} finally {
  build?.remove();
}
report(rows);
