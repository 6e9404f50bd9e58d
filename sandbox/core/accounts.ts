/**
 * Keys and money. Cash is kept in ten-thousandths of a yuan (integers) so repeated billing
 * never drifts; the balance endpoints report yuan. Every charge and refund is also written to the
 * key's spend record, the true spend tests compare the studio's ledger with (docs/sandbox.md).
 */
import { GatewayError } from './http.js';

export interface Account {
  key: string;
  tokenBalance: number;
  tokenUsed: number;
  cash: number;
  charged: number;
  cashUsed: number;
  credit: number;
  /** Every charge and refund, in order (`GET /_sandbox/spend`); older saved states have none. */
  spend?: SpendRow[];
  /** Rows let go of to keep the record (and the saved state) bounded: their count and sum. */
  spendEarlier?: { rows: number; amount_units: number; last_seq: number };
}

/**
 * Rows kept per key. The embedded sandbox saves its state after every burst of changes on the
 * studio's event loop (docs/robust-host.md, "The embedded sandbox's state"), so the record must not
 * grow without end; older rows are summed into `earlier`, and the total stays exact.
 */
export const MAX_SPEND_ROWS = 10_000;

/** The native units a call was billed for (docs/sandbox.md, "Billing"). */
export type BilledUnits =
  | { prompt_tokens: number; completion_tokens: number; thinking_tokens: number }
  | { images: number; resolution?: string }
  | { seconds: number; size: string }
  | { characters: number };

export interface SpendRow {
  seq: number;
  /** Simulated time of the charge (ISO). */
  time: string;
  route: string;
  model: string;
  kind: 'charge' | 'refund';
  units: BilledUnits;
  /** Ten-thousandths of a yuan; a refund is negative. */
  amount_units: number;
  task_id?: string;
  /** The charge a refund returns. */
  refund_of?: number;
}

export interface Bill {
  route: string;
  model: string;
  units: BilledUnits;
  /** Ten-thousandths of a yuan (prices.ts). */
  amount: number;
}

const UNIT = 10_000;
export const yuan = (units: number) => Math.round(units) / UNIT;
export const units = (yuanAmount: number) => Math.round(yuanAmount * UNIT);

export const FUNDED_KEY = 'sk-sandbox';
export const BROKE_KEY = 'sk-sandbox-broke';

const funded = (key: string): Account => ({
  key, tokenBalance: 10_000_000, tokenUsed: 0, cash: units(500), charged: units(500), cashUsed: 0, credit: units(50),
});
const broke = (key: string): Account => ({
  key, tokenBalance: 0, tokenUsed: 1_000_000, cash: 0, charged: units(20), cashUsed: units(20), credit: 0,
});

export class Accounts {
  private readonly byKey = new Map<string, Account>();

  constructor(saved: Account[] | undefined, private readonly onChange: () => void, private readonly now: () => number = Date.now) {
    for (const a of saved ?? [funded(FUNDED_KEY), broke(BROKE_KEY)]) this.byKey.set(a.key, { ...a });
  }

  list(): Account[] {
    return [...this.byKey.values()];
  }

  find(key: string): Account | undefined {
    return this.byKey.get(key);
  }

  /** Admin: set balances (creates the key when it is new). */
  set(key: string, patch: { token_balance?: number; token_used?: number; balance?: number; credit_balance?: number; total_used?: number }): Account {
    const acct = this.byKey.get(key) ?? { ...funded(key) };
    if (patch.token_balance !== undefined) acct.tokenBalance = Math.max(0, Math.round(patch.token_balance));
    if (patch.token_used !== undefined) acct.tokenUsed = Math.max(0, Math.round(patch.token_used));
    if (patch.balance !== undefined) acct.cash = Math.max(0, units(patch.balance));
    if (patch.credit_balance !== undefined) acct.credit = Math.max(0, units(patch.credit_balance));
    if (patch.total_used !== undefined) acct.cashUsed = Math.max(0, units(patch.total_used));
    acct.charged = Math.max(acct.charged, acct.cash + acct.cashUsed);
    this.byKey.set(key, acct);
    this.onChange();
    return acct;
  }

  tokenView(a: Account) {
    return { token_balance: a.tokenBalance, token_used: a.tokenUsed, token_total: a.tokenBalance + a.tokenUsed, currency: 'tokens' };
  }

  cashView(a: Account) {
    return { balance: yuan(a.cash), currency: 'CNY', total_charged: yuan(a.charged), total_used: yuan(a.cashUsed), credit_balance: yuan(a.credit) };
  }

  /** Text calls need tokens left for at least the prompt (spec §7.1 otherwise). */
  requireTokens(a: Account, needed: number): void {
    if (a.tokenBalance < Math.max(1, needed)) {
      throw new GatewayError(402, `Insufficient token balance: this request needs about ${needed} tokens but ${a.tokenBalance} remain. Please top up your account and try again.`);
    }
  }

  chargeTokens(a: Account, used: number): void {
    const taken = Math.min(a.tokenBalance, used);
    a.tokenBalance -= taken;
    a.tokenUsed += taken;
    this.onChange();
  }

  /** Refuses (402) a call whose price, in ten-thousandths of a yuan, cash and credit cannot cover. */
  requireCash(a: Account, amount: number): void {
    if (a.cash + a.credit < amount) {
      throw new GatewayError(402, `Insufficient balance: this request costs ¥${yuan(amount).toFixed(2)} but the account has ¥${yuan(a.cash + a.credit).toFixed(2)}. Please top up your account and try again.`);
    }
  }

  /** Takes a call's price (cash first, then credit) and records it; 402 and nothing taken when short. */
  charge(a: Account, bill: Bill): SpendRow {
    this.requireCash(a, bill.amount);
    const fromCash = Math.min(a.cash, bill.amount);
    a.cash -= fromCash;
    a.credit -= bill.amount - fromCash;
    a.cashUsed += bill.amount;
    return this.record(a, { route: bill.route, model: bill.model, kind: 'charge', units: bill.units, amount_units: bill.amount });
  }

  /**
   * Gives a charge back (a job the gateway failed); asking twice refunds once. `bill` stands for
   * the charge when its row was already let go of (MAX_SPEND_ROWS).
   */
  refund(a: Account, seq: number, bill: Bill & { task_id?: string }): SpendRow | undefined {
    const rows = a.spend ?? [];
    if (rows.some((r) => r.refund_of === seq)) return undefined;
    const charge = rows.find((r) => r.seq === seq && r.kind === 'charge')
      ?? (seq <= (a.spendEarlier?.last_seq ?? 0) ? { ...bill, units: bill.units, amount_units: bill.amount } : undefined);
    if (!charge) return undefined;
    a.cash += charge.amount_units;
    a.cashUsed = Math.max(0, a.cashUsed - charge.amount_units);
    const { route, model, units: billed, task_id } = charge;
    return this.record(a, { route, model, kind: 'refund', units: billed, amount_units: -charge.amount_units, task_id, refund_of: seq });
  }

  /** A refund for a charge made before spend records existed (a task saved by an older sandbox). */
  refundUnrecorded(a: Account, amount: number): void {
    a.cash += amount;
    a.cashUsed = Math.max(0, a.cashUsed - amount);
    this.onChange();
  }

  /** Ties a charge to the task it bought (the task's id exists only once the charge went through). */
  linkTask(a: Account, seq: number, taskId: string): void {
    const row = a.spend?.find((r) => r.seq === seq);
    if (row) row.task_id = taskId;
    this.onChange();
  }

  spendView(a: Account) {
    const rows = (a.spend ?? []).map((r) => ({ ...r, amount: yuan(r.amount_units) }));
    const earlier = a.spendEarlier ?? { rows: 0, amount_units: 0, last_seq: 0 };
    const total = rows.reduce((n, r) => n + r.amount_units, earlier.amount_units);
    return {
      key: a.key, currency: 'CNY', rows, total: yuan(total), total_units: total,
      earlier: { rows: earlier.rows, amount: yuan(earlier.amount_units), amount_units: earlier.amount_units },
    };
  }

  private record(a: Account, row: Omit<SpendRow, 'seq' | 'time'>): SpendRow {
    a.spend ??= [];
    const last = a.spend.at(-1)?.seq ?? a.spendEarlier?.last_seq ?? 0;
    const full: SpendRow = { seq: last + 1, time: new Date(this.now()).toISOString(), ...row };
    a.spend.push(full);
    while (a.spend.length > MAX_SPEND_ROWS) {
      const old = a.spend.shift()!;
      const e = a.spendEarlier ?? { rows: 0, amount_units: 0, last_seq: 0 };
      a.spendEarlier = { rows: e.rows + 1, amount_units: e.amount_units + old.amount_units, last_seq: old.seq };
    }
    this.onChange();
    return full;
  }
}
