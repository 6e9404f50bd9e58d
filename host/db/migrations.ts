/**
 * Numbered migrations, per domain (docs/data.md, "Adding tables"): each domain lists its own
 * steps `{ version, name, up(db) }` from 1 upwards and the database records which ran in the
 * `migrations` table, keyed by domain and version. So a new domain adds its tables without
 * renumbering anyone else's, and two domains added on parallel branches never collide.
 */
import type BetterSqlite3 from 'better-sqlite3';

export type Db = BetterSqlite3.Database;

export interface Migration {
  /** 1, 2, 3 … within its domain; never renumbered once released. */
  version: number;
  /** What it does, for the log and the snapshot's name. */
  name: string;
  up(db: Db): void;
}

export interface DomainMigrations {
  /** The domain's name ('library', 'tasks' …): letters, digits and dashes. */
  domain: string;
  migrations: readonly Migration[];
}

export interface PendingMigration extends Migration {
  domain: string;
}

const LEDGER = `CREATE TABLE IF NOT EXISTS migrations (
  domain TEXT NOT NULL,
  version INTEGER NOT NULL,
  name TEXT NOT NULL,
  applied_at INTEGER NOT NULL,
  PRIMARY KEY (domain, version)
) STRICT`;

/** Checks a domain list once, at start: a duplicate or a gap is a developer's mistake, not a creator's. */
export function checkMigrations(domains: readonly DomainMigrations[]): void {
  const names = new Set<string>();
  for (const { domain, migrations } of domains) {
    if (!/^[a-z0-9-]{1,40}$/.test(domain) || names.has(domain)) throw new Error(`db: the domain name ${JSON.stringify(domain)} is invalid or listed twice`);
    names.add(domain);
    migrations.forEach((m, i) => {
      if (m.version !== i + 1) throw new Error(`db: ${domain}'s migrations must be numbered 1, 2, 3 … in order (found ${m.version} at place ${i + 1})`);
    });
  }
}

/** The steps not yet applied, in each domain's order (domains in the order listed). */
export function pendingMigrations(db: Db, domains: readonly DomainMigrations[]): PendingMigration[] {
  db.exec(LEDGER);
  const applied = new Set((db.prepare('SELECT domain, version FROM migrations').all() as { domain: string; version: number }[]).map((r) => `${r.domain}/${r.version}`));
  return domains.flatMap(({ domain, migrations }) => migrations.filter((m) => !applied.has(`${domain}/${m.version}`)).map((m) => ({ ...m, domain })));
}

/** Runs one step and records it, in one transaction: a step that throws leaves nothing of itself. */
export function applyMigration(db: Db, m: PendingMigration, now: number): void {
  db.transaction(() => {
    m.up(db);
    db.prepare('INSERT INTO migrations (domain, version, name, applied_at) VALUES (?, ?, ?, ?)').run(m.domain, m.version, m.name, now);
  })();
}
