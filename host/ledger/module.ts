/**
 * The spend ledger (`ledger.*`, docs/ledger.md): a row per billed call, heard on the host's event
 * bus (`billed`, `jobEnded`), its money from the balance reads after billed calls. At start the
 * prices are learned again from the exact rows, and a job the gateway took whose row a kill lost
 * gets its row from the job's record.
 */
import { CashBalance } from '@shared/gateway/wire.js';
import { defineModule } from '../module.js';
import { LedgerService } from './ledger-service.js';
import { LedgerTable } from './ledger-table.js';
import { ledgerTotals } from './ledger-totals.js';
import { exportLedger } from './ledger-export.js';
import { rebuildDaysIfZoneChanged } from './ledger-days.js';
import { moneyFromYuan } from './money.js';

/** At most one balance read per profile in this time, however many calls are billed (docs/ledger.md). */
const READ_INTERVAL_MS = 3_000;

export const ledgerModule = defineModule({
  name: 'ledger',
  open({ options, log, now, emit, events, use, life }) {
    const { profiles } = use('settings');
    const listeners = new Set<() => void>();
    const table = new LedgerTable(use('db').forDomain('ledger'));
    // The day sums follow the time zone the studio runs in now (docs/ledger.md, "The Spend view").
    if (rebuildDaysIfZoneChanged(table.db)) log('ledger: the time zone changed; the days were counted again');
    const service = new LedgerService({
      table,
      read: async (profileId) => {
        const cash = await profiles.connect(profileId).client.json({ method: 'GET', path: '/v1/account/balance', timeoutMs: 10_000 }, CashBalance);
        return moneyFromYuan(cash.total_used);
      },
      intervalMs: options.ledgerReadIntervalMs ?? READ_INTERVAL_MS,
      timer: options.ledgerTimer,
      log,
      now,
      onChange: () => {
        emit('ledger.onChange', {});
        for (const l of listeners) l();
      },
    });
    const tasks = use('tasks');
    service.recoverJobs(tasks.list());
    // A job's row is written in the transaction of its record's change (host/tasks/job-store.ts);
    // any other call's when it is announced.
    const offWrite = events.onWrite('billed', (b) => service.writeBilled(b));
    const offBilled = events.on('billed', (b) => service.billed(b));
    const offEnded = events.on('jobEnded', (e) => service.jobEnded(e));
    const offSaved = events.on('itemSaved', (e) => service.itemSaved(e));
    // The baseline of the active profile's balance: the first calls' windows are measured from it.
    const ready = service.start([profiles.activeId()]).catch((err: unknown) => log(`ledger: the first balance read failed (${String(err)})`));
    life.started('ledger', () => {
      offWrite();
      offBilled();
      offEnded();
      offSaved();
      // A read still under way writes nothing once closed: the database closes after this.
      service.close();
    });
    const onChange = (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    };
    return { service, table, ready, onChange };
  },
  handlers: ({ use, now, ports }) => {
    const { table, service } = use('ledger');
    const { store } = use('settings');
    return {
      'ledger.rows': (i) => {
        const { before, limit = 200, ...filter } = i;
        const rows = table.rows({ ...filter, ...(before ? { before } : {}), limit: limit + 1 });
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return { rows: page, ...(rows.length > limit && last ? { next: { at: last.at, callId: last.callId } } : {}) };
      },
      'ledger.totals': async (i) => {
        const { refresh, ...filter } = i;
        if (refresh) await service.flush();
        return ledgerTotals(table, filter, now());
      },
      'ledger.export': ({ format, ...filter }) => exportLedger({ table, ports, language: () => store.get().language, now }, filter, format),
    };
  },
});
