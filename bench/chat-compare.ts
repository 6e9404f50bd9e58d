/**
 * Side by side (docs/chat-versions.md, "Side by side"; method as bench/stream.ts): one message to
 * four models at once, through the three APIs, each reply `--tokens` long, unpaced,
 *   - raw: `chat.sendMany` through the contract in the page, deltas counted off the event stream
 *     until the four `chat.onDidEnd`, nothing rendered;
 *   - UI: the same four models chosen in the composer's Compare bar, the prompt sent with Send,
 *     timed from the click until every column shows its whole reply, painted;
 * in N pairs in the same page (which goes first alternates), after one unmeasured run of each.
 * 61 pairs, as the stream's: a run of four 5,000-token replies lasts about 0.2 s, and its per-pair
 * ratios spread widely (IQR about 0.22 wide, σ ≈ 0.16), so 11 pairs left the verdict ±0.06 from
 * run to run (0.739 with 11, 0.825–0.837 with 41 and 61, one quiet machine within an hour); at 61
 * it moves by about 0.026
 * (docs/performance-findings.md, "How many pairs" and "Side by side: how many pairs"). About
 * 80 s on a quiet machine.
 * Budgets as the single stream's: characters/s UI ÷ raw ≥ 0.8 (median of per-pair ratios), and no
 * main-thread task over 50 ms between the click and the painted end.
 *   npx tsx bench/chat-compare.ts [--runs 61] [--tokens 5000]
 */
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { alternating, benchRun, unpaceSandbox } from './lib/bench-run.js';
import { longTasksBetween } from './lib/chat-probes.js';
import { newConversation } from './lib/chat-ui.js';
import { armUiCompare, rawCompare, type CompareTarget, type RawCompare, type UiCompare } from './lib/compare-probes.js';
import { LONG_TASKS } from './lib/page-probes.js';
import { pairedRatio, spread } from './lib/paired.js';
import { median } from './lib/median.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '61' }, tokens: { type: 'string', default: '5000' } } });
const RUNS = Number(values.runs);
const RATIO_BUDGET = 0.8;
/** The conversation's own model first (a new conversation's default), then one per API. */
const TARGETS: CompareTarget[] = [
  { model: 'modela-5', api: 'chat' },
  { model: 'modelb-haiku-4-5-20251001', api: 'chat' },
  { model: 'modela-4-vision', api: 'responses' },
  { model: 'modelc-2.5-flash', api: 'native' },
];
/** A new prompt for every run, for the reason bench/stream.ts gives. */
let sent = 0;
const nextPrompt = () => `[tokens:${Number(values.tokens)}] Tell me a long story, number ${++sent}.`;

type Task = { start: number; duration: number };

/** A new conversation, the four models chosen in the Compare bar (unmeasured), then the send. */
async function uiRun(page: Page): Promise<UiCompare & { tasks: Task[] }> {
  const composer = await newConversation(page);
  await composer.getByRole('button', { name: 'Compare models' }).click();
  const bar = composer.getByRole('group', { name: 'Models to compare' });
  for (let n = 2; n <= TARGETS.length; n++) {
    const picker = bar.getByRole('combobox', { name: `Model ${n}`, exact: true });
    if (!(await picker.count())) await bar.getByRole('button', { name: 'Add a model' }).click();
    await picker.fill(TARGETS[n - 1].model);
    await picker.press('Enter');
    await bar.getByRole('combobox', { name: `API for model ${n}` }).selectOption(TARGETS[n - 1].api);
  }
  await composer.getByRole('textbox', { name: 'Message', exact: true }).fill(nextPrompt());
  await page.evaluate(armUiCompare(TARGETS.length));
  await composer.getByRole('button', { name: /^Send/ }).click();
  const r = (await page.evaluate('window.__benchCompare')) as UiCompare;
  return { ...r, tasks: (await page.evaluate(longTasksBetween(r.clickAt, r.paintedAt))) as Task[] };
}

async function rawRun(page: Page): Promise<RawCompare> {
  const r = (await page.evaluate(rawCompare(nextPrompt(), TARGETS))) as RawCompare;
  if (r.outcomes.some((o) => o !== 'done')) throw new Error(`raw compare: ${r.outcomes.join(', ')}`);
  return r;
}

await benchRun('compare', async (run) => {
  const { page } = await run.studioPage(await run.shell(), [LONG_TASKS]);
  await unpaceSandbox(page);
  const { a: ui, b: raw } = await alternating(RUNS, () => uiRun(page), () => rawRun(page));
  const failed = ui.find((r) => r.outcomes.some((o) => o !== 'done'));
  if (failed) throw new Error(`a UI stream ended as ${failed.outcomes.join(', ')}`);

  const rate = (r: { chars: number }, ms: number) => r.chars / (ms / 1000);
  const uiRates = ui.map((r) => rate(r, r.paintedAt - r.clickAt));
  const rawRates = raw.map((r) => rate(r, r.ms));
  const paired = pairedRatio(uiRates, rawRates);
  const tasks = ui.flatMap((r) => r.tasks);
  const longest = Math.max(0, ...tasks.map((t) => t.duration));
  const seconds = (a: number[]) => a.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  run.info(`four replies of ${Number(values.tokens)} tokens each (chat ×2, responses, native), unpaced; characters of all four (raw, median)`, String(median(raw.map((r) => r.chars))));
  run.info(`raw: sendMany to the four chat.onDidEnd, nothing rendered (chars/s, median of ${RUNS}; s: ${seconds(raw.map((r) => r.ms))})`, median(rawRates).toFixed(0));
  run.info(`UI: click on Send to every column painted whole (chars/s, median of ${RUNS}; s: ${seconds(ui.map((r) => r.paintedAt - r.clickAt))})`, median(uiRates).toFixed(0));
  run.info('UI: the last chat.onDidEnd to every column painted (ms, median)', median(ui.map((r) => r.paintedAt - r.endAt)).toFixed(0));
  run.rows.push({ figure: `throughput ratio UI / raw, four side by side, median of per-pair ratios (${spread(paired)})`, value: paired.median.toFixed(3), budget: `≥ ${RATIO_BUDGET}`, ok: paired.median >= RATIO_BUDGET });
  run.rows.push({ figure: `main-thread tasks over 50 ms while four stream, all ${RUNS} runs (longest ${longest.toFixed(0)} ms)`, value: String(tasks.length), budget: '0', ok: tasks.length === 0 });
});
