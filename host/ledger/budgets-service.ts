/**
 * Budgets (docs/ledger.md, "Budgets"): each profile's daily and monthly limits in money and in
 * tokens, measured on the ledger's rows. `evaluate` gives each warning (80, 90, 100 %) once per
 * period, written down before it is told, so a restart does not repeat one; `gate` is the hard
 * stop, the one check every paid submission passes (budget-gate.ts); `check` says whether an
 * estimate would cross a budget, for work that knows its cost before it starts.
 */
import {
  BUDGET_KINDS,
  type BudgetCheck,
  type BudgetConfig,
  type BudgetLimits,
  type BudgetState,
  type BudgetStatus,
  type BudgetWarning,
} from '@shared/contract/budgets.js';
import { budgetAmount } from '@shared/contract/budget-notice.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { isMoney, levelsReached, periodOf } from './budget-periods.js';
import type { BudgetsTable, PeriodSpend } from './budgets-table.js';

/** Warnings of periods older than this are pruned (the longest period is a month). */
const KEEP_WARNINGS_MS = 62 * 86_400_000;

export interface BudgetsDeps {
  table: BudgetsTable;
  spend(profileId: string, from: number, to: number): PeriodSpend;
  now(): number;
  /** The profile's name, for a warning's notice. */
  profileName(profileId: string): string;
  /** Reads the balances now, so calls waiting for their read have their money (LedgerService.flush). */
  flushLedger(): Promise<void>;
  /** A budget changed, or a spend did: `warnings` are the ones reached just now. */
  onChange(status: BudgetStatus, warnings: BudgetWarning[]): void;
}

/** What a submission would cost, for `check`: money in ten-thousandths of a yuan, tokens as a count. */
export interface Estimate {
  money?: number;
  tokens?: number;
}

export class BudgetsService {
  /** Profiles with a one-time override waiting (the next paid submission goes through). */
  private readonly overrides = new Set<string>();

  constructor(private readonly d: BudgetsDeps) {
    d.table.pruneBefore(d.now() - KEEP_WARNINGS_MS);
  }

  get(profileId: string): BudgetConfig {
    return { profileId, ...this.d.table.config(profileId) };
  }

  set(profileId: string, limits: BudgetLimits, hardStop: boolean): BudgetStatus {
    const before = this.d.table.config(profileId).limits;
    for (const kind of BUDGET_KINDS) if (before[kind] !== limits[kind]) this.d.table.forgetWarnings(profileId, kind);
    this.d.table.save(profileId, { limits, hardStop });
    // A limit set below what is spent already warns at once.
    return this.evaluate(profileId, true);
  }

  status(profileId: string): BudgetStatus {
    const config = this.d.table.config(profileId);
    const now = this.d.now();
    const budgets: BudgetState[] = [];
    for (const kind of BUDGET_KINDS) {
      const limit = config.limits[kind];
      if (limit === undefined) continue;
      const period = periodOf(kind, now);
      const spend = this.d.spend(profileId, period.start, period.end);
      budgets.push({
        kind, limit, spent: isMoney(kind) ? spend.money : spend.tokens, unpriced: isMoney(kind) ? spend.unpriced : 0,
        periodStart: period.start, periodEnd: period.end, warned: this.d.table.warned(profileId, kind, period.start),
      });
    }
    const spent = budgets.some((b) => b.spent >= b.limit);
    const overrideArmed = this.overrides.has(profileId);
    return { profileId, hardStop: config.hardStop, overrideArmed, blocked: config.hardStop && spent && !overrideArmed, budgets };
  }

  /**
   * Gives the warnings the profile's spend has reached and not given yet this period, each noted
   * before it is told. A spend that passes several levels at once notes them all and tells the
   * highest: one notice says it. `announce`: tell the status even when no warning is new.
   */
  evaluate(profileId: string, announce = false): BudgetStatus {
    const first = this.status(profileId);
    const warnings: BudgetWarning[] = [];
    const now = this.d.now();
    for (const b of first.budgets) {
      const fresh = levelsReached(b.spent, b.limit).filter((level) => this.d.table.warn(profileId, b.kind, b.periodStart, level, now));
      const top = fresh[fresh.length - 1];
      if (top !== undefined) warnings.push({ profileId, profileName: this.d.profileName(profileId), kind: b.kind, level: top, spent: b.spent, limit: b.limit });
    }
    const status = warnings.length ? this.status(profileId) : first;
    if (warnings.length || announce) this.d.onChange(status, warnings);
    return status;
  }

  override(profileId: string): BudgetStatus {
    this.overrides.add(profileId);
    const status = this.status(profileId);
    this.d.onChange(status, []);
    return status;
  }

  /**
   * The hard stop: throws, naming the budget and how to go on, when a budget of the profile is
   * spent and no override waits; an override lets this one submission through and is used up.
   * Calls still waiting for their balance read are read first, so a spent budget is not missed
   * for the few seconds the ledger waits between reads.
   */
  async gate(profileId: string): Promise<void> {
    const config = this.d.table.config(profileId);
    if (!config.hardStop || !Object.keys(config.limits).length) return;
    let status = this.status(profileId);
    if (status.budgets.some((b) => isMoney(b.kind) && b.spent < b.limit && this.pending(profileId, b))) {
      await this.d.flushLedger();
      status = this.status(profileId);
    }
    const spent = status.budgets.find((b) => b.spent >= b.limit);
    if (!spent) return;
    if (this.overrides.delete(profileId)) {
      this.d.onChange(this.status(profileId), []);
      return;
    }
    throw coreError('budget_exceeded', msg('budgets.refused', {
      budget: msg(`budgets.kind.${spent.kind}`), limit: budgetAmount(spent.kind, spent.limit), spent: budgetAmount(spent.kind, spent.spent),
    }));
  }

  /** Which budgets `estimate` would take past their limit, and whether the hard stop refuses a submission now. */
  check({ profileId, estimate }: { profileId: string; estimate: Estimate }): BudgetCheck {
    const status = this.status(profileId);
    const crosses = status.budgets.flatMap((b) => {
      const add = isMoney(b.kind) ? estimate.money ?? 0 : estimate.tokens ?? 0;
      return b.spent + add > b.limit ? [{ kind: b.kind, limit: b.limit, spent: b.spent, after: b.spent + add }] : [];
    });
    return { crosses, blocked: status.blocked };
  }

  private pending(profileId: string, b: BudgetState): boolean {
    return this.d.spend(profileId, b.periodStart, b.periodEnd).pending > 0;
  }
}
