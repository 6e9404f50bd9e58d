/**
 * A job's billed call and its record's change, written together (job-store.ts, `billed`;
 * docs/ledger.md, "Rows"): the bus's writers run inside the transaction that commits the change,
 * a writer that throws undoes the record's change too, and the call is announced to listeners
 * only once committed, once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus, type HostEvents } from '../events.js';
import type { JobRecord } from './job-record.js';
import { connectionOf, storeAt } from './test/store-at.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-job-billed-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const job = (): JobRecord => ({
  id: 'job-1', profileId: 'p', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: 'a lantern',
  params: { resolution: '2K' }, state: 'submitting', createdAt: 1, updatedAt: 1, checks: 0, errorStreak: 0, resultUrls: [], downloads: [],
});
const billed: HostEvents['billed'] = { callId: 'job-1', profileId: 'p', route: 'image', model: 'seedream-4-0', at: 2, links: { jobId: 'job-1' } };

function setUp() {
  const events = new EventBus();
  const store = storeAt(join(dir, 'jobs.json'), undefined, undefined, { events });
  const db = connectionOf(store);
  db.exec('CREATE TABLE calls (id TEXT PRIMARY KEY)');
  const heard: string[] = [];
  events.on('billed', (b) => void heard.push(b.callId));
  const recorded = () => JSON.parse(db.prepare("SELECT record FROM tasks_jobs WHERE id = 'job-1'").pluck().get() as string) as JobRecord;
  const calls = () => db.prepare('SELECT id FROM calls').pluck().all();
  return { events, store, db, heard, recorded, calls };
}

describe("a job's billed call", () => {
  it('is written by the bus\'s writers in the transaction of the record\'s change, then announced once', async () => {
    const { events, store, heard, recorded, calls, db } = setUp();
    let inside = false;
    events.onWrite('billed', (b) => {
      inside = db.inTransaction;
      db.prepare('INSERT INTO calls (id) VALUES (?)').run(b.callId);
    });
    const j = job();
    await store.putDurable(j);
    store.billed(j.id, billed);
    Object.assign(j, { state: 'queued', remoteId: 'task-1' });
    await store.putDurable(j);
    expect(inside).toBe(true);
    expect(recorded().remoteId).toBe('task-1');
    expect(calls()).toEqual(['job-1']);
    await new Promise((r) => setImmediate(r));
    expect(heard).toEqual(['job-1']);
    // Later changes of the job write and announce it no more.
    store.put(Object.assign(j, { state: 'running' }));
    await store.flush();
    await new Promise((r) => setImmediate(r));
    expect(heard).toEqual(['job-1']);
  });

  it('a writer that throws undoes the record\'s change, and nothing is announced until a write succeeds', async () => {
    const { events, store, heard, recorded, calls, db } = setUp();
    let refuse = true;
    events.onWrite('billed', (b) => {
      db.prepare('INSERT INTO calls (id) VALUES (?)').run(b.callId);
      if (refuse) throw new Error('the ledger refused');
    });
    const j = job();
    await store.putDurable(j);
    store.billed(j.id, billed);
    Object.assign(j, { state: 'queued', remoteId: 'task-1' });
    await expect(store.flush()).rejects.toThrow();
    expect(recorded().remoteId).toBeUndefined();
    expect(calls()).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(heard).toEqual([]);
    refuse = false;
    await store.flush();
    expect(recorded().remoteId).toBe('task-1');
    expect(calls()).toEqual(['job-1']);
    await new Promise((r) => setImmediate(r));
    expect(heard).toEqual(['job-1']);
  });
});
