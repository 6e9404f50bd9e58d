/** A timer that moves only when the test moves it (host/ledger/balance-reads.ts takes it as a port). */
import type { LedgerTimer } from '../balance-reads.js';

export function manualTimer(start = 0) {
  let now = start;
  let next = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timer: LedgerTimer = {
    now: () => now,
    set(fn, ms) {
      const id = ++next;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clear(handle) { due.delete(handle as number); },
  };
  return {
    timer,
    now: () => now,
    pending: () => due.size,
    /** Moves the clock and runs, in order, every timer that falls due. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const first = [...due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!first) break;
        due.delete(first[0]);
        now = first[1].at;
        first[1].fn();
      }
      now = until;
    },
  };
}
