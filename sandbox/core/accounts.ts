/**
 * Keys and money. Cash is kept in ten-thousandths of a yuan (integers) so repeated billing
 * never drifts; the balance endpoints report yuan.
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

/** Prices of the sandbox (CNY); the real gateway's are not in the spec. */
export const PRICES = {
  imagePerClass: { '1K': 0.1, '2K': 0.2, '4K': 0.4 } as Record<string, number>,
  nativeImage: 0.25,
  videoPerSecond: 0.5,
  speechPer1kChars: { 'tts-1': 0.1, 'tts-1-hd': 0.2 } as Record<string, number>,
};

export class Accounts {
  private readonly byKey = new Map<string, Account>();

  constructor(saved: Account[] | undefined, private readonly onChange: () => void) {
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

  requireCash(a: Account, amountYuan: number): void {
    const need = units(amountYuan);
    if (a.cash + a.credit < need) {
      throw new GatewayError(402, `Insufficient balance: this request costs ¥${yuan(need).toFixed(2)} but the account has ¥${yuan(a.cash + a.credit).toFixed(2)}. Please top up your account and try again.`);
    }
  }

  chargeCash(a: Account, amountYuan: number): void {
    this.requireCash(a, amountYuan);
    const need = units(amountYuan);
    const fromCash = Math.min(a.cash, need);
    a.cash -= fromCash;
    a.credit -= need - fromCash;
    a.cashUsed += need;
    this.onChange();
  }

  refundCash(a: Account, amountYuan: number): void {
    const back = units(amountYuan);
    a.cash += back;
    a.cashUsed = Math.max(0, a.cashUsed - back);
    this.onChange();
  }
}
