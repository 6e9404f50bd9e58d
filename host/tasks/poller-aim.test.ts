/**
 * The poller aims its last check just after a job's likely end (docs/gateway-rules.md, "Polling
 * cadence"): on a fake clock, against a stand-in gateway whose jobs end at known times, what a
 * creator notices (how long after the end the studio knew) and what the gateway notices (how many
 * checks, how far apart) for steady, uneven, missing and hostile progress, and on the multipart
 * route from the lengths of earlier jobs.
 */
import { describe, expect, it, vi } from 'vitest';
import { ceilingMs, floorMs, SPEC_CADENCE } from './cadence.js';
import { noisyDurationMs } from '../../sandbox/core/progress-curve.js';
import { fakeClockFolder, expectInRange, linear, minimum, noisy, setup, type Progress, untilDetected } from './test/aim-harness.js';

const folder = fakeClockFolder('studio-poller-aim-');

describe('checks aimed at the likely end', () => {
  const lengths = { image: [8_000, 9_700, 13_000, 31_000, 64_000], video: [54_000, 60_000, 63_000, 140_000, 600_000] } as const;
  for (const kind of ['image', 'video'] as const) {
    it(`${kind}s with steady progress: known within a moment of the end, with the fewest checks (or one more), every interval in range`, async () => {
      const { run, poller } = setup(folder());
      for (const length of lengths[kind]) {
        const seen = await run(kind, length);
        expect(seen.delay, `${length} ms job`).toBeGreaterThanOrEqual(0);
        // Progress comes in whole points: the end is known to within one, plus the answer's trip.
        expect(seen.delay, `${length} ms job`).toBeLessThanOrEqual(400 + length / 100);
        expect(seen.checks, `${length} ms job`).toBeLessThanOrEqual(minimum(kind, length) + 1);
        expectInRange(kind, seen.intervals);
      }
      poller.stop();
    });
  }

  it('uneven progress (fast, then slow, with plateaus): still far sooner than the slow end, no extra checks beyond one', async () => {
    const { run, poller } = setup(folder());
    const uneven: Progress = (x) => Math.min(99, Math.floor(100 * (x < 0.3 ? x * 1.8 : x < 0.5 ? 0.54 : 0.54 + ((x - 0.5) / 0.5) * 0.46)));
    const delays: number[] = [];
    for (const length of [54_000, 61_000, 66_000, 72_000]) {
      const seen = await run('video', length, uneven);
      delays.push(seen.delay);
      expect(seen.checks).toBeLessThanOrEqual(minimum('video', length) + 1);
      expectInRange('video', seen.intervals);
    }
    // The slow end waits five seconds on average; aimed checks, much less.
    expect(delays.reduce((a, b) => a + b) / delays.length).toBeLessThan(2_500);
    poller.stop();
  });

  it("progress that slows toward the end, with plateaus and jumps (the sandbox's noisy curves): known within the budgets' delays, with few extra checks", async () => {
    const { run, poller } = setup(folder());
    // Images: the budget. Videos: their curves hold plateaus of up to half a minute at
    // 97–98 %, which no reading of the progress can see through; the slow end's average is about
    // 5 s (docs/gateway-rules.md, "Polling cadence").
    const budget = { image: 1_000, video: 2_500 };
    for (const kind of ['image', 'video'] as const) {
      const delays: number[] = [];
      let checks = 0;
      let fewest = 0;
      for (let i = 0; i < 15; i++) {
        const id = `${kind}-${i}`;
        const nominal = kind === 'image' ? 8_000 + i * 1_500 : 50_000 + i * 3_000;
        const length = noisyDurationMs(id, nominal);
        // Each a model of its own: lengths this far apart, the progress alone guides.
        const seen = await run(kind, length, noisy(id), 'generic', id);
        expect(seen.delay, `${id}`).toBeGreaterThanOrEqual(0);
        expectInRange(kind, seen.intervals);
        delays.push(seen.delay);
        checks += seen.checks;
        fewest += minimum(kind, length);
      }
      delays.sort((a, b) => a - b);
      expect(delays[7], `${kind} median delay; all: ${delays.join(', ')}`).toBeLessThanOrEqual(budget[kind]);
      expect(checks / fewest, kind).toBeLessThanOrEqual(1.1);
    }
    poller.stop();
  });

  it('one model and size, noisy progress, lengths within ±4 % (the sandbox\'s noisy mode): known within the budget\'s delays as earlier jobs teach their length', async () => {
    const { run, poller } = setup(folder());
    const delays: number[] = [];
    let checks = 0;
    let fewest = 0;
    // As many as the latency benchmark's: the first few teach the length.
    for (let i = 0; i < 50; i++) {
      const id = `same-model-${i}`;
      const length = noisyDurationMs(id, 8_000);
      const seen = await run('image', length, noisy(id), 'generic', 'seedream');
      expect(seen.delay, id).toBeGreaterThanOrEqual(0);
      expectInRange('image', seen.intervals);
      delays.push(seen.delay);
      checks += seen.checks;
      fewest += minimum('image', length);
    }
    const sorted = [...delays].sort((a, b) => a - b);
    const median = (sorted[24] + sorted[25]) / 2;
    expect(median, `median; in order: ${delays.join(', ')}`).toBeLessThanOrEqual(1_000);
    expect(checks / fewest).toBeLessThanOrEqual(1.1);
    poller.stop();
  });

  it('bursts of 50 images of one model, one every 1.2 s, noisy progress (the latency benchmark\'s): known within the budget\'s delay, with few extra checks', async () => {
    // Four bursts, each its own draw of lengths and curves: the first few jobs of each run
    // before any has ended and have only their progress to go by.
    for (const burst of ['a', 'b', 'c', 'd']) {
      const { submit, detected, poller } = setup(folder(), { file: `jobs-${burst}.json` });
      const jobs: ReturnType<typeof submit>[] = [];
      let fewest = 0;
      for (let i = 0; i < 50; i++) {
        const id = `${burst}-${i}`;
        const length = noisyDurationMs(id, 8_000);
        jobs.push(submit('image', length, noisy(id), 'generic', 'seedream'));
        fewest += minimum('image', length);
        await vi.advanceTimersByTimeAsync(1_200);
      }
      await untilDetected(jobs, detected);
      let checks = 0;
      const delays = jobs.map((j) => {
        const seen = j.seen();
        expect(seen.delay, j.id).toBeGreaterThanOrEqual(0);
        expectInRange('image', seen.intervals);
        checks += seen.checks;
        return seen.delay;
      });
      const sorted = [...delays].sort((a, b) => a - b);
      expect((sorted[24] + sorted[25]) / 2, `burst ${burst}, median; in order of submission: ${delays.join(', ')}`).toBeLessThanOrEqual(1_000);
      expect(checks / fewest, `burst ${burst}`).toBeLessThanOrEqual(1.1);
      poller.stop();
    }
  });

  /** Progress that reaches its end at 8 s, for a job of `length` ms: it stays at 99 % until its result is ready. */
  const readyLate = (length: number): Progress => (x) => Math.min(99, Math.floor((100 * x * length) / 8_000));

  it('jobs whose progress ends a second before their results are ready (a loaded gateway\'s): the first misses teach the wait, the next are aimed after it', async () => {
    const { run, poller } = setup(folder());
    let checks = 0;
    let fewest = 0;
    const delays: number[] = [];
    for (let i = 0; i < 30; i++) {
      const length = 9_000 + ((i * 137) % 400);
      const seen = await run('image', length, readyLate(length), 'generic', 'seedream');
      expect(seen.delay).toBeGreaterThanOrEqual(0);
      expectInRange('image', seen.intervals);
      delays.push(seen.delay);
      checks += seen.checks;
      fewest += minimum('image', length);
    }
    // Aimed at the progress's end alone, every job took a check more than the slow end (1.33×).
    expect(checks / fewest, `delays: ${delays.join(', ')}`).toBeLessThanOrEqual(1.1);
    // Still known soon after the end, not at the slow end's few seconds.
    expect([...delays].sort((a, b) => a - b)[15]).toBeLessThanOrEqual(1_500);
    poller.stop();
  });

  it('a batch of 100 images sent at once, each ready 0–1.5 s after its progress ends: checked at the slow end, no more checks than it allows', async () => {
    // A wave of one model ends before any of its jobs can teach the others; the gateway it loads
    // holds them at 99 % for longer and longer. A batch is for many results, not one soon.
    const { submit, detected, poller } = setup(folder(), { file: 'jobs-wave.json' });
    const jobs: ReturnType<typeof submit>[] = [];
    let fewest = 0;
    for (let i = 0; i < 100; i++) {
      const length = 8_000 + ((i * 617) % 1_500);
      jobs.push(submit('image', length, readyLate(length), 'generic', 'seedream', 1_500, { batch: { id: 'b', index: i } }));
      fewest += minimum('image', length);
      await vi.advanceTimersByTimeAsync(50);
    }
    await untilDetected(jobs, detected);
    let checks = 0;
    for (const j of jobs) {
      const seen = j.seen();
      expect(seen.delay, j.id).toBeGreaterThanOrEqual(0);
      expectInRange('image', seen.intervals);
      checks += seen.checks;
    }
    expect(checks / fewest).toBeLessThanOrEqual(1.02);
    poller.stop();
  });

  /** A dozen noisy 8 s images of one model, then one more of `lengthMs` whose progress is `progress`: what the studio saw of it. */
  async function afterTaught(lengthMs: number, progress: Progress) {
    const { run, poller } = setup(folder());
    // A dozen whose uneven progress lands some checks just before their end and some just after.
    for (let i = 0; i < 12; i++) {
      const id = `taught-${i}`;
      await run('image', noisyDurationMs(id, 8_000), noisy(id), 'generic', 'seedream');
    }
    const seen = await run('image', lengthMs, progress, 'generic', 'seedream');
    poller.stop();
    return seen;
  }

  it('a job of a taught model still working when its like have ended, its progress far behind: checked again at the shortest interval, not at the renderer\'s promise', async () => {
    // A quarter longer than its like, fast to 60 % and then crawling: read alone, its latest rate
    // promises an end far off.
    const seen = await afterTaught(10_000, (x) => (x < 0.25 ? Math.floor(x * 240) : 60 + Math.floor((x - 0.25) * 15)));
    expect(seen.delay).toBeGreaterThanOrEqual(0);
    expect(seen.delay).toBeLessThanOrEqual(SPEC_CADENCE.image.minIntervalMs + 200);
    expectInRange('image', seen.intervals);
  });

  it('a job of a taught model at 99 % when its like have ended, its earlier readings promising an end far off: checked again at the shortest interval, not at that promise', async () => {
    // Fast to 60 %, then crawling, then 99 % for its last tenth: 99 adds no reading, and the
    // readings before it still promise an end seconds after the one its like had.
    const seen = await afterTaught(8_400, (x) => (x < 0.3 ? Math.floor(x * 200) : x < 0.9 ? 60 + Math.floor((x - 0.3) * 10) : 99));
    expect(seen.delay).toBeGreaterThanOrEqual(0);
    expect(seen.delay).toBeLessThanOrEqual(SPEC_CADENCE.image.minIntervalMs + 200);
    expectInRange('image', seen.intervals);
  });

  it('a job queued behind others (progress 0) before its 8 s run is still caught within a moment of its end', async () => {
    const { run, poller } = setup(folder());
    for (const queued of [6_000, 13_000, 21_500]) {
      const seen = await run('image', queued + 8_000, linear, 'generic', 'm', queued);
      expect(seen.delay, `queued ${queued} ms`).toBeGreaterThanOrEqual(0);
      expect(seen.delay, `queued ${queued} ms`).toBeLessThanOrEqual(1_000);
      expectInRange('image', seen.intervals);
    }
    poller.stop();
  });

  it('jobs that report no progress keep the slow end of the range', async () => {
    const { run, poller } = setup(folder());
    const seen = await run('image', 30_000, () => 0);
    expectInRange('image', seen.intervals);
    // random() = 0.5: 5 s less 3 % of the range's width (the timers' slack), less a twentieth of it (jitter).
    expect(new Set(seen.intervals.slice(1))).toEqual(new Set([4_760]));
    poller.stop();
  });

  it('a gateway slow to answer (1.5 s) still sees every interval in range: they count from each request sent, not its answer', async () => {
    const { run, poller } = setup(folder(), { answerMs: 1_500 });
    for (const [kind, progress] of [['image', () => 0], ['image', linear], ['video', () => 0], ['video', linear]] as const) {
      const seen = await run(kind, kind === 'image' ? 30_000 : 90_000, progress);
      expect(seen.delay).toBeGreaterThanOrEqual(0);
      expectInRange(kind, seen.intervals);
      // A little inside the range, so a late timer or a slow trip still leaves the gateway's view in it.
      for (const gap of seen.intervals.slice(1)) {
        expect(gap).toBeGreaterThanOrEqual(floorMs(SPEC_CADENCE, kind));
        expect(gap).toBeLessThanOrEqual(ceilingMs(SPEC_CADENCE, kind));
      }
    }
    poller.stop();
  });

  it('multipart: the first job of a model keeps the slow end; the next ones of that model and length are caught just after their end', async () => {
    const { run, poller } = setup(folder());
    const first = await run('video', 54_000, linear, 'multipart', 'wan');
    expect(new Set(first.intervals.slice(1))).toEqual(new Set([9_600]));
    // One earlier job is a rough guide (a margin of 2 %); two that agree, a close one.
    for (const [length, within] of [[54_000, 1_500], [54_000, 500], [54_050, 500]]) {
      const seen = await run('video', length, linear, 'multipart', 'wan');
      expect(seen.delay).toBeGreaterThanOrEqual(0);
      expect(seen.delay).toBeLessThanOrEqual(within);
      expect(seen.checks).toBeLessThanOrEqual(minimum('video', length) + 1);
      expectInRange('video', seen.intervals);
    }
    // Another model has no history: the slow end again.
    const other = await run('video', 54_000, linear, 'multipart', 'other');
    expect(new Set(other.intervals.slice(1))).toEqual(new Set([9_600]));
    poller.stop();
  });

  it('multipart: earlier jobs that waited in the gateway\'s queue do not make later ones that do not wait late, nor the reverse', async () => {
    const { run, poller } = setup(folder());
    // Two jobs queued 20 s behind others, then a 54 s run: their totals (74 s) include the wait.
    for (let i = 0; i < 2; i++) {
      const taught = await run('video', 74_000, linear, 'multipart', 'wan', 20_000);
      expectInRange('video', taught.intervals);
    }
    // Not queued (RUNNING by the first check), 55.5 s in all: the total alone would aim 18.5 s late.
    const first = await run('video', 55_500, linear, 'multipart', 'wan');
    expect(first.delay).toBeGreaterThanOrEqual(0);
    expect(first.delay).toBeLessThanOrEqual(10_000);
    // Once jobs that did not wait have finished, their totals guide the ones that do not wait either.
    for (const within of [1_500, 500, 500]) {
      const seen = await run('video', 55_500, linear, 'multipart', 'wan');
      expect(seen.delay).toBeGreaterThanOrEqual(0);
      expect(seen.delay).toBeLessThanOrEqual(within);
      expect(seen.checks).toBeLessThanOrEqual(minimum('video', 55_500) + 1);
      expectInRange('video', seen.intervals);
    }
    // A job queued 30 s itself: the totals would aim 30 s early; its own run from RUNNING is the guide.
    const queued = await run('video', 84_000, linear, 'multipart', 'wan', 30_000);
    expect(queued.delay).toBeGreaterThanOrEqual(0);
    expect(queued.delay).toBeLessThanOrEqual(10_000);
    expect(queued.checks).toBeLessThanOrEqual(minimum('video', 84_000) + 1);
    expectInRange('video', queued.intervals);
    poller.stop();
  });

  it('hostile progress (negative, over 100, NaN, text, null, backwards, huge) never crashes nor leaves the range', async () => {
    const { run, poller } = setup(folder());
    const hostile: unknown[] = [-5, 150, Number.NaN, 'forty', null, 50, 20, 99, 1e308, 30.5, Number.POSITIVE_INFINITY, 98, 1, '99', -1e308, 97, 2];
    for (const kind of ['image', 'video'] as const) {
      const seen = await run(kind, kind === 'image' ? 120_000 : 300_000, (_x, n) => hostile[n % hostile.length]);
      expect(seen.state).toBe('completed');
      expectInRange(kind, seen.intervals);
    }
    poller.stop();
  });
});
