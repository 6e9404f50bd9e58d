/**
 * Stream (batched rendering of stream deltas, one paint per frame: docs/performance.md, "Targets"):
 * a 20,000-token reply from the embedded sandbox, unpaced (as fast as the host can stream it),
 *   - raw: consumed through the contract in the page (fetch `chat.send`, deltas counted off the
 *     event stream until `chat.onDidEnd`), nothing rendered;
 *   - UI: the same prompt typed into the Chat tab's composer and sent with Send, timed from the
 *     click until the whole reply is rendered and painted (bench/lib/chat-probes.ts says exactly when);
 * both in the same page, in N pairs, one right after the other (which goes first alternates), after
 * one unmeasured run of each (61 pairs: single runs on a shared 2-core machine differ by half; a
 * median of 5 moved the ratio by 0.1 from one run to the next, and with 11 six runs of the same
 * code in one day gave 0.72 to 0.92; with 21, three quiet runs gave 0.750 to 0.795, per-pair IQR
 * about 0.085, so σ ≈ 0.063 and the verdict moves by about 1.25 σ / √n: 0.017 at 21 pairs, 0.010
 * at 61, a minute more on a quiet machine). The verdict is the median of the per-pair ratios
 * (lib/paired.ts, docs/performance.md, "Stable verdicts").
 * Budgets: UI chars/s ÷ raw chars/s ≥ 0.8, and no main-thread task over 50 ms (Long Tasks API)
 * between the click on Send and the painted end. Both rates run from the send, as a user waits;
 * the wait for the first byte (the sandbox composing the reply, about 0.1 s) is shared, so the
 * table also gives the rates from the first delta on (for information).
 * The sandbox paces its streams 20 ms a chunk by default; this run unpaces it (/_sandbox/pace).
 *   npx tsx bench/stream.ts [--runs 61] [--tokens 20000]
 */
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { ARM_UI_STREAM, longTasksBetween, rawStream, type RawStream, type UiStream } from './lib/chat-probes.js';
import type { Row } from './lib/child.js';
import { alternating, benchRun, unpaceSandbox } from './lib/bench-run.js';
import { newConversation } from './lib/chat-ui.js';
import { LONG_TASKS } from './lib/page-probes.js';
import { pairedRatio, spread } from './lib/paired.js';
import { median } from './lib/median.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '61' }, tokens: { type: 'string', default: '20000' } } });
const RUNS = Number(values.runs);
/**
 * A new prompt for every run: the sandbox's reply follows from its prompt, and the chat view
 * keeps the renders of Markdown it has shown (a conversation opened again is not parsed again),
 * so the same reply twice would measure that memory, not rendering a new reply.
 */
let sent = 0;
const nextPrompt = () => `[tokens:${Number(values.tokens)}] Tell me a very long story, number ${++sent}.`;
const RATIO_BUDGET = 0.8;

type Task = { start: number; duration: number };

/** One reply sent from the composer of a new conversation, as a user sends it. */
async function uiRun(page: Page): Promise<UiStream & { tasks: Task[] }> {
  const composer = await newConversation(page);
  await composer.getByRole('textbox', { name: 'Message', exact: true }).fill(nextPrompt());
  await page.evaluate(ARM_UI_STREAM);
  await composer.getByRole('button', { name: /^Send/ }).click();
  const r = (await page.evaluate('window.__benchStream')) as UiStream;
  return { ...r, tasks: (await page.evaluate(longTasksBetween(r.clickAt, r.paintedAt))) as Task[] };
}

async function rawRun(page: Page): Promise<RawStream> {
  const r = (await page.evaluate(rawStream(nextPrompt()))) as RawStream;
  if (r.outcome !== 'done' || r.chars !== r.finalChars) throw new Error(`raw stream: ${r.outcome}, ${r.chars} of ${r.finalChars} characters`);
  return r;
}

await benchRun('stream', async (run) => {
  const { rows } = run;
  const { page } = await run.studioPage(await run.shell(), [LONG_TASKS]);
  // The shell's embedded sandbox paces chunks 20 ms apart by default; unpaced, the host is the limit.
  await unpaceSandbox(page);
  // The first of each, unmeasured, warms the Markdown chunk, the JIT and the host's code paths.
  const { a: ui, b: raw } = await alternating(RUNS, () => uiRun(page), () => rawRun(page));
  const failed = ui.find((r) => r.outcome !== 'done');
  if (failed) throw new Error(`a UI stream ended as ${failed.outcome}`);

  // Replies to different prompts differ a little in length (the same number of tokens).
  const chars = median(raw.map((r) => r.chars));
  const rate = (r: { chars: number }, ms: number) => r.chars / (ms / 1000);
  const rawRate = median(raw.map((r) => rate(r, r.ms)));
  const uiRate = median(ui.map((r) => rate(r, r.paintedAt - r.clickAt)));
  const paired = pairedRatio(ui.map((r) => rate(r, r.paintedAt - r.clickAt)), raw.map((r) => rate(r, r.ms)));
  const ratio = paired.median;
  // The same, from the first delta on: without the wait for the first byte, which both share.
  const rawBurst = median(raw.map((r) => rate(r, r.ms - r.firstMs)));
  const uiBurst = median(ui.map((r) => rate(r, r.paintedAt - r.firstAt)));
  const tasks = ui.flatMap((r) => r.tasks);
  const longest = Math.max(0, ...tasks.map((t) => t.duration));
  const info = (figure: string, value: string): Row => ({ figure, value, budget: '—', ok: null });
  const seconds = (a: number[]) => a.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  rows.push(info(`reply: ${Number(values.tokens)} tokens, unpaced, a new prompt each run; characters; delta events (raw, median)`, `${chars}; ${median(raw.map((r) => r.events))}`));
  rows.push(info('first delta after the send, raw / UI (ms, median)', `${median(raw.map((r) => r.firstMs)).toFixed(0)} / ${median(ui.map((r) => r.firstAt - r.clickAt)).toFixed(0)}`));
  rows.push(info(`raw: send to chat.onDidEnd, nothing rendered (chars/s, median of ${RUNS}; s: ${seconds(raw.map((r) => r.ms))})`, rawRate.toFixed(0)));
  rows.push(info(`UI: click on Send to the whole reply painted (chars/s, median of ${RUNS}; s: ${seconds(ui.map((r) => r.paintedAt - r.clickAt))})`, uiRate.toFixed(0)));
  rows.push(info('first delta to chat.onDidEnd, raw / UI (ms, median; the host streams while the page renders)', `${median(raw.map((r) => r.ms - r.firstMs)).toFixed(0)} / ${median(ui.map((r) => r.endAt - r.firstAt)).toFixed(0)}`));
  rows.push(info('UI: chat.onDidEnd to the final reply painted (ms, median)', median(ui.map((r) => r.paintedAt - r.endAt)).toFixed(0)));
  rows.push(info(`from the first delta on: raw / UI (chars/s, median), ratio`, `${rawBurst.toFixed(0)} / ${uiBurst.toFixed(0)}, ${(uiBurst / rawBurst).toFixed(2)}`));
  rows.push(info('throughput ratio of the two sides\' medians (the verdict before per-pair ratios)', (uiRate / rawRate).toFixed(3)));
  rows.push({ figure: `throughput ratio UI / raw (send to the end), median of per-pair ratios (${spread(paired)})`, value: ratio.toFixed(3), budget: `≥ ${RATIO_BUDGET}`, ok: ratio >= RATIO_BUDGET });
  rows.push({ figure: `main-thread tasks over 50 ms while the UI streams, all ${RUNS} runs (longest ${longest.toFixed(0)} ms)`, value: String(tasks.length), budget: '0', ok: tasks.length === 0 });
});
