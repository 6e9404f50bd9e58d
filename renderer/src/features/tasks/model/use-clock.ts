/**
 * A once-a-second clock shared by every row that shows a running time. Only rows of active jobs
 * subscribe, and the interval exists only while someone does: with nothing running, nothing
 * ticks (no timers while idle: docs/performance.md, "Targets"), and one timer serves hundreds of
 * rows.
 */
import { useSyncExternalStore } from 'react';
import { useConnection } from '../../../api/connection.js';

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const noSubscription = () => () => {};
const snapshot = () => now;

/**
 * The current time, re-rendering each second while `live`; a one-off reading otherwise. Out of
 * contact with the host (api/connection.ts), nothing is live: a job's clock counting on would
 * pretend it is known to be running.
 */
export function useClock(wanted: boolean): number {
  const live = useConnection((c) => c.state === 'online') && wanted;
  // A subscriber that never subscribes keeps the hook order stable when `live` flips.
  const tick = useSyncExternalStore(live ? subscribe : noSubscription, snapshot);
  return live ? tick : now;
}
