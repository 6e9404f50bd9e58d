/**
 * The true-spend record outlives a restart of a sandbox with a data directory (docs/sandbox.md),
 * as the balances do: a test that kills and restarts the studio still compares its ledger with
 * every charge, and a job charged before the restart is refunded after it, once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../server.js';
import { unpricedModels } from '../core/prices.js';
import { admin, data, pollUntilDone } from './harness.js';

const dirs: string[] = [];
const open: Sandbox[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const start = async (dataDir: string) => {
  const s = await startSandbox({ dataDir, speed: 1000, streamPaceMs: 0 });
  open.push(s);
  return s;
};
const spend = async (s: Sandbox, key: string) => (await fetch(`${s.url}/_sandbox/spend?key=${key}`)).json() as Promise<{ rows: { kind: string; seq: number; amount_units: number }[]; total_units: number }>;

it('keeps every charge across a restart and refunds a job charged before it exactly once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-billing-'));
  dirs.push(dir);
  const key = 'sk-restart';
  let s = await start(dir);
  await admin(s.url, `keys/${key}/balances`, { balance: 50, total_used: 0 });
  await data(s.url, '/v1/chat/completions', { key, body: { model: 'modela-5', messages: [{ role: 'user', content: 'before the restart' }] } });
  await admin(s.url, 'faults/task', { message: 'failed after the restart' });
  const [{ task_id }] = await data(s.url, '/v1/images/generations', { key, body: { model: 'seedream-4-0', prompt: 'refund after restart' } });
  const before = await spend(s, key);
  expect(before.rows.map((r) => r.kind)).toEqual(['charge', 'charge']);
  await s.close();
  open.length = 0;

  s = await start(dir);
  expect((await spend(s, key)).rows).toEqual(before.rows);
  expect((await pollUntilDone(s.url, `/v1/tasks/${task_id}`, key)).final.status).toBe('failed');
  await pollUntilDone(s.url, `/v1/tasks/${task_id}`, key);
  const after = await spend(s, key);
  expect(after.rows.map((r) => r.kind)).toEqual(['charge', 'charge', 'refund']);
  // What is left charged is the chat alone.
  expect(after.total_units).toBe(before.rows[0].amount_units);
  const cash = await data(s.url, '/v1/account/balance', { key });
  expect(Math.round(cash.total_used * 10_000)).toBe(after.total_units);
});

it('prices every model and size the spec\'s tables name', () => {
  expect(unpricedModels()).toEqual([]);
});
