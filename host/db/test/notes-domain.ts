/** A one-table domain for the database's own tests (read-only.test.ts and its child process). */
import type { DomainMigrations } from '../migrations.js';

export const NOTES: DomainMigrations[] = [
  { domain: 'notes', migrations: [{ version: 1, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (text TEXT NOT NULL)') }] },
];
