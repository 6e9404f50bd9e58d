/**
 * The latency benchmark's noisy run (bench/latency.ts), simulated on a fake clock against a
 * stand-in gateway with the sandbox's noisy lengths and curves: many draws of it in a second,
 * where the benchmark gives one in minutes. What a creator waits for (how long after its end each
 * clip is known) and what the gateway bears (checks against the fewest the cadence allows), judged
 * against the benchmark's budgets draw by draw (docs/performance-findings.md, "Result latency with
 * noisy progress").
 */
import { describe, expect, it, vi } from 'vitest';
import { noisyDurationMs } from '../../sandbox/core/progress-curve.js';
import { fakeClockFolder, minimum, noisy, setup, untilDetected } from './test/aim-harness.js';

const folder = fakeClockFolder('studio-latency-plan-');
const DRAWS = 24;

interface Planned { at: number; kind: 'image' | 'video'; nominal: number; route: 'generic' | 'multipart'; model: string }

/** bench/latency.ts's plan, with the sandbox's nominal lengths (45 s + 3 s per second of clip; 8 s per image). */
function plan(): Planned[] {
  const clip = (at: number): Planned => ({ at, kind: 'video', nominal: 54_000, route: 'multipart', model: 'wan' });
  return [
    ...[0, 500].map(clip),
    ...Array.from({ length: 50 }, (_, i): Planned => ({ at: 1_000 + i * 1_200, kind: 'image', nominal: 8_000, route: 'generic', model: 'seedream' })),
    ...Array.from({ length: 10 }, (_, i): Planned => ({ at: 1_300 + i * 3_000, kind: 'video', nominal: 60_000, route: 'generic', model: 'modelg3' })),
    ...Array.from({ length: 8 }, (_, i) => clip(63_000 + i * 1_000)),
  ].sort((a, b) => a.at - b.at);
}

/** The nearest-rank quantile, as the benchmark reads it. */
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1];

async function draw(n: number) {
  const { submit, detected, poller } = setup(folder(), { file: `draw-${n}.json` });
  const start = Date.now();
  const jobs: (Planned & { length: number; id: string; seen: () => { delay: number; checks: number } })[] = [];
  for (const p of plan()) {
    if (start + p.at > Date.now()) await vi.advanceTimersByTimeAsync(start + p.at - Date.now());
    const curve = `draw-${n}-${jobs.length}`;
    const length = noisyDurationMs(curve, p.nominal);
    jobs.push({ ...p, length, ...submit(p.kind, length, noisy(curve), p.route, p.model) });
  }
  await untilDetected(jobs, detected);
  poller.stop();
  const seen = jobs.map((j) => ({ ...j, ...j.seen() }));
  const videos = seen.filter((j) => j.kind === 'video').map((j) => j.delay);
  const checks = seen.reduce((a, j) => a + j.checks, 0) / seen.reduce((a, j) => a + minimum(j.kind, j.length), 0);
  return { median: quantile(videos, 0.5), p90: quantile(videos, 0.9), checks };
}

describe("the latency benchmark's noisy run, simulated", () => {
  it(`over ${DRAWS} draws: the video median within 3.5 s, its p90 within 6 s and the checks within 1.1 times the fewest in nearly all`, async () => {
    const draws: Awaited<ReturnType<typeof draw>>[] = [];
    for (let n = 0; n < DRAWS; n++) draws.push(await draw(n));
    const share = (ok: (d: (typeof draws)[number]) => boolean) => draws.filter(ok).length / DRAWS;
    const summary = draws.map((d) => `${(d.median / 1000).toFixed(2)} / ${(d.p90 / 1000).toFixed(2)} s, ${d.checks.toFixed(3)}`).join('; ');
    expect(share((d) => d.p90 <= 6_000), summary).toBeGreaterThanOrEqual(0.9);
    expect(share((d) => d.checks <= 1.1), summary).toBeGreaterThanOrEqual(0.8);
    // No schedule of checks 5 s apart knows more than 2 s of a ±4 % window within 2 s: the median
    // sits above 2 s in most draws, and the budget proposed is 3.5 s (docs/performance-findings.md,
    // "The noisy video median: the budget proposed"). Within 2 s is shown, so a change that moves it is seen.
    expect(share((d) => d.median <= 3_500), summary).toBeGreaterThanOrEqual(0.9);
    console.info(`video median ≤ 2 s in ${share((d) => d.median <= 2_000) * DRAWS} of ${DRAWS} draws; median / p90, checks: ${summary}`);
  });
});
