/**
 * Cost where the work is (`ledger.costs`, `ledger.quote`) and the creator's price table
 * (`ledger.prices`, `ledger.setPrices`), docs/ledger.md. Opens after the ledger, whose service it
 * hands the price table to: calls attributed from then on use the creator's prices (basis `user`).
 */
import { defineModule } from '../module.js';
import { ItemCostReader } from './item-costs.js';
import { PriceStore } from './price-store.js';
import { quoteOf } from './quote.js';

export const ledgerQuoteModule = defineModule({
  name: 'ledger-quote',
  open({ use, log, emit, events, life }) {
    const db = use('db').forDomain('ledger');
    const { service } = use('ledger');
    const prices = new PriceStore(db, log);
    const costs = new ItemCostReader(db);
    service.usePrices(() => prices.engine());
    // A kill between a job's end and its items' links loses only the links: they are in its record.
    costs.linkJobs(use('tasks').list());
    // A job's saved items, for the gallery's cost: the ledger's own listener links its row.
    const off = events.on('jobEnded', (e) => {
      if (!e.libraryIds.length) return;
      costs.linkItems(e.id, e.libraryIds);
      emit('ledger.onChange', {});
    });
    // An item a synchronous call saved (a native image, speech audio): its cost is that call's row.
    const offSaved = events.on('itemSaved', (e) => {
      if (!e.callId) return;
      costs.linkItems(e.callId, [e.item.id]);
      emit('ledger.onChange', {});
    });
    life.started('ledger-quote', () => {
      off();
      offSaved();
    });
    return { prices, costs };
  },
  handlers: ({ use, emit }) => {
    const { prices, costs } = use('ledger-quote');
    const { service } = use('ledger');
    const { profiles } = use('settings');
    return {
      'ledger.costs': (i) => costs.costs(i),
      'ledger.quote': (i) => quoteOf(i, prices.engine(), service.learnerOf(profiles.activeId())),
      'ledger.prices': () => prices.table(),
      'ledger.setPrices': (i) => {
        const saved = prices.set(i);
        emit('ledger.onPricesChange', {});
        return saved;
      },
    };
  },
});
