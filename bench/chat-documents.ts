/**
 * Documents in chat messages (docs/chat-documents.md): a 300-page PDF's text is read by the host
 * (`ChatDocuments.add`, PDF.js in a worker thread: host/chat/pdf-text.ts) while the host's loop
 * is watched. Budget: no hold of the loop over 100 ms (docs/house-rules.md), measured by
 * lib/loop-watch.ts (a 1 ms timer's longest gap and the loop-delay histogram); beside it the
 * loop's own busy time (eventLoopUtilization `active`), which a busy machine leaving the idle
 * loop unscheduled does not inflate. The extraction's time is reported, with no budget: it
 * includes starting the worker from the sources through tsx, which takes seconds on a busy
 * machine, and the bundle does not. The first run warms the file cache and is not counted. The
 * same watch over an idle wait of the same length says what the machine alone costs the loop.
 *   npx tsx bench/chat-documents.ts [--runs 3] [--pages 300]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { report, type Row } from './lib/child.js';
import { longestHold } from './lib/loop-watch.js';
import { ChatDocuments } from '../host/chat/chat-documents.js';
import { makePdf } from '../host/chat/test/make-pdf.js';
import { upperMedian as median } from './lib/median.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, pages: { type: 'string', default: '300' } } });
const RUNS = Number(values.runs);
const PAGES = Number(values.pages);
const HOLD_BUDGET_MS = 100;

// A page of a report: 45 lines of about 80 characters.
const line = (p: number, l: number) => `Page ${p}, line ${l}: the quarterly figures held steady while the outlook for the coming season improved.`;
const pdf = makePdf(Array.from({ length: PAGES }, (_, p) => Array.from({ length: 45 }, (_, l) => line(p + 1, l + 1))));

const root = mkdtempSync(join(tmpdir(), 'bench-chat-documents-'));
const documents = new ChatDocuments(() => root);
await documents.add('warm-up.pdf', pdf);

const runs: { holdMs: number; totalMs: number; activeMs: number; tokens: number; pages: number }[] = [];
for (let i = 0; i < RUNS; i++) {
  const elu = performance.eventLoopUtilization();
  const { holdMs, totalMs, value } = await longestHold(() => documents.add(`report-${i}.pdf`, pdf));
  runs.push({ holdMs, totalMs, activeMs: performance.eventLoopUtilization(elu).active, tokens: value.tokens, pages: value.pages ?? 0 });
}
rmSync(root, { recursive: true, force: true });
// The same watch over the same time with nothing to do: what the machine alone costs the loop.
const idle = await longestHold(() => new Promise((resolve) => setTimeout(resolve, Math.max(...runs.map((r) => r.totalMs)))));

const worstHold = Math.max(...runs.map((r) => r.holdMs));
const rows: Row[] = [
  { figure: `a ${PAGES}-page PDF (${(pdf.byteLength / 1024 / 1024).toFixed(1)} MB): pages read`, value: String(runs[0].pages), budget: `= ${PAGES}`, ok: runs.every((r) => r.pages === PAGES) },
  { figure: 'its text, estimated tokens', value: runs[0].tokens.toLocaleString('en-US'), budget: '—', ok: null },
  { figure: `extraction time, worker start included, median of ${RUNS} (ms)`, value: median(runs.map((r) => r.totalMs)).toFixed(0), budget: '—', ok: null },
  { figure: `the host's loop busy during one extraction, worst of ${RUNS} (ms)`, value: Math.max(...runs.map((r) => r.activeMs)).toFixed(0), budget: '—', ok: null },
  { figure: 'the longest loop hold over the same time with nothing running: the machine alone (ms)', value: idle.holdMs.toFixed(0), budget: '—', ok: null },
  { figure: `the host's longest loop hold during an extraction, worst of ${RUNS} (ms)`, value: worstHold.toFixed(0), budget: `≤ ${HOLD_BUDGET_MS}`, ok: worstHold <= HOLD_BUDGET_MS },
];
report(rows);
