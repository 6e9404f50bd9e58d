/**
 * The simulated clock: `--speed N` runs it N times faster than the wall clock, so task
 * lifecycles, stream pacing and link lifetimes can be exercised quickly in tests.
 */
export interface Clock {
  /** Simulated epoch milliseconds. */
  now(): number;
  /** Real milliseconds for a simulated duration. */
  realMs(simMs: number): number;
  readonly speed: number;
}

export function createClock(speed: number, resumeFrom?: { simNow: number; realNow: number }): Clock {
  const realStart = Date.now();
  // After a restart the simulated clock goes on from where it was, plus the downtime at speed.
  const simStart = resumeFrom ? resumeFrom.simNow + Math.max(0, realStart - resumeFrom.realNow) * speed : realStart;
  return {
    speed,
    now: () => simStart + (Date.now() - realStart) * speed,
    realMs: (simMs) => simMs / speed,
  };
}

/**
 * The real wall-clock epoch ms at which the clock read `simMs` (or will): what a client's own
 * clock says of a simulated moment.
 */
export function realTimeOf(clock: Clock, simMs: number): number {
  return Date.now() - (clock.now() - simMs) / clock.speed;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC (spec 2.12). */
export function formatSpecTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}
