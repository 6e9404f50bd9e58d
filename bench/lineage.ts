/**
 * Lineage at scale (docs/library-files.md, "Lineage"): 100,000 rows, every one recording a source,
 * in a real studio database file, as the library writes them (host/library/library-table.ts), so
 * each row's edges are written with it (lineage-table.ts). Measured:
 *   - the rows written as a rebuild or an import writes them (pages of WRITE_PAGE, the loop given
 *     back between), each with its edges: the host's longest event-loop hold, budget ≤ 100 ms;
 *     the whole for information;
 *   - the rows read back as an opening reads them into memory (`readAll`): for information (the
 *     gallery's open is measured end to end by bench/gallery.ts);
 *   - "used in", one indexed lookup of the edges (median of 1,000 sources), budget ≤ 5 ms;
 *   - the lineage migration's first run on 100,000 rows an earlier release wrote (it fills the
 *     edges from them in one statement, at the database's opening): for information.
 *   npx tsx bench/lineage.ts [--items 100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../host/db/database.js';
import { COLUMN_NAMES, columnsOf } from '../host/library/index-columns.js';
import type { LibraryItem } from '../host/library/library-item.js';
import { childrenOf } from '../host/library/lineage-table.js';
import { LibraryTable, libraryMigrations } from '../host/library/library-table.js';
import { report, type Row } from './lib/child.js';
import { longestHold } from './lib/loop-watch.js';
import { upperMedian as median } from './lib/median.js';

const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' } } });
const ITEMS = Number(values.items);
const HOLD_BUDGET_MS = 100;
const LOOKUP_BUDGET_MS = 5;



/** Item `i`: a remix of item `i - 1`, and every tenth also takes the first item as a reference. */
function item(i: number, withLineage: boolean): LibraryItem {
  const id = `item-${String(i).padStart(6, '0')}`;
  const madeFrom = !withLineage || i === 0 ? undefined : [
    { kind: 'remixOf' as const, itemId: `item-${String(i - 1).padStart(6, '0')}`, name: `a lighthouse ${i - 1}` },
    ...(i % 10 === 0 ? [{ kind: 'reference' as const, itemId: 'item-000000' }] : []),
  ];
  return {
    version: 1, id, kind: 'image', file: `2025-06/${id}.png`, mime: 'image/png', bytes: 1000, width: 1024, height: 1024, prompt: `a lighthouse ${i}`,
    model: 'seedream-4-5', params: { size: '1024x1024' }, createdAt: 1_750_000_000_000 + i, savedAt: 1_750_000_000_000 + i, ...(madeFrom ? { madeFrom } : {}),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'lineage-bench-'));
const rows: Row[] = [];
try {
  const items = Array.from({ length: ITEMS }, (_, i) => item(i, true));
  const db = openDatabase({ file: join(dir, 'studio.db'), domains: [libraryMigrations] });
  const table = new LibraryTable(db.forDomain('library'));
  const state = { root: dir, dirs: {}, importedFrom: null };
  const columns = columnsOf(items);
  const write = await longestHold(() => table.apply(state, { removeAll: true, add: columns }));
  rows.push({ figure: `${ITEMS.toLocaleString('en')} rows with lineage written as a rebuild writes them (ms)`, value: write.totalMs.toFixed(0), budget: '—', ok: null });
  rows.push({ figure: 'meanwhile, the host\'s longest event-loop hold (ms)', value: write.holdMs.toFixed(0), budget: `≤ ${HOLD_BUDGET_MS}`, ok: write.holdMs <= HOLD_BUDGET_MS });
  const edges = db.forDomain('library').prepare('SELECT count(*) FROM library_lineage').pluck().get() as number;
  rows.push({ figure: 'edges written', value: edges.toLocaleString('en'), budget: '—', ok: null });
  const read = await longestHold(() => table.readAll());
  rows.push({ figure: 'the rows read back as an opening reads them (ms)', value: read.totalMs.toFixed(0), budget: '—', ok: null });
  const lookups: number[] = [];
  for (let k = 0; k < 1000; k++) {
    const parent = `item-${String(Math.floor((k * 97) % ITEMS)).padStart(6, '0')}`;
    const start = performance.now();
    childrenOf(db.forDomain('library'), parent, 100);
    lookups.push(performance.now() - start);
  }
  const first = performance.now();
  const fromFirst = childrenOf(db.forDomain('library'), 'item-000000', 100).length;
  const firstMs = performance.now() - first;
  const lookup = median(lookups);
  rows.push({ figure: '"used in" of one item, median of 1,000 (ms)', value: lookup.toFixed(2), budget: `≤ ${LOOKUP_BUDGET_MS}`, ok: lookup <= LOOKUP_BUDGET_MS });
  rows.push({ figure: `"used in" of the item every tenth one references (${fromFirst} of them answered) (ms)`, value: firstMs.toFixed(2), budget: `≤ ${LOOKUP_BUDGET_MS}`, ok: firstMs <= LOOKUP_BUDGET_MS });
  db.close();

  // An earlier release's rows (no lineage yet, written as its LibraryTable did), then this release's first opening.
  const older = join(dir, 'older.db');
  const before = { ...libraryMigrations, migrations: libraryMigrations.migrations.filter((m) => m.version < 3) };
  const old = openDatabase({ file: older, domains: [before] });
  const oldDb = old.forDomain('library');
  const insert = oldDb.prepare(`INSERT INTO library_items (${['id', 'kind', 'file', 'thumb', 'prompt', 'model', 'created_at', 'saved_at', 'ratio', 'rest'].join(', ')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const plain = columnsOf(Array.from({ length: ITEMS }, (_, i) => item(i, false)));
  oldDb.transaction(() => {
    for (let i = 0; i < ITEMS; i++) insert.run(...COLUMN_NAMES.map((name) => (plain[name] as unknown[])[i]));
  })();
  old.close();
  const start = performance.now();
  const upgraded = openDatabase({ file: older, domains: [libraryMigrations] });
  const upgradeMs = performance.now() - start;
  upgraded.close();
  const again = performance.now();
  openDatabase({ file: older, domains: [libraryMigrations] }).close();
  const nextMs = performance.now() - again;
  rows.push({ figure: `the database's first opening with the lineage migration, ${ITEMS.toLocaleString('en')} rows of an earlier release (ms)`, value: upgradeMs.toFixed(0), budget: '—', ok: null });
  rows.push({ figure: 'the next opening, nothing to migrate, for comparison (ms)', value: nextMs.toFixed(0), budget: '—', ok: null });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
report(rows);
