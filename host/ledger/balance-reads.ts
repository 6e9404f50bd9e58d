/**
 * Reads the cash balance after billed calls, at most once per interval, and hands each change to
 * attribution (docs/ledger.md, "Balance reads"). One read at a time; a read that fails keeps its
 * calls for the next one, so no call is ever dropped. A call billed while a read is under way may
 * or may not be in that read's figure, so that window and the next are marked ambiguous and
 * nothing in them is taken as exact: their sums still match the balance, by the remainder.
 *
 * Pure over its ports: the reader (the gateway client, in the host) and the timer (a fake one in
 * tests). No HTTP here.
 */
import { attribute, type Attribution, type BalanceWindow, type BilledCall, type Pricing, type RefundedCall } from './attribution.js';
import { checkedMoney, subtractMoney, type Money } from './money.js';
import type { BilledUnits } from './units.js';

export interface LedgerTimer {
  now(): number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimer: LedgerTimer = {
  now: () => Date.now(),
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface BalanceReadsOptions {
  /** `total_used` now, as Money (moneyFromYuan of spec §4.2's figure). */
  read: () => Promise<Money>;
  /** The shortest time between two reads. */
  intervalMs: number;
  pricing: () => Pricing;
  /** Takes exact attributions (the price learner). */
  learn?: (model: string, units: BilledUnits, money: Money) => void;
  /**
   * May answer another attribution of the same window (the ledger's, when the balance shows a
   * refund did not happen): that one is then what is handed on and learned from.
   */
  reattribute?: (attribution: Attribution, window: BalanceWindow) => Attribution;
  onAttributed: (attribution: Attribution) => void;
  /** Each figure read: `baseline` for the first one, before any window (the ledger keeps it across starts). */
  onRead?: (total: Money, baseline: boolean) => void;
  onReadFailed?: (error: unknown) => void;
  timer?: LedgerTimer;
}

export class BalanceReads {
  private readonly timer: LedgerTimer;
  private last: Money | undefined;
  private lastReadAt = Number.NEGATIVE_INFINITY;
  private calls: BilledCall[] = [];
  private refunds: RefundedCall[] = [];
  private handle: unknown;
  private reading: Promise<Attribution | undefined> | undefined;
  private arrivedDuringRead = false;
  private nextAmbiguous = false;
  private closed = false;

  constructor(private readonly o: BalanceReadsOptions) {
    this.timer = o.timer ?? realTimer;
  }

  /** Takes the balance the first windows are measured from. */
  async start(): Promise<void> {
    await this.readNow();
  }

  billed(call: BilledCall): void {
    this.note(() => this.calls.push(call));
  }

  /** A job the gateway failed and refunded (its charge comes back in the next read). */
  refunded(refund: RefundedCall): void {
    this.note(() => this.refunds.push(refund));
  }

  /** Reads at once, whatever the interval (closing, or a view that wants figures now). */
  async flush(): Promise<Attribution | undefined> {
    if (this.reading) await this.reading;
    return this.readNow();
  }

  /** Resolves once no read is under way. */
  async settled(): Promise<void> {
    while (this.reading) await this.reading;
  }

  close(): void {
    this.closed = true;
    if (this.handle !== undefined) this.timer.clear(this.handle);
    this.handle = undefined;
  }

  private note(add: () => void) {
    if (this.closed) return;
    add();
    if (this.reading) this.arrivedDuringRead = true;
    else this.schedule();
  }

  private schedule() {
    if (this.closed || this.handle !== undefined || this.reading) return;
    // Nothing billed, nothing read: no polling while idle (a missing baseline is taken with the next call's read).
    if (this.calls.length === 0 && this.refunds.length === 0) return;
    const wait = Math.max(0, this.lastReadAt + this.o.intervalMs - this.timer.now());
    this.handle = this.timer.set(() => {
      this.handle = undefined;
      this.readNow().catch((error: unknown) => this.o.onReadFailed?.(error));
    }, wait);
  }

  private readNow(): Promise<Attribution | undefined> {
    if (this.handle !== undefined) this.timer.clear(this.handle);
    this.handle = undefined;
    const calls = this.calls;
    const refunds = this.refunds;
    const ambiguous = this.nextAmbiguous;
    this.calls = [];
    this.refunds = [];
    this.arrivedDuringRead = false;
    this.lastReadAt = this.timer.now();
    const run = (async (): Promise<Attribution | undefined> => {
      let total: Money;
      try {
        total = checkedMoney(await this.o.read(), 'total used');
      } catch (error) {
        // Nothing is lost: the calls wait for the next read, which is tried after the interval.
        this.calls = [...calls, ...this.calls];
        this.refunds = [...refunds, ...this.refunds];
        this.nextAmbiguous ||= ambiguous;
        this.o.onReadFailed?.(error);
        return undefined;
      }
      const raced = this.arrivedDuringRead;
      this.nextAmbiguous = raced;
      this.o.onRead?.(total, this.last === undefined);
      if (this.last === undefined) {
        // The first figure is the baseline; calls already noted may be in it or not.
        this.last = total;
        this.nextAmbiguous ||= calls.length + refunds.length > 0;
        this.calls = [...calls, ...this.calls];
        this.refunds = [...refunds, ...this.refunds];
        return undefined;
      }
      let attribution: Attribution;
      let window: BalanceWindow;
      try {
        const change = subtractMoney(total, this.last);
        this.last = total;
        if (calls.length === 0 && refunds.length === 0 && change === 0) return undefined;
        window = { change, calls, refunds, ambiguous: ambiguous || raced };
        attribution = attribute(window, this.o.pricing());
      } catch (error) {
        // A figure beyond exact arithmetic: measure from it next time, and keep the calls for that window.
        this.last = total;
        this.calls = [...calls, ...this.calls];
        this.refunds = [...refunds, ...this.refunds];
        this.nextAmbiguous = true;
        this.o.onReadFailed?.(error);
        return undefined;
      }
      if (this.o.reattribute) attribution = this.o.reattribute(attribution, window);
      this.o.onAttributed(attribution);
      const seen = attribution.observation;
      if (seen) this.o.learn?.(seen.model, seen.units, seen.money);
      return attribution;
    })();
    this.reading = run;
    const done = () => {
      if (this.reading === run) this.reading = undefined;
      this.schedule();
    };
    run.then(done, done);
    return run;
  }
}
