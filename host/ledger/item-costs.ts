/**
 * What a task, a chat reply or a gallery item cost (docs/ledger.md, "Cost where the work is"),
 * summed from the ledger rows linked to it and read for a whole page of them in one query per
 * kind, never one per row. A job's row is keyed by the job's id; a reply's rows are found through
 * an index on the reply id in their links; a gallery item's through a table of the items each
 * job saved, filled as jobs end (and, once, from the rows written before it existed).
 */
import type { ItemCost, ItemCosts, ItemCostsInput } from '@shared/contract/ledger-quote.js';
import type { Db, DomainMigrations } from '../db/migrations.js';
import type { JobRecord } from '../tasks/job-record.js';
import { rowOf, type LedgerRow } from './ledger-table.js';

export const ledgerCostMigrations: DomainMigrations = {
  domain: 'ledger-costs',
  migrations: [
    {
      version: 1,
      name: 'ledger rows by reply and by gallery item',
      up: (db) => db.exec(`
        CREATE INDEX ledger_rows_reply ON ledger_rows (json_extract(links, '$.replyId'));
        CREATE TABLE ledger_item_links (
          library_id TEXT PRIMARY KEY,
          call_id TEXT NOT NULL
        ) STRICT;
        INSERT OR IGNORE INTO ledger_item_links (library_id, call_id)
          SELECT j.value, r.call_id FROM ledger_rows r, json_each(r.links, '$.libraryIds') j WHERE json_valid(r.links);
      `),
    },
  ],
};

type RawRow = Parameters<typeof rowOf>[0];

/** The least sure basis first: what a sum of rows is shown as. */
const ORDER: ItemCost['basis'][] = ['unpriced', 'pending', 'estimated', 'user', 'exact'];

/** One item's cost from its rows (a job has one; a reply that ran tools, several). */
export function costOf(rows: readonly LedgerRow[]): ItemCost {
  let money = 0;
  let low = 0;
  let high = 0;
  let known = false;
  let ranged = false;
  const bases = new Set<ItemCost['basis']>();
  let tokens: ItemCost['tokens'];
  for (const row of rows) {
    bases.add(row.basis ?? 'pending');
    if (row.money !== undefined) {
      known = true;
      money += row.money;
      low += row.range?.low ?? row.money;
      high += row.range?.high ?? row.money;
      ranged ||= row.range !== undefined;
    }
    if (row.refund) {
      bases.add(row.refund.basis);
      if (row.refund.money !== undefined) {
        money += row.refund.money;
        low += row.refund.money;
        high += row.refund.money;
      }
    }
    if (row.units?.kind === 'text') {
      tokens ??= { input: 0, output: 0, thinking: 0 };
      tokens = { input: tokens.input + row.units.input, output: tokens.output + row.units.output, thinking: tokens.thinking + row.units.thinking };
    }
  }
  const basis = ORDER.find((b) => bases.has(b)) ?? 'pending';
  return {
    calls: rows.length,
    basis,
    ...(known ? { money } : {}),
    ...(known && ranged ? { range: { low: Math.max(0, low), high } } : {}),
    refunded: rows.length > 0 && rows.every((r) => r.outcome === 'refunded'),
    ...(tokens ? { tokens } : {}),
  };
}

function grouped(rows: readonly (RawRow & { key: string })[]): Record<string, ItemCost> {
  const by = new Map<string, LedgerRow[]>();
  for (const r of rows) {
    const list = by.get(r.key) ?? [];
    list.push(rowOf(r));
    by.set(r.key, list);
  }
  return Object.fromEntries([...by].map(([key, list]) => [key, costOf(list)]));
}

export class ItemCostReader {
  private readonly byJob;
  private readonly byReply;
  private readonly byItem;
  private readonly link;

  constructor(private readonly db: Db) {
    // The ids come as one JSON array: one statement, whatever the page's size.
    this.byJob = db.prepare("SELECT call_id AS key, * FROM ledger_rows WHERE kind = 'call' AND call_id IN (SELECT value FROM json_each(?))");
    this.byReply = db.prepare(`SELECT json_extract(links, '$.replyId') AS key, * FROM ledger_rows
      WHERE json_extract(links, '$.replyId') IN (SELECT value FROM json_each(?))`);
    this.byItem = db.prepare(`SELECT l.library_id AS key, r.* FROM ledger_item_links l JOIN ledger_rows r ON r.call_id = l.call_id
      WHERE l.library_id IN (SELECT value FROM json_each(?))`);
    this.link = db.prepare('INSERT OR IGNORE INTO ledger_item_links (library_id, call_id) VALUES (?, ?)');
  }

  /** The gallery items a billed call made (a job's saved results). */
  linkItems(callId: string, libraryIds: readonly string[]): void {
    if (!libraryIds.length) return;
    this.db.transaction(() => {
      for (const id of libraryIds) this.link.run(id, callId);
    })();
  }

  /** The items each job's record says it saved, linked again at a start (nothing already linked is written). */
  linkJobs(jobs: readonly Pick<JobRecord, 'id' | 'remoteId' | 'downloads'>[]): void {
    this.db.transaction(() => {
      for (const job of jobs) {
        if (!job.remoteId) continue;
        for (const dl of job.downloads) if (dl.libraryId) this.link.run(dl.libraryId, job.id);
      }
    })();
  }

  costs(input: ItemCostsInput): ItemCosts {
    const read = (statement: typeof this.byJob, ids: readonly string[] | undefined) =>
      ids?.length ? grouped(statement.all(JSON.stringify([...new Set(ids)])) as (RawRow & { key: string })[]) : {};
    return { jobs: read(this.byJob, input.jobIds), replies: read(this.byReply, input.replyIds), items: read(this.byItem, input.libraryIds) };
  }
}
