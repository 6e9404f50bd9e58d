/**
 * What a start makes of a hand-off row an earlier session left (handoff-table.ts, job-sender.ts
 * recover), on a real studio database file: a row still `ready` is taken back so that no sender
 * can POST it any more; a `posting` row counts only while its sender runs and beats, so a pid
 * since reused by another process does not hold the job forever.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectionOf, storeAt } from '../test/store-at.js';
import { BEAT_STALE_MS, SenderRows } from './handoff-table.js';
import { JobSender } from './job-sender.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'studio-handoff-'));
  dirs.push(dir);
  const db = connectionOf(storeAt(join(dir, 'jobs.json')));
  // No sender process is started here: only the rows are read and written.
  return { db, sender: new JobSender({ db, file: join(dir, 'studio.db'), log: () => undefined, entry: () => undefined }) };
}

describe('a hand-off row found at a start', () => {
  it('still ready: taken back, and a sender that comes to claim it afterwards finds nothing to send', () => {
    const { db, sender } = setup();
    sender.rows.ready('job-1');
    expect(sender.recover('job-1')).toEqual({ kind: 'unsent' });
    expect(new SenderRows(db, 4242).claim('job-1', Date.now())).toBe(false);
    // Taken back once: a second look does not call it unsent again.
    expect(sender.recover('job-1')).toEqual({ kind: 'unknown' });
  });

  it('claimed by a sender first: the host cannot take it back, and waits on that sender while it runs and beats', () => {
    const { db, sender } = setup();
    sender.rows.ready('job-2');
    const now = Date.now();
    // This test's own process stands for a sender still alive.
    expect(new SenderRows(db, process.pid).claim('job-2', now)).toBe(true);
    expect(sender.recover('job-2', now + 1_000)).toEqual({ kind: 'posting' });
    // Its pid runs, but it stopped beating long ago: the pid is another process's now.
    expect(sender.recover('job-2', now + BEAT_STALE_MS + 1)).toEqual({ kind: 'unknown' });
  });

  it('claimed by a sender that has exited without an answer: fate unknown', () => {
    const { db, sender } = setup();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    sender.rows.ready('job-3');
    expect(new SenderRows(db, gone).claim('job-3', Date.now())).toBe(true);
    expect(sender.recover('job-3')).toEqual({ kind: 'unknown' });
  });

  it('answered: the answer as the sender wrote it, and the rows of jobs no longer being sent are cleared', () => {
    const { db, sender } = setup();
    sender.rows.ready('job-4');
    sender.rows.ready('job-5');
    const rows = new SenderRows(db, process.pid);
    rows.claim('job-4', Date.now());
    rows.answer('job-4', JSON.stringify({ taskIds: ['task-9'] }));
    expect(sender.recover('job-4')).toEqual({ kind: 'answered', answer: { taskIds: ['task-9'] } });
    sender.sweep(new Set(['job-4']));
    expect(sender.rows.all().map((r) => r.job_id)).toEqual(['job-4']);
  });
});
