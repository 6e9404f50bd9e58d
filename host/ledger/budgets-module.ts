/**
 * Budgets (`budgets.*`, docs/ledger.md, "Budgets"): kept in the studio database, measured on the
 * ledger's rows each time they change, and the hard stop every paid submission passes
 * (budget-gate.ts, checked by the core's dispatcher).
 */
import { defineModule } from '../module.js';
import { BudgetsService } from './budgets-service.js';
import { BudgetsTable, spendReader } from './budgets-table.js';

/** The longest a paid submission waits for the balance read of calls whose money is not known yet. */
const FLUSH_WAIT_MS = 3_000;

export const budgetsModule = defineModule({
  name: 'budgets',
  open({ now, emit, use, life }) {
    const { profiles } = use('settings');
    const ledger = use('ledger');
    const table = new BudgetsTable(use('db').forDomain('budgets'));
    const service = new BudgetsService({
      table,
      spend: spendReader(ledger.table.db),
      now,
      profileName: (id) => profiles.list().profiles.find((p) => p.id === id)?.name ?? id,
      // A balance read that hangs must not hold a submission for long: after this, the rows as they are decide.
      flushLedger: () => new Promise<void>((resolve) => {
        const late = setTimeout(resolve, FLUSH_WAIT_MS);
        late.unref?.();
        void ledger.service.flush().finally(() => {
          clearTimeout(late);
          resolve();
        });
      }),
      onChange: (status, warnings) => emit('budgets.onChange', { status, warnings }),
    });
    // The ledger changes in bursts (a row per billed call, then each read's money): measured once
    // per turn of the loop, for the profiles with a budget, whichever changed.
    let due: NodeJS.Immediate | undefined;
    const off = ledger.onChange(() => {
      due ??= setImmediate(() => {
        due = undefined;
        for (const id of table.profiles()) service.evaluate(id);
      });
    });
    life.started('budgets', () => {
      off();
      if (due) clearImmediate(due);
    });
    return service;
  },
  handlers: ({ use }) => {
    const budgets = use('budgets');
    const { profiles } = use('settings');
    const id = (i: { profileId?: string }) => i.profileId ?? profiles.activeId();
    return {
      'budgets.get': (i) => budgets.get(id(i)),
      'budgets.set': (i) => budgets.set(id(i), i.limits, i.hardStop),
      'budgets.status': (i) => budgets.status(id(i)),
      'budgets.override': (i) => budgets.override(id(i)),
      'budgets.check': (i) => budgets.check({ profileId: id(i), estimate: i.estimate }),
    };
  },
});
