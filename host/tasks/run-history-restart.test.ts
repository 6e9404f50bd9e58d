/**
 * What the poller learned of a model's lengths outlives a restart (docs/gateway-rules.md,
 * "Polling cadence"): kept with each finished job in the task list and read again as the studio
 * starts. Written as a creator meets it (the first clips after starting the studio again) and as
 * a task list from another gateway, an old one, or a damaged or hostile one would meet it.
 */
import { describe, expect, it, vi } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_CADENCE } from './cadence.js';
import { noisyDurationMs } from '../../sandbox/core/progress-curve.js';
import { fakeClockFolder, expectInRange, linear, minimum, noisy, setup } from './test/aim-harness.js';
import { listedOnDisk } from './test/tasks-db.js';

const folder = fakeClockFolder('studio-run-history-');

/** The slow end of the video range, as the poller keeps it without an estimate (random() = 0.5). */
const SLOW_END = 9_600;

/** A studio that ran `clips` clips of the multipart model `wan`, then was closed. */
async function taughtBefore(clips: number, profileId = 'p') {
  const before = setup(folder(), { idPrefix: 'before-', profileId });
  for (let i = 0; i < clips; i++) await before.run('video', 54_000, linear, 'multipart', 'wan');
  before.poller.stop();
  await before.store.flush();
}

describe('what earlier jobs taught, after a restart', () => {
  it('multipart: the first clips after starting again are caught just after their end, as before the restart', async () => {
    await taughtBefore(3);
    const after = setup(folder(), { idPrefix: 'after-' });
    for (const length of [54_000, 54_030]) {
      const seen = await after.run('video', length, linear, 'multipart', 'wan');
      expect(seen.delay).toBeGreaterThanOrEqual(0);
      expect(seen.delay).toBeLessThanOrEqual(500);
      expect(seen.checks).toBeLessThanOrEqual(minimum('video', length) + 1);
      expectInRange('video', seen.intervals);
    }
    after.poller.stop();
  });

  it('images with noisy progress: a burst after starting again is aimed exactly as it would have been without the restart', async () => {
    /** Eight images of one model, one every 1.2 s, as the latency benchmark sends them; their delays. */
    const burst = async (studio: ReturnType<typeof setup>, prefix: string) => {
      const jobs = [];
      for (let i = 0; i < 8; i++) {
        const id = `${prefix}${i}`;
        jobs.push(studio.submit('image', noisyDurationMs(id, 8_000), noisy(id), 'generic', 'seedream'));
        await vi.advanceTimersByTimeAsync(1_200);
      }
      for (let t = 0; t < 120_000 && jobs.some((j) => !studio.detected.has(j.id)); t += 100) await vi.advanceTimersByTimeAsync(100);
      return jobs.map((j) => j.seen().delay);
    };
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    // The same jobs (their lengths and curves follow from their ids) three ways: on a studio that
    // never ran the model, after a burst in the same session, and after a burst and a restart.
    const never = setup(folder(), { file: 'never.json', idPrefix: 'x' });
    const cold = await burst(never, 'burst-');
    never.poller.stop();
    const session = setup(folder(), { file: 'session.json', idPrefix: 'x' });
    await burst(session, 'teach-');
    const continued = await burst(session, 'burst-');
    session.poller.stop();
    const before = setup(folder(), { idPrefix: 'x' });
    await burst(before, 'teach-');
    before.poller.stop();
    await before.store.flush();
    const after = setup(folder(), { idPrefix: 'y' });
    const restarted = await burst(after, 'burst-');
    after.poller.stop();
    expect(restarted, `never ran the model: ${cold.join(', ')}`).toEqual(continued);
    // What the earlier burst taught shows: the first of a burst no longer wait on their noisy progress alone.
    expect(sum(restarted)).toBeLessThan(sum(cold));
  });

  it('another profile (another gateway, or the sandbox) learns for itself', async () => {
    await taughtBefore(3, 'sandbox');
    const after = setup(folder(), { idPrefix: 'after-', profileId: 'my-gateway' });
    const seen = await after.run('video', 54_000, linear, 'multipart', 'wan');
    expect(new Set(seen.intervals.slice(1))).toEqual(new Set([SLOW_END]));
    after.poller.stop();
  });

  it('what was learned over a week ago is not used: the gateway may have changed since', async () => {
    await taughtBefore(3);
    vi.setSystemTime(Date.now() + 8 * 24 * 3_600_000);
    const after = setup(folder(), { idPrefix: 'after-' });
    const seen = await after.run('video', 54_000, linear, 'multipart', 'wan');
    expect(new Set(seen.intervals.slice(1))).toEqual(new Set([SLOW_END]));
    after.poller.stop();
  });

  it('a task list whose learned lengths are damaged or hostile still opens whole, and those lengths guide nothing', async () => {
    await taughtBefore(3);
    const doc = { jobs: listedOnDisk(folder()) as unknown as Record<string, unknown>[] };
    expect(doc.jobs.every((j) => j.learned), 'each finished clip keeps what it taught').toBe(true);
    const hostile: unknown[] = [
      'fifty seconds', null, [], { total: { lo: -5, hi: 10 }, prompt: true, run: { lo: 0, hi: 1 } },
      { total: { lo: 9e15, hi: 9e15 }, prompt: true, run: { lo: 0, hi: 1 } }, { total: { lo: 5, hi: 1 }, prompt: true, run: { lo: 0, hi: 1 } },
      { total: { lo: '1', hi: 2 }, prompt: 'yes', run: {} },
    ];
    const copies = hostile.map((learned, i) => ({ ...doc.jobs[i % doc.jobs.length], id: `hostile-${i}`, learned }));
    // The same records as an older release's task list, in a data folder of their own.
    const older = join(folder(), 'older');
    mkdirSync(older);
    writeFileSync(join(older, 'jobs.json'), JSON.stringify({ version: 1, jobs: copies }));
    const after = setup(older, { idPrefix: 'after-' });
    expect(after.store.all().map((j) => j.id)).toEqual(copies.map((j) => j.id));
    expect(after.store.all().every((j) => j.learned === undefined)).toBe(true);
    const seen = await after.run('video', 54_000, linear, 'multipart', 'wan');
    expect(seen.state).toBe('completed');
    expect(new Set(seen.intervals.slice(1))).toEqual(new Set([SLOW_END]));
    expect(seen.intervals[0]).toBe(SPEC_CADENCE.firstCheckMs);
    after.poller.stop();
  });
});
