/**
 * The first clips of a multipart model, sent together on a studio that has never seen that model
 * end (a new data folder): their checks are spread apart, and the first seen done brings the
 * others' next check forward (multipart-siblings.ts). On a fake clock, against a stand-in gateway
 * whose jobs end at known times: what a creator notices (how long after its end the studio knew)
 * and what the gateway notices (how many checks, how far apart).
 */
import { expect, it, vi } from 'vitest';
import { fakeClockFolder, expectInRange, linear, minimum, setup, untilDetected } from './test/aim-harness.js';
import { apartFrom } from './multipart-siblings.js';
import { SPEC_CADENCE } from './cadence.js';

const folder = fakeClockFolder('studio-siblings-');

it('two clips of a new model sent half a second apart (the latency benchmark\'s first two), ends spread over a slow interval: each known within 6 s of its end, under 3 s on average (4.6 s, up to 9.4, checked together at the slow end)', async () => {
  const delays: number[] = [];
  for (let i = 0; i < 10; i++) {
    const length = 54_000 + i * 970;
    const { submit, detected, poller } = setup(folder(), { file: `pair-${i}.json` });
    const first = submit('video', length, linear, 'multipart', 'wan');
    await vi.advanceTimersByTimeAsync(500);
    const second = submit('video', length + ((i * 337) % 900) - 450, linear, 'multipart', 'wan');
    const start = Date.now();
    while ((!detected.has(first.id) || !detected.has(second.id)) && Date.now() - start < 200_000) await vi.advanceTimersByTimeAsync(100);
    for (const job of [first, second]) {
      const seen = job.seen();
      expect(seen.delay, `pair ${i} ${job.id}`).toBeGreaterThanOrEqual(0);
      // A check just before the end leaves none sooner than the floor after it, and one earlier clip's length is known to 2 % (run-history.ts).
      expect(seen.delay, `pair ${i} ${job.id}: ${seen.intervals.join(' ')}`).toBeLessThanOrEqual(SPEC_CADENCE.video.minIntervalMs + 1_000);
      expect(seen.checks, `pair ${i} ${job.id}`).toBeLessThanOrEqual(minimum('video', length + 500) + 1);
      expectInRange('video', seen.intervals);
      delays.push(seen.delay);
    }
    poller.stop();
  }
  expect(delays.reduce((a, b) => a + b) / delays.length, delays.join(', ')).toBeLessThanOrEqual(3_000);
});

it('a lone clip of a new model keeps the slow end; a check near a sibling\'s moves half a slow interval away, never below the floor', () => {
  expect(apartFrom(20_000, [], 15_150, 9_850)).toBe(20_000);
  expect(apartFrom(20_000, [40_000], 15_150, 9_850)).toBe(20_000);
  expect(apartFrom(20_000, [19_500], 15_150, 9_850)).toBe(15_150);
  expect(apartFrom(20_000, [22_000], 15_150, 9_850)).toBe(17_075);
});

it('clips sent once one of their model has ended are aimed from its length, and a later one ending does not move them: two checks more than the fewest at most (five more when each end moved them)', async () => {
  const { run, submit, detected, poller } = setup(folder());
  await run('video', 54_000, linear, 'multipart', 'wan');
  // Lengths ±4 % as the sandbox's noisy mode draws them; the shortest ends first.
  const lengths = [52_000, 55_000, 55_800, 54_700, 55_100];
  const jobs = [];
  for (const length of lengths) {
    jobs.push({ ...submit('video', length, linear, 'multipart', 'wan'), length });
    await vi.advanceTimersByTimeAsync(1_000);
  }
  await untilDetected(jobs, detected, 200_000);
  let checks = 0;
  let fewest = 0;
  for (const j of jobs) {
    const seen = j.seen();
    expect(seen.delay, j.id).toBeGreaterThanOrEqual(0);
    expectInRange('video', seen.intervals);
    checks += seen.checks;
    fewest += minimum('video', j.length);
  }
  expect(checks, `fewest ${fewest}`).toBeLessThanOrEqual(fewest + 2);
  poller.stop();
});

it('forty long clips of a new model in flight together (a queue of films): each is still checked about once a slow interval, one check more at most for the spread (every check moved to half an interval when each had a sibling near)', async () => {
  const { submit, poller } = setup(folder(), { file: 'queue.json' });
  const clips = [];
  for (let i = 0; i < 40; i++) {
    clips.push({ ...submit('video', 900_000, linear, 'multipart', 'wan'), at: Date.now() });
    await vi.advanceTimersByTimeAsync(100);
  }
  const until = Date.now() + 180_000;
  await vi.advanceTimersByTimeAsync(180_000);
  for (const clip of clips) {
    const seen = clip.seen();
    expect(seen.state, clip.id).not.toBe('completed');
    expectInRange('video', seen.intervals);
    expect(seen.checks, `${clip.id}: ${seen.intervals.join(' ')}`).toBeLessThanOrEqual(minimum('video', until - clip.at) + 1);
  }
  poller.stop();
});
