/**
 * The Spend view's export (docs/ledger.md, "The Spend view"): the filtered rows, newest first, as
 * CSV (csv-stringify, a row per call, for a spreadsheet) or JSON (every field, money in
 * ten-thousandths and in yuan). The file leaves through the shell's ports as a gallery export does
 * (docs/library-files.md): the desktop's Save dialog, or the browser shell's one-time download
 * link. It is written a page of rows at a time, the loop given back between pages, into a hidden
 * temp renamed when whole: a full disk leaves no half file and says so.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import type { LedgerFilter, LedgerRowView } from '@shared/contract/ledger.js';
import type { TakeOutcome } from '@shared/contract/library.js';
import type { LanguageSetting } from '@shared/languages.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { GatewayFailure } from '../gateway/failure.js';
import { csvCell } from '../library/export-manifest.js';
import { SOFTWARE } from '../library/file-metadata.js';
import { writeFailure } from '../library/take-out.js';
import type { CorePorts } from '../ports.js';
import type { LedgerTable } from './ledger-table.js';
import { MONEY_PER_YUAN } from './money.js';

export type ExportFormat = 'csv' | 'json';

export interface LedgerExportDeps {
  table: LedgerTable;
  ports: Pick<CorePorts, 'dataDir' | 'chooseSavePath' | 'offerDownload'>;
  language(): LanguageSetting;
  now(): number;
}

/** Rows read per page: one page is a few milliseconds of the loop. */
const PAGE = 1_000;

export const LEDGER_CSV_COLUMNS = [
  'time', 'profile', 'kind', 'route', 'model', 'modality', 'outcome',
  'tokens_in', 'tokens_out', 'tokens_thinking', 'images', 'resolution', 'seconds', 'size', 'characters',
  'money_yuan', 'basis', 'range_low_yuan', 'range_high_yuan', 'refund_yuan',
  'conversation', 'reply', 'job', 'batch_index', 'library_items', 'call_id',
] as const;

/** Ten-thousandths of a yuan as an exact decimal string (no float on the way): 12345 → "1.2345". */
export function yuanText(money: number | undefined): string {
  if (money === undefined) return '';
  const sign = money < 0 ? '-' : '';
  const abs = Math.abs(money);
  return `${sign}${Math.floor(abs / MONEY_PER_YUAN)}.${String(abs % MONEY_PER_YUAN).padStart(4, '0')}`;
}

function csvRecord(r: LedgerRowView): string[] {
  const u = r.units;
  const text = u?.kind === 'text' ? u : undefined;
  const cell = (v: string | number | undefined) => (v === undefined ? '' : csvCell(String(v)));
  return [
    new Date(r.at).toISOString(), r.profileId, r.kind, r.route, r.model, r.modality, r.outcome,
    text?.input, text?.output, text?.thinking,
    u && 'images' in u ? u.images : undefined, u?.kind === 'image' ? u.resolution : undefined,
    u?.kind === 'video' ? u.seconds : undefined, u?.kind === 'video' ? u.size : undefined,
    u?.kind === 'speech' ? u.characters : undefined,
    yuanText(r.money), r.basis ?? 'pending', yuanText(r.range?.low), yuanText(r.range?.high), yuanText(r.refund?.money),
    r.links.conversationId, r.links.replyId, r.links.jobId, r.links.batchIndex, r.links.libraryIds?.join(' '), r.callId,
  ].map(cell);
}

/** The rows within the filter, newest first, a page at a time with the loop given back between pages. */
async function* filteredRows(table: LedgerTable, filter: LedgerFilter): AsyncGenerator<LedgerRowView[]> {
  let before: { at: number; callId: string } | undefined;
  for (;;) {
    const page = table.rows({ ...filter, ...(before ? { before } : {}), limit: PAGE });
    if (page.length) yield page;
    if (page.length < PAGE) return;
    const last = page[page.length - 1];
    before = { at: last.at, callId: last.callId };
    await nextTurn();
  }
}

async function writeRows(target: string, deps: LedgerExportDeps, filter: LedgerFilter, format: ExportFormat): Promise<number> {
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  let count = 0;
  try {
    if (format === 'csv') {
      // A byte-order mark, so a spreadsheet reads the names (Chinese ones too) as UTF-8.
      await write(`\uFEFF${stringify([[...LEDGER_CSV_COLUMNS]])}`);
    } else {
      const head = JSON.stringify({ software: SOFTWARE, exportedAt: new Date(deps.now()).toISOString(), filter, moneyUnit: 'ten-thousandths of a yuan' });
      await write(`${head.slice(0, -1)},"rows":[\n`);
    }
    for await (const page of filteredRows(deps.table, filter)) {
      const text = format === 'csv'
        ? stringify(page.map(csvRecord))
        : page.map((r, i) => `${count + i ? ',\n' : ''}${JSON.stringify({ ...r, time: new Date(r.at).toISOString(), moneyYuan: r.money === undefined ? null : yuanText(r.money) })}`).join('');
      count += page.length;
      await write(text);
    }
    if (format === 'json') await write(`\n],"count":${count}}\n`);
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
    return count;
  } catch (err) {
    out.destroy();
    throw err;
  }
}

/** Writes through a hidden temp beside `target`, renamed into place once whole; nothing is left on failure. */
async function writeThenRename(target: string, write: (temp: string) => Promise<number>): Promise<{ count: number; bytes: number }> {
  const folder = dirname(target);
  const temp = join(folder, `.${basename(target)}.${randomUUID().slice(0, 8)}.part`);
  try {
    const count = await write(temp);
    const { size } = await stat(temp);
    await rename(temp, target);
    return { count, bytes: size };
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined);
    if (err instanceof GatewayFailure) throw err;
    throw writeFailure(err, folder, 'export');
  }
}

/** The filtered rows as a CSV or JSON file: Save as… on the desktop, a download link in the browser shell. */
export async function exportLedger(deps: LedgerExportDeps, filter: LedgerFilter, format: ExportFormat): Promise<TakeOutcome> {
  const stamp = new Date(deps.now()).toISOString().slice(0, 16).replace(/[T:]/g, '-');
  const name = `gateway-studio-spend-${stamp}.${format}`;
  const write = (temp: string) => writeRows(temp, deps, filter, format);
  const { chooseSavePath, offerDownload } = deps.ports;
  if (chooseSavePath) {
    const target = await chooseSavePath({ defaultName: name, kind: format, language: deps.language() });
    if (!target) return { outcome: 'cancelled' };
    const { count, bytes } = await writeThenRename(target, write);
    return { outcome: 'saved', name: basename(target), bytes, count };
  }
  if (offerDownload) {
    const folder = join(deps.ports.dataDir, 'exports');
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw writeFailure(err, folder, 'export');
    }
    const path = join(folder, `${randomUUID()}.${format}`);
    const { count, bytes } = await writeThenRename(path, write);
    const url = offerDownload({ path, name, type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json', temporary: true });
    return { outcome: 'download', url, name, bytes, count };
  }
  throw coreError('invalid_request', msg('files.unavailable'));
}
