/** The debounced balance reads, on a fake clock and a scripted reader: no HTTP, no wall-clock waits. */
import { describe, expect, it } from 'vitest';
import { BalanceReads } from './balance-reads.js';
import { PriceLearner } from './price-learner.js';
import type { Attribution } from './attribution.js';
import type { Money } from './money.js';
import { manualTimer } from './test/manual-timer.js';

const speech = (characters: number) => ({ kind: 'speech', characters }) as const;

/** A gateway balance the test moves, and a reader that counts its reads (or fails when told). */
function gateway() {
  let total: Money = 0;
  let failing = 0;
  let release: (() => void) | undefined;
  const g = {
    reads: 0,
    spend(m: Money) { total += m; },
    failNext(n = 1) { failing = n; },
    /** Holds the next read open until `release()`: what a slow network does. */
    hold() { return new Promise<void>((r) => { release = r; }); },
    release() { release?.(); release = undefined; },
    held: false,
    read: async (): Promise<Money> => {
      g.reads++;
      if (failing > 0) { failing--; throw new Error('balance endpoint down'); }
      if (g.held) { g.held = false; await new Promise<void>((r) => { release = r; }); }
      return total;
    },
  };
  return g;
}

function setup(intervalMs = 5000) {
  const clock = manualTimer(1_000_000);
  const gw = gateway();
  const learner = new PriceLearner();
  const attributions: Attribution[] = [];
  const failures: unknown[] = [];
  const reads = new BalanceReads({
    read: gw.read, intervalMs, timer: clock.timer, pricing: () => ({ quote: (m, u) => learner.quote(m, u) }),
    learn: (m, u, money) => learner.observe(m, u, money), onAttributed: (a) => attributions.push(a), onReadFailed: (e) => failures.push(e),
  });
  return { clock, gw, learner, attributions, failures, reads };
}

describe('debounced balance reads', () => {
  it('reads at most once per interval, however many calls are billed, and each call is in exactly one window', async () => {
    const { clock, gw, reads, attributions } = setup();
    await reads.start();
    expect(gw.reads).toBe(1);
    for (let i = 0; i < 10; i++) {
      gw.spend(100);
      reads.billed({ id: `c${i}`, model: 'tts-1', units: speech(100) });
      clock.advance(1000);
      await reads.settled();
    }
    // 10 s of calls, one each second, a read allowed every 5 s: two reads after the baseline.
    expect(gw.reads).toBe(3);
    expect(attributions.flatMap((a) => a.entries.map((e) => e.callId)).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`).sort());
    expect(attributions.reduce((n, a) => n + a.change, 0)).toBe(1000);
    // Nothing billed: no more reads, whatever the time.
    clock.advance(60_000);
    await reads.settled();
    expect(gw.reads).toBe(3);
  });

  it('calls one at a time, one read each: exact, and the learner learns from them', async () => {
    const { clock, gw, reads, attributions, learner } = setup(2000);
    await reads.start();
    for (const c of [300, 800, 1300, 50]) {
      gw.spend(c);
      reads.billed({ id: `s${c}`, model: 'tts-1', units: speech(c) });
      clock.advance(2000);
      await reads.settled();
    }
    expect(attributions.map((a) => a.entries[0])).toEqual([300, 800, 1300, 50].map((c) => ({ callId: `s${c}`, kind: 'charge', basis: 'exact', money: c })));
    expect(learner.quote('tts-1', speech(1000))).toMatchObject({ priced: true, quote: { money: 1000 } });
  });

  it('a failed read loses nothing: the calls wait, and the next read attributes them all', async () => {
    const { clock, gw, reads, attributions, failures } = setup();
    await reads.start();
    gw.spend(700);
    reads.billed({ id: 'a', model: 'tts-1', units: speech(700) });
    gw.failNext();
    clock.advance(5000);
    await reads.settled();
    expect(failures).toHaveLength(1);
    expect(attributions).toHaveLength(0);
    gw.spend(300);
    reads.billed({ id: 'b', model: 'tts-1', units: speech(300) });
    clock.advance(5000);
    await reads.settled();
    expect(attributions).toHaveLength(1);
    expect(attributions[0].change).toBe(1000);
    expect(attributions[0].entries.map((e) => e.callId)).toEqual(['a', 'b']);
  });

  it('a call billed while a read is under way makes that window and the next ambiguous: no exact money, sums still whole', async () => {
    const { clock, gw, reads, attributions, learner } = setup();
    await reads.start();
    gw.spend(500);
    reads.billed({ id: 'first', model: 'tts-1', units: speech(500) });
    gw.held = true;
    clock.advance(5000);
    // The read is on the wire; a second call lands, and the balance already holds it.
    gw.spend(200);
    reads.billed({ id: 'second', model: 'tts-1', units: speech(200) });
    gw.release();
    await reads.settled();
    clock.advance(5000);
    await reads.settled();
    expect(attributions).toHaveLength(2);
    expect(attributions.flatMap((a) => a.entries.map((e) => e.basis))).toEqual(['unpriced', 'unpriced']);
    expect(attributions.map((a) => a.remainder)).toEqual([700, 0]);
    expect(learner.all()).toEqual([]);
  });

  it('a refund noted between reads is read with the next call', async () => {
    const { clock, gw, reads, attributions } = setup();
    await reads.start();
    gw.spend(4000);
    reads.billed({ id: 'job', model: 'seedream-4-0', units: { kind: 'image', images: 2, resolution: '2K' } });
    clock.advance(5000);
    await reads.settled();
    gw.spend(-4000);
    reads.refunded({ id: 'job', model: 'seedream-4-0', units: { kind: 'image', images: 2, resolution: '2K' }, charged: { basis: 'exact', money: 4000 } });
    gw.spend(90);
    reads.billed({ id: 'tts', model: 'tts-1', units: speech(90) });
    clock.advance(5000);
    await reads.settled();
    expect(attributions[1].entries).toEqual([
      { callId: 'tts', kind: 'charge', basis: 'exact', money: 90 },
      { callId: 'job', kind: 'refund', basis: 'exact', money: -4000 },
    ]);
  });

  it('after close nothing is read, and flush reads at once', async () => {
    const { clock, gw, reads, attributions } = setup();
    await reads.start();
    gw.spend(10);
    reads.billed({ id: 'x', model: 'tts-1', units: speech(10) });
    const a = await reads.flush();
    expect(a?.entries[0]).toMatchObject({ basis: 'exact', money: 10 });
    reads.close();
    reads.billed({ id: 'y', model: 'tts-1', units: speech(10) });
    clock.advance(60_000);
    await reads.settled();
    expect(gw.reads).toBe(2);
    expect(attributions).toHaveLength(1);
    expect(clock.pending()).toBe(0);
  });
});

describe('reads that go wrong', () => {
  it('no baseline yet: the first good figure becomes it, and the calls noted meanwhile are kept for the next window', async () => {
    const { clock, gw, reads, attributions, failures } = setup();
    gw.failNext();
    await reads.start();
    expect(failures).toHaveLength(1);
    // No polling while idle, baseline or not.
    clock.advance(60_000);
    await reads.settled();
    expect(gw.reads).toBe(1);
    gw.spend(300);
    reads.billed({ id: 'early', model: 'tts-1', units: speech(300) });
    clock.advance(5000);
    await reads.settled();
    expect(attributions).toHaveLength(0);
    gw.spend(200);
    reads.billed({ id: 'later', model: 'tts-1', units: speech(200) });
    clock.advance(5000);
    await reads.settled();
    // The early call may be inside the baseline or not: never exact, and both calls are in the ledger.
    expect(attributions).toHaveLength(1);
    expect(attributions[0].entries.map((e) => [e.callId, e.basis])).toEqual([['early', 'unpriced'], ['later', 'unpriced']]);
    expect(attributions[0].remainder).toBe(200);
  });

  it('a balance change beyond exact arithmetic loses no call', async () => {
    const { clock, gw, reads, attributions, failures } = setup();
    gw.spend(-Number.MAX_SAFE_INTEGER);
    await reads.start();
    gw.spend(Number.MAX_SAFE_INTEGER);
    gw.spend(Number.MAX_SAFE_INTEGER);
    reads.billed({ id: 'a', model: 'tts-1', units: speech(10) });
    clock.advance(5000);
    await reads.settled();
    expect(failures).toHaveLength(1);
    expect(attributions).toHaveLength(0);
    gw.spend(-5);
    reads.billed({ id: 'b', model: 'tts-1', units: speech(10) });
    clock.advance(5000);
    await reads.settled();
    expect(attributions.flatMap((a) => a.entries.map((e) => e.callId))).toEqual(['a', 'b']);
    expect(attributions[0].change).toBe(-5);
  });
});
