/**
 * A job at 99 % is in its last moments (progress is capped there until done): its next check
 * comes at the floor, not a slow interval later, for its first two answers at 99 % only
 * (docs/gateway-rules.md, "Polling cadence"). On a fake clock against a stand-in gateway.
 */
import { describe, expect, it, vi } from 'vitest';
import { floorMs, SPEC_CADENCE } from './cadence.js';
import { noisyDurationMs } from '../../sandbox/core/progress-curve.js';
import { expectInRange, fakeClockFolder, minimum, noisy, setup, type Progress, untilDetected } from './test/aim-harness.js';

const folder = fakeClockFolder('studio-poller-cap-');
const floor = floorMs(SPEC_CADENCE, 'video');

describe('a job at 99 %', () => {
  it('a minute-long clip that gives no progress until it reads 99 % in its last seconds: seen within the shortest interval of its end', async () => {
    const { run, poller } = setup(folder());
    // No figure at all (nothing to aim at), then 99 % for its last five seconds.
    const length = 62_000;
    const stuck: Progress = (x) => (x * length >= length - 5_000 ? 99 : null);
    const seen = await run('video', length, stuck, 'generic', 'first-of-its-model');
    expect(seen.delay).toBeGreaterThanOrEqual(0);
    expect(seen.delay).toBeLessThanOrEqual(floor + 200);
    expect(seen.checks, `intervals: ${seen.intervals.join(', ')}`).toBeLessThanOrEqual(minimum('video', length) + 1);
    expectInRange('video', seen.intervals);
    poller.stop();
  });

  it('a loaded gateway holding a clip at 99 % for 40 s: two checks at the floor, then the slow end again', async () => {
    const { run, poller } = setup(folder());
    const length = 70_000;
    const held: Progress = (x) => (x * length >= 20_000 ? 99 : Math.floor((x * length) / 400));
    const seen = await run('video', length, held, 'generic', 'held');
    const atFloor = seen.intervals.slice(1).filter((gap) => gap <= floor + 100).length;
    expect(atFloor, `intervals: ${seen.intervals.join(', ')}`).toBeLessThanOrEqual(2);
    expect(seen.checks).toBeLessThanOrEqual(minimum('video', length) + 2);
    expectInRange('video', seen.intervals);
    poller.stop();
  });

  it("the latency benchmark's generic clips on a new data folder (ten minute-long clips of one model, one every 3 s, noisy progress): nine in ten seen within 6 s of their end", async () => {
    for (const draw of ['a', 'b', 'c', 'd']) {
      const { submit, detected, poller } = setup(folder(), { file: `jobs-${draw}.json` });
      const jobs: ReturnType<typeof submit>[] = [];
      let fewest = 0;
      for (let i = 0; i < 10; i++) {
        const id = `${draw}-clip-${i}`;
        const length = noisyDurationMs(id, 60_000);
        jobs.push(submit('video', length, noisy(id), 'generic', 'modelg3'));
        fewest += minimum('video', length);
        await vi.advanceTimersByTimeAsync(3_000);
      }
      await untilDetected(jobs, detected);
      let checks = 0;
      const delays = jobs.map((j) => {
        const seen = j.seen();
        expectInRange('video', seen.intervals);
        checks += seen.checks;
        return seen.delay;
      });
      const sorted = [...delays].sort((a, b) => a - b);
      expect(sorted[8], `draw ${draw}, p90; in order of submission: ${delays.join(', ')}`).toBeLessThanOrEqual(6_000);
      expect(checks / fewest, `draw ${draw}`).toBeLessThanOrEqual(1.15);
      poller.stop();
    }
  });
});
