/**
 * Tool schemas: checking a model's arguments against a hostile schema must not hold the host's
 * event loop, and must end within the checker's time limit (docs/robust-host.md, "Tool schemas").
 * Runs the audit's attacks through the host's schema checker (a worker with RE2 patterns, size
 * caps, a hard time limit): `^(a+)+$` against 30 and 30,000 characters, a 20,000-property schema
 * and a schema nested 10,000 deep (both refused before compiling), the largest schema the caps let
 * through, arguments of 3 MB (not checked) and 500 KB (checked), the costliest pattern RE2
 * compiles within the pattern cap, and twenty of them (stopped at the time limit). Budgets: the
 * host's loop busy at most 50 ms during any one check (half the studio's 100 ms stall; loopCost
 * says how it is measured), 100 ms for the check stopped at the time limit, whose figure includes
 * replacing the worker; every check ends
 * within the time limit plus a new worker's start; the first check, which starts the worker, is not
 * counted.
 *   npx tsx bench/tool-schemas.ts [--runs 3]
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseArgs } from 'node:util';
import { report, type Row } from './lib/child.js';
import { SchemaChecker } from '../host/chat/schema-checker.js';
import { CHECK_LIMITS } from '../host/chat/schema-limits.js';
import { upperMedian as median } from './lib/median.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);
const HOLD_BUDGET_MS = 50;
const STALL_MS = 100;
// Garbage from building the attacks is collected before each is measured, not during it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** A check after one stopped waits for a new worker: about 2 s from the sources through tsx. */
const END_BUDGET_MS = CHECK_LIMITS.checkMs + 3_000;

/**
 * The loop's own work while a check runs: `active` of eventLoopUtilization, the time the loop
 * spent running code rather than waiting, in total (an upper bound on its longest hold). Not a
 * timer's longest gap: with the worker busy on a shared 2-core machine the operating system can
 * leave the idle loop unscheduled, which a timer would count as a hold, and a 1 ms timer's own
 * callbacks would be counted as work.
 */
async function loopCost(work: () => Promise<unknown>): Promise<{ activeMs: number; totalMs: number; result: unknown }> {
  gc();
  const elu = performance.eventLoopUtilization();
  const start = performance.now();
  const result = await work();
  const totalMs = performance.now() - start;
  return { activeMs: performance.eventLoopUtilization(elu).active, totalMs, result };
}

const props = (n: number, each: Record<string, unknown>) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, each])) });
const word = (pattern: string) => ({ type: 'object', properties: { w: { type: 'string', pattern } } });
let deep: Record<string, unknown> = { type: 'string' };
for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { x: deep } };
// 1,600 properties of three values each: just under the cap of 5,000 parts.
const largest = { ...props(1_600, { type: 'string', pattern: '^[a-z]+$' }), required: [] };

/** [name, schema, arguments, the loop's budget when it is not HOLD_BUDGET_MS] */
const attacks: [string, unknown, string, number?][] = [
  ['^(a+)+$ against 30 a\'s and "!"', word('^(a+)+$'), JSON.stringify({ w: 'a'.repeat(30) + '!' })],
  ['^(a+)+$ against 30,000 a\'s and "!"', word('^(a+)+$'), JSON.stringify({ w: 'a'.repeat(30_000) + '!' })],
  ['a 20,000-property schema (refused)', props(20_000, { type: 'string' }), '{}'],
  ['a schema nested 10,000 deep (refused)', deep, '{}'],
  ['the largest schema the caps let through (1,600 patterned properties)', largest, JSON.stringify(Object.fromEntries(Array.from({ length: 1_600 }, (_, i) => [`p${i}`, 'abc'])))],
  ['3 MB of arguments (not checked)', word('^[a-z]+$'), JSON.stringify({ w: 'a'.repeat(3 * 1024 * 1024) })],
  ['500 KB of arguments against (\\w or \\d){300}[^a]$', word('(\\w|\\d){300}[^a]$'), JSON.stringify({ w: 'a'.repeat(500 * 1024) })],
  ['the costliest pattern within the cap, .{0,1000} × 100', word('.{0,1000}'.repeat(100)), '{"w":"x"}'],
  // Stopping a worker and starting the next (from the sources, through tsx) costs the loop more.
  ['twenty such patterns (stopped at the time limit)', props(20, { type: 'string', pattern: '.{0,1000}'.repeat(100) }), '{}', STALL_MS],
];

const checker = new SchemaChecker();
await checker.check(word('^a$'), '{"w":"a"}'); // starts the worker: not what is measured
const rows: Row[] = [];
let worstEnd = 0;
let worstHold = 0;
for (const [name, schema, args, budget = HOLD_BUDGET_MS] of attacks) {
  const runs = [];
  // Each run on its own copy, so the worker's cache of compiled schemas does not hide the compile.
  for (let i = 0; i < RUNS; i++) runs.push(await loopCost(() => checker.check({ ...(schema as object), $comment: `run ${i}` }, args)));
  const problems = runs[0].result as { code: string; params?: { problem?: { code: string } } }[];
  const outcome = problems.length ? problems[0].params?.problem?.code ?? problems[0].code : 'fits';
  const end = Math.max(...runs.map((r) => r.totalMs));
  const hold = Math.max(...runs.map((r) => r.activeMs));
  worstEnd = Math.max(worstEnd, end);
  if (budget === HOLD_BUDGET_MS) worstHold = Math.max(worstHold, hold);
  rows.push({ figure: `${name}: ${outcome}; compile + check, median of ${RUNS} (ms)`, value: median(runs.map((r) => r.totalMs)).toFixed(0), budget: '—', ok: null });
  rows.push({ figure: `${name}: the host's loop busy during it, worst of ${RUNS} (ms)`, value: hold.toFixed(0), budget: `≤ ${budget}`, ok: hold <= budget });
}
rows.push({ figure: 'every attack: the slowest check to end (ms)', value: worstEnd.toFixed(0), budget: `≤ ${END_BUDGET_MS}`, ok: worstEnd <= END_BUDGET_MS });
rows.push({ figure: 'every attack within the time limit: the most the host\'s loop was busy during one check (ms)', value: worstHold.toFixed(0), budget: `≤ ${HOLD_BUDGET_MS}`, ok: worstHold <= HOLD_BUDGET_MS });
checker.close();
report(rows);
