/**
 * `npm run bench` runs every scenario (`bench/*.ts` but this file) as a child process, one after
 * another so they do not disturb each other, each once the machine has settled (lib/settle.ts),
 * collects the tables they print, prints one table and writes bench/results.json.
 * `npm run bench -- NAME [NAME…]` runs only those scenarios (and replaces only their rows in
 * results.json); anything after `--` is passed to each (e.g. `npm run bench -- polling -- --seconds 30`).
 * Exit code 1 when a scenario misses a budget or fails.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/child.js';
import { settle } from './lib/settle.js';

interface Result { scenario: string; figure: string; value: string; budget: string; verdict: string; date: string }

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const names = split === -1 ? argv : argv.slice(0, split);
const passThrough = split === -1 ? [] : argv.slice(split + 1);

const all = readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.ts') && f !== 'run.ts').map((f) => f.slice(0, -3)).sort();
const unknown = names.filter((n) => !all.includes(n));
if (unknown.length) {
  console.error(`Unknown scenario${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Scenarios: ${all.join(', ')}.`);
  process.exit(2);
}
const chosen = names.length ? names : all;

/** Runs one scenario, echoing its output, and reads the rows of its markdown table. */
function runScenario(name: string): Promise<{ code: number; rows: string[][]; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join('bench', `${name}.ts`), ...passThrough], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      process.stdout.write(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
      process.stderr.write(c);
    });
    child.once('exit', (code, signal) => {
      const rows = out.split('\n')
        .filter((l) => l.startsWith('|') && !/^\|\s*figure\s*\|/.test(l) && !/^\|[-\s|]+\|$/.test(l))
        .map((l) => l.slice(1, l.lastIndexOf('|')).split('|').map((c) => c.trim()));
      resolve({ code: code ?? (signal ? 1 : 0), rows, stderr: err });
    });
  });
}

const date = new Date().toISOString();
const results: Result[] = [];
const timings: { name: string; seconds: number; code: number }[] = [];
const runStarted = performance.now();
let failed = false;
for (const name of chosen) {
  const settled = await settle();
  console.log(`\n## ${name}\n\n(machine settled: ${settled.seconds.toFixed(0)} s${settled.busy === undefined ? '' : `, ${(settled.busy * 100).toFixed(0)} % of the cores busy in the last second`})\n`);
  const started = performance.now();
  const r = await runScenario(name);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  timings.push({ name, seconds: Number(seconds), code: r.code });
  for (const [figure, value, budget, verdict] of r.rows) results.push({ scenario: name, figure, value, budget, verdict, date });
  if (r.rows.length === 0) {
    // A scenario that crashed before its table still shows up, as a failure.
    const last = r.stderr.trim().split('\n').slice(-1)[0] ?? '';
    results.push({ scenario: name, figure: 'scenario ran', value: `exit ${r.code}${last ? `: ${last.slice(0, 160)}` : ''}`, budget: 'exit 0', verdict: 'MISS', date });
  }
  if (r.code !== 0) failed = true;
  console.log(`\n(${name}: ${seconds} s, exit ${r.code})`);
}

console.log(`\n## All scenarios (${date})\n`);
console.log('| scenario | figure | value | budget | verdict |\n|---|---|---|---|---|');
for (const r of results) console.log(`| ${r.scenario} | ${r.figure} | ${r.value} | ${r.budget} | ${r.verdict} |`);
// The summary: every budgeted figure on one screen, then what each scenario took.
const budgeted = results.filter((r) => r.verdict === 'ok' || r.verdict === 'MISS');
const missed = budgeted.filter((r) => r.verdict === 'MISS');
console.log('\n## Summary: the budgets\n');
console.log('| scenario | figure | value | budget | verdict |\n|---|---|---|---|---|');
for (const r of budgeted) console.log(`| ${r.scenario} | ${r.figure.length > 90 ? `${r.figure.slice(0, 89)}…` : r.figure} | ${r.value} | ${r.budget} | ${r.verdict} |`);
console.log(`\n| scenario | s | exit |\n|---|---|---|\n${timings.map((t) => `| ${t.name} | ${t.seconds} | ${t.code} |`).join('\n')}`);
const minutes = ((performance.now() - runStarted) / 60_000).toFixed(0);
console.log(`\n${budgeted.length - missed.length} of ${budgeted.length} budgets met, ${chosen.length} scenarios in ${minutes} min${missed.length ? `; missed: ${missed.map((r) => `${r.scenario} (${r.value} against ${r.budget})`).join(', ')}` : ''}.`);
// A partial run replaces only its own scenarios' latest rows; the others keep their last results,
// and the history of earlier runs (rows with a `run` field, docs/performance.md) is always kept.
const file = join(ROOT, 'bench', 'results.json');
let kept: Result[] = [];
try {
  kept = (JSON.parse(readFileSync(file, 'utf8')) as (Result & { run?: unknown })[]).filter((r) => r.run !== undefined || (!chosen.includes(r.scenario) && all.includes(r.scenario)));
} catch {
  // No earlier results (or unreadable): this run's rows only.
}
writeFileSync(file, `${JSON.stringify([...kept, ...results].sort((a, b) => a.scenario.localeCompare(b.scenario)), null, 2)}\n`);
console.log('\nWritten to bench/results.json');
process.exitCode = failed || results.some((r) => r.verdict === 'MISS') ? 1 : 0;
