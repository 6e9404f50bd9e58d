/**
 * Money in the ledger: integer ten-thousandths of a yuan, the gateway's own smallest step
 * (docs/ledger.md, "Money"). Balances arrive in yuan as JSON numbers; they are turned into whole
 * ten-thousandths once, where they enter, and every sum after that is integer arithmetic, so the
 * entries of a reading plus its remainder equal the balance change exactly, with no float drift.
 */

/** Integer ten-thousandths of a yuan. */
export type Money = number;

export const MONEY_PER_YUAN = 10_000;

/** A balance figure in yuan (spec §4.2 `total_used`) as Money; refuses what is no finite amount. */
export function moneyFromYuan(yuan: number): Money {
  if (!Number.isFinite(yuan)) throw new RangeError(`Not an amount of money: ${String(yuan)}`);
  return checkedMoney(Math.round(yuan * MONEY_PER_YUAN));
}

export const yuanFromMoney = (money: Money): number => money / MONEY_PER_YUAN;

/** Refuses a figure that is not a whole, exactly representable number of ten-thousandths. */
export function checkedMoney(money: number, what = 'amount'): Money {
  if (!Number.isSafeInteger(money)) throw new RangeError(`The ${what} is not a whole number of ten-thousandths of a yuan within range: ${String(money)}`);
  return money;
}

/** An exact sum: BigInt underneath, so no partial sum can lose a ten-thousandth. */
export function sumMoney(values: Iterable<Money>): Money {
  let total = 0n;
  for (const v of values) total += BigInt(checkedMoney(v));
  return checkedMoney(Number(total), 'sum');
}

/** `a − b`, exactly, or a RangeError when the result would lose precision. */
export const subtractMoney = (a: Money, b: Money): Money => checkedMoney(Number(BigInt(checkedMoney(a)) - BigInt(checkedMoney(b))), 'difference');
