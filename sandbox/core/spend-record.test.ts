/**
 * The spend record stays bounded over months of use in the embedded sandbox, and its total stays
 * exact: older rows are summed, not lost (docs/sandbox.md, "The true-spend record").
 */
import { expect, it } from 'vitest';
import { Accounts, MAX_SPEND_ROWS } from './accounts.js';

const bill = (amount: number) => ({ route: 'POST /v1/images/generations', model: 'seedream-4-0', units: { images: 1, resolution: '1K' }, amount });

it('keeps the last rows, sums the older ones, and still refunds a charge whose row was let go of', () => {
  const accounts = new Accounts([], () => undefined, () => Date.UTC(2026, 0, 1));
  const a = accounts.set('sk-long-use', { balance: 1_000_000, total_used: 0 });
  const first = accounts.charge(a, bill(1_000));
  for (let i = 0; i < MAX_SPEND_ROWS + 4; i++) accounts.charge(a, bill(3));
  const view = accounts.spendView(a);
  expect(view.rows).toHaveLength(MAX_SPEND_ROWS);
  expect(view.earlier.rows).toBe(5);
  expect(view.total_units).toBe(1_000 + 3 * (MAX_SPEND_ROWS + 4));
  expect(view.total_units).toBe(a.cashUsed);
  expect(view.rows.at(-1)!.seq).toBe(MAX_SPEND_ROWS + 5);

  const refund = accounts.refund(a, first.seq, { ...bill(1_000), task_id: 'img_1' });
  expect(refund).toMatchObject({ kind: 'refund', amount_units: -1_000, refund_of: first.seq, task_id: 'img_1' });
  expect(accounts.refund(a, first.seq, bill(1_000))).toBeUndefined();
  expect(accounts.spendView(a).total_units).toBe(3 * (MAX_SPEND_ROWS + 4));
  expect(accounts.spendView(a).total_units).toBe(a.cashUsed);
});

it('never refunds a charge that was not made', () => {
  const accounts = new Accounts([], () => undefined);
  const a = accounts.set('sk-none', { balance: 10 });
  expect(accounts.refund(a, 7, bill(500))).toBeUndefined();
  expect(a.cashUsed).toBe(0);
});
