/**
 * The prices the creator sets in Settings (docs/ledger.md, "Prices you set"), kept in the studio
 * database (docs/data.md) as one checked document: the table is small (at most a few hundred
 * lines) and always replaced whole. A document that no longer passes its check (a damaged file, a
 * newer studio's shape) is set aside as no prices, said once in the log, never guessed at.
 */
import { PriceTable, type PriceEntry } from '@shared/contract/ledger-quote.js';
import type { Db, DomainMigrations } from '../db/migrations.js';
import type { UserPrices } from './user-prices.js';

export const ledgerPriceMigrations: DomainMigrations = {
  domain: 'ledger-prices',
  migrations: [
    {
      version: 1,
      name: 'prices the creator set',
      up: (db) => db.exec('CREATE TABLE ledger_user_prices (id INTEGER PRIMARY KEY CHECK (id = 1), entries TEXT NOT NULL) STRICT;'),
    },
  ],
};

/** The engine's shape (user-prices.ts) of the table's lines. */
export function userPricesOf(entries: readonly PriceEntry[]): UserPrices {
  const prices: Required<UserPrices> = { text: {}, nativeImage: {}, image: {}, video: {}, speech: {} };
  for (const e of entries) {
    switch (e.kind) {
      case 'text': prices.text[e.model] = { input: e.input, output: e.output, ...(e.thinking !== undefined ? { thinking: e.thinking } : {}) }; break;
      case 'native-image': prices.nativeImage[e.model] = e.price; break;
      case 'image': (prices.image[e.model] ??= {})[e.unitClass] = e.price; break;
      case 'video': (prices.video[e.model] ??= {})[e.unitClass] = e.price; break;
      case 'speech': prices.speech[e.model] = e.price; break;
    }
  }
  return prices;
}

export class PriceStore {
  private readonly read;
  private readonly write;
  private cached: { table: PriceTable; engine: UserPrices } | undefined;

  constructor(db: Db, private readonly log: (line: string) => void) {
    this.read = db.prepare('SELECT entries FROM ledger_user_prices WHERE id = 1').pluck();
    this.write = db.prepare('INSERT INTO ledger_user_prices (id, entries) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET entries = excluded.entries');
  }

  table(): PriceTable {
    return this.load().table;
  }

  /** What the ledger prices calls by; undefined while the table is empty. */
  engine(): UserPrices | undefined {
    const { table, engine } = this.load();
    return table.entries.length ? engine : undefined;
  }

  /** Replaces the table whole (already checked at the contract); the lines trimmed as checked. */
  set(table: PriceTable): PriceTable {
    const checked = PriceTable.parse(table);
    this.write.run(JSON.stringify(checked.entries));
    this.cached = { table: checked, engine: userPricesOf(checked.entries) };
    return checked;
  }

  private load(): { table: PriceTable; engine: UserPrices } {
    if (this.cached) return this.cached;
    const text = this.read.get() as string | undefined;
    let table: PriceTable = { entries: [] };
    if (text !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const checked = PriceTable.safeParse({ entries: parsed });
      if (checked.success) table = checked.data;
      else this.log('ledger: the prices you set could not be read; no set prices are used until they are saved again');
    }
    this.cached = { table, engine: userPricesOf(table.entries) };
    return this.cached;
  }
}
