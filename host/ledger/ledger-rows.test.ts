/**
 * When and with what a ledger row is written (docs/ledger.md, "Rows"), through the real core on a
 * real database file against the sandbox: a job's row is committed in the same transaction as the
 * job's record taking the gateway's answer, so a disk that refuses the record refuses the row too
 * (and a kill can never leave one without the other); the items a native image call or a speech
 * call saved are linked from its row.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LedgerRowView } from '@shared/contract/ledger.js';
import { openCore } from '../test/open-core.js';
import { manualTimer } from './test/manual-timer.js';

async function ledgerCore() {
  const c = await openCore({ ledgerTimer: manualTimer(Date.UTC(2026, 0, 1)).timer });
  const rows = async (): Promise<LedgerRowView[]> => (await c.value('ledger.rows', { limit: 1000 })).rows;
  return { ...c, rows, file: join(c.ports.dataDir, 'studio.db') };
}

describe('a job row and its record', () => {
  it('are committed together: while the record cannot take the task id, no row; once it can, both', async () => {
    const c = await ledgerCore();
    // Another connection to the same file holds back every write of a record carrying a task id,
    // as a disk that refuses would: the job's own state change fails, and must take its row with it.
    const other = new Database(c.file);
    other.exec(`CREATE TRIGGER hold_task_id BEFORE UPDATE ON tasks_jobs WHEN NEW.record LIKE '%"remoteId"%'
      BEGIN SELECT RAISE(ABORT, 'refused'); END;`);
    const job = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a held heron', resolution: '1K' } });
    // The gateway took it (the sandbox knows its task) and the studio heard the answer.
    const recorded = () => other.prepare('SELECT record FROM tasks_jobs WHERE id = ?').pluck().get(job.id) as string;
    const ledgerRow = () => other.prepare('SELECT call_id FROM ledger_rows WHERE call_id = ?').pluck().get(job.id);
    await c.until(async () => c.core !== undefined && (await c.value('tasks.list')).some((t: { id: string; remoteId?: string }) => t.id === job.id && t.remoteId));
    // Several gathered writes have been refused by now; not one wrote the row alone.
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setImmediate(r));
      expect(JSON.parse(recorded()).remoteId).toBeUndefined();
      expect(ledgerRow()).toBeUndefined();
    }
    other.exec('DROP TRIGGER hold_task_id');
    await c.until(async () => JSON.parse(recorded()).remoteId !== undefined);
    await c.until(async () => ledgerRow() !== undefined);
    other.close();
    const mine = (await c.rows()).filter((r) => r.callId === job.id);
    expect(mine).toEqual([expect.objectContaining({ route: 'image', units: { kind: 'image', images: 1, resolution: '1K' }, links: expect.objectContaining({ jobId: job.id }) })]);
  });
});

describe('links to what a call saved', () => {
  it('a native image call and a speech call link the library items they saved', async () => {
    const c = await ledgerCore();
    const image = await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a red kite' });
    const speech = await c.value('speech.synthesize', { model: 'tts-1', input: 'Hello there, ledger', voice: 'alloy' });
    expect(image.items.length).toBeGreaterThan(0);
    const linked = async (route: string, ids: string[]) => c.until(async () => (await c.rows()).some((r) => r.route === route && JSON.stringify(r.links.libraryIds) === JSON.stringify(ids)));
    await linked('native', image.items.map((i: { id: string }) => i.id));
    await linked('speech', [speech.item.id]);
    // One row each, nothing doubled by the links.
    expect((await c.rows()).filter((r) => r.kind === 'call')).toHaveLength(2);
    // The gallery item's cost (docs/ledger.md, "Cost where the work is") is found from the item.
    const ids = [...image.items.map((i: { id: string }) => i.id), speech.item.id];
    const costs = await c.value('ledger.costs', { libraryIds: ids });
    expect(Object.keys(costs.items).sort()).toEqual([...ids].sort());
  });
});
