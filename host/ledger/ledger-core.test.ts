/**
 * The spend ledger through the real core against the real sandbox (docs/ledger.md, "Rows"): every
 * kind of billed call writes one row with the units the sandbox billed and links to what it made;
 * the rows' money, remainder included, equals the sandbox's true spend to the ten-thousandth; a
 * job failed but billed and a refunded one say so. Balance reads move on a manual clock: they
 * happen when the test asks for fresh totals.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerRowView } from '@shared/contract/ledger.js';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openCore } from '../test/open-core.js';
import { dataDirCores } from '../test/data-dir-cores.js';
import { sandboxAdmin } from './test/sandbox-calls.js';
import { manualTimer } from './test/manual-timer.js';
import { spendKey, unitsKey, type SpendRow } from './test/sandbox-spend.js';

const rowKey = (r: LedgerRowView): string => (r.units ? unitsKey(r.model, r.units) : `${r.model} no units`);

async function openLedgerCore() {
  const c = await openCore({ ledgerTimer: manualTimer(Date.UTC(2026, 0, 1)).timer });
  const url = (await c.value('app.info')).sandboxUrl as string;
  const spend = async () => (await (await fetch(`${url}/_sandbox/spend?key=sk-sandbox`)).json()) as { rows: SpendRow[]; total_units: number };
  const rows = async (): Promise<LedgerRowView[]> => (await c.value('ledger.rows', { limit: 1000 })).rows;
  const calls = async () => (await rows()).filter((r) => r.kind === 'call');
  const jobEnds = async (id: string, state: string) => c.until(async () => (await c.value('tasks.list')).some((t: { id: string; state: string }) => t.id === id && t.state === state));
  const chatDone = async (streamId: string) => c.until(async () => c.events.some((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === streamId));
  return { ...c, url, spend, rows, calls, jobEnds, chatDone, fresh: () => c.value('ledger.totals', { refresh: true }) };
}

describe('the ledger through the core, against the sandbox', () => {
  it('a mixed set of calls: one row each, units as billed, links, and money equal to the true spend', async () => {
    const c = await openLedgerCore();
    // The baseline: the windows are measured from here.
    await c.fresh();
    const before = (await c.spend()).total_units;

    // One at a time, each read on its own: exact.
    const conv = await c.value('chat.create', { settings: { model: 'modela-5' } });
    const started = await c.value('chat.send', { conversationId: conv.id, text: 'hello there, ledger' });
    await c.chatDone(started.streamId);
    await c.until(async () => (await c.calls()).length === 1);
    await c.fresh();
    await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a red kite' });
    await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'just words', textOnly: true });
    await c.fresh();
    const image = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a kite', resolution: '1K', n: 2 } });
    await c.jobEnds(image.id, 'saved');
    await c.fresh();
    const gen = await c.value('tasks.submit', { route: 'video', request: { model: 'modelg3', prompt: 'a wave', duration: 5 } });
    const multi = await c.value('tasks.submit', { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'a fox', seconds: '5', size: '1280*720' } });
    await c.jobEnds(gen.id, 'saved');
    await c.jobEnds(multi.id, 'saved');
    await c.value('speech.synthesize', { model: 'tts-1', input: 'Hello there, ledger', voice: 'alloy' });
    await c.fresh();

    // A job the gateway fails and keeps the money for; then one it fails and refunds.
    await sandboxAdmin(c.url, 'faults/billed-failure', { count: 1 });
    const kept = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'lost', resolution: '1K' } });
    await c.jobEnds(kept.id, 'failed');
    await c.fresh();
    await c.fresh();
    await sandboxAdmin(c.url, 'faults/task', { message: 'fell over' });
    const refunded = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'refused', resolution: '1K' } });
    await c.jobEnds(refunded.id, 'failed');
    await c.fresh();

    // Overlapping calls, read together.
    await Promise.all([
      c.value('speech.synthesize', { model: 'tts-1', input: 'one voice', voice: 'alloy' }),
      c.value('speech.synthesize', { model: 'tts-1', input: 'and another voice', voice: 'alloy' }),
      c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a blue kite' }),
    ]);
    await c.until(async () => (await c.calls()).length === 12);
    const totals = await c.fresh();

    const spend = await c.spend();
    // To the ten-thousandth, the remainder included.
    expect(totals.month.money).toBe(spend.total_units - before);
    const rows = await c.rows();
    const sum = rows.reduce((n, r) => n + (r.money ?? 0) + (r.refund?.money ?? 0), 0);
    expect(sum).toBe(spend.total_units - before);
    expect(totals.remainder).toBe(rows.filter((r) => r.kind === 'remainder').reduce((n, r) => n + (r.money ?? 0), 0));

    // One row per charge, each with the units the sandbox billed.
    const calls = rows.filter((r) => r.kind === 'call');
    expect(calls.map(rowKey).sort()).toEqual(spend.rows.filter((r) => r.kind === 'charge').map(spendKey).sort());
    expect(new Set(calls.map((r) => r.callId)).size).toBe(calls.length);

    // What each made, and how it ended.
    const chat = calls.find((r) => r.route === 'chat')!;
    expect(chat.links.conversationId).toBe(conv.id);
    expect(chat.links.replyId).toEqual(expect.any(String));
    expect(chat.basis).toBe('exact');
    const jobRow = calls.find((r) => r.callId === image.id)!;
    expect(jobRow).toMatchObject({ route: 'image', modality: 'image', outcome: 'succeeded', links: { jobId: image.id } });
    expect(jobRow.links.libraryIds).toHaveLength(2);
    expect(calls.find((r) => r.callId === gen.id)).toMatchObject({ route: 'video-generations', units: { kind: 'video', seconds: 5, size: '720p' } });
    expect(calls.find((r) => r.callId === multi.id)).toMatchObject({ route: 'video-multipart', units: { kind: 'video', seconds: 5, size: '720p' } });
    expect(calls.find((r) => r.callId === kept.id)).toMatchObject({ outcome: 'failed' });
    // Charged and refunded between the same two reads: it nets to nothing, whatever it cost.
    const back = calls.find((r) => r.callId === refunded.id)!;
    expect(back).toMatchObject({ outcome: 'refunded', refund: expect.any(Object) });
    expect((back.money ?? 0) + (back.refund!.money ?? 0)).toBe(0);
    expect(c.events.some((e) => e.event === 'ledger.onChange')).toBe(true);
  });
});

describe('kill-safety', () => {
  const cores = dataDirCores('ledger-kill-');
  const until = async (pred: () => Promise<boolean>) => {
    for (let i = 0; !(await pred()); i++) {
      if (i > 1500) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('a job whose row a kill lost gets its row from its record at the next start', async () => {
    const dir = cores.freshDir();
    const first = await cores.start(dir);
    first.resume();
    const job = await first.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a heron', resolution: '1K', n: 2 } });
    await until(async () => (await first.value('tasks.list')).some((t: { id: string; state: string }) => t.id === job.id && t.state === 'saved'));
    await until(async () => (await first.value('ledger.rows', {})).rows.some((r: LedgerRowView) => r.callId === job.id));
    await first.close();
    // As if killed between the job's record and the ledger's write.
    const db = new Database(join(dir, 'studio.db'));
    db.prepare('DELETE FROM ledger_rows WHERE call_id = ?').run(job.id);
    db.close();

    const second = await cores.start(dir);
    const rows: LedgerRowView[] = (await second.value('ledger.rows', {})).rows;
    expect(rows.filter((r) => r.callId === job.id)).toEqual([expect.objectContaining({
      route: 'image', model: 'seedream-4-0', modality: 'image', outcome: 'succeeded', basis: 'unpriced',
      units: { kind: 'image', images: 2, resolution: '1K' }, links: expect.objectContaining({ jobId: job.id }),
    })]);
    expect(rows.find((r) => r.callId === job.id)!.links.libraryIds).toHaveLength(2);
    await second.close();
    // Started again, with the row there: still one.
    const third = await cores.start(dir);
    expect((await third.value('ledger.rows', {})).rows.filter((r: LedgerRowView) => r.callId === job.id)).toHaveLength(1);
  });
});
