/**
 * Minute-long clips whose noisy progress hides their end (docs/gateway-rules.md, "Polling
 * cadence"): once earlier clips of their model and size have taught how long they take, a check
 * the progress would put at the slow end, after all of them had ended, comes just after the
 * latest of them instead. On a fake clock, against a stand-in gateway whose jobs end at known
 * times: what a creator notices (how long after its end the studio knew) and what the gateway
 * notices (how many checks, how far apart).
 */
import { expect, it, vi } from 'vitest';
import { fakeClockFolder, expectInRange, minimum, noisy, setup, untilDetected } from './test/aim-harness.js';
import { noisyDurationMs } from '../../sandbox/core/progress-curve.js';

const folder = fakeClockFolder('studio-poller-latest-');

// Three draws of lengths and curves whose last clips the slow end saw 7.9, 9.2 and 9.7 s late.
for (const seed of ['b', 'h', 'k']) {
  it(`ten noisy clips of one model, one every 3 s (the latency benchmark's), draw ${seed}: the last five, submitted once the first could teach, seen within 6 s of their end`, async () => {
    const { submit, detected, poller } = setup(folder(), { file: `jobs-${seed}.json` });
    const jobs: (ReturnType<typeof submit> & { length: number })[] = [];
    for (let i = 0; i < 10; i++) {
      const id = `${seed}-clip-${i}`;
      const length = noisyDurationMs(id, 60_000);
      jobs.push({ ...submit('video', length, noisy(id), 'generic', 'modelg3'), length });
      await vi.advanceTimersByTimeAsync(3_000);
    }
    await untilDetected(jobs, detected);
    let checks = 0;
    let fewest = 0;
    const delays = jobs.map((j) => {
      const seen = j.seen();
      expect(seen.delay, j.id).toBeGreaterThanOrEqual(0);
      expectInRange('video', seen.intervals);
      checks += seen.checks;
      fewest += minimum('video', j.length);
      return seen.delay;
    });
    // Clips alone: their first checks and misses weigh more than among the benchmark's images.
    expect(checks / fewest).toBeLessThanOrEqual(1.15);
    expect(Math.max(...delays.slice(5)), `in order of submission: ${delays.join(', ')}`).toBeLessThanOrEqual(6_000);
    poller.stop();
  });
}
