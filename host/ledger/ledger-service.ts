/**
 * The spend ledger wired (docs/ledger.md, "Rows"): a row per `billed` call, written when it is
 * heard; the cash balance read after billed calls, per profile (balance-reads.ts), each change
 * attributed (attribution.ts) and written to the rows, its remainder as a row of its own; prices
 * learned from the exact rows, and learned again from them at each start.
 *
 * Kill-safe: a row is keyed by its call id, so a call heard twice writes one row; a job the
 * gateway took (its record has a task id) but whose row a kill lost gets its row at the next start.
 */
import { randomUUID } from 'node:crypto';
import { isNativeImageModel } from '@shared/gateway/catalog.js';
import type { HostEvents } from '../events.js';
import type { JobRecord } from '../tasks/job-record.js';
import { attribute, type Attribution, type BalanceWindow, type Pricing } from './attribution.js';
import { BalanceReads, realTimer, type LedgerTimer } from './balance-reads.js';
import { LedgerTable, type LedgerRow, type Modality, type Outcome } from './ledger-table.js';
import { subtractMoney, type Money } from './money.js';
import { PriceLearner } from './price-learner.js';
import type { UserPrices } from './user-prices.js';
import { generationsVideoUnits, imageJobUnits, multipartVideoUnits, type BilledUnits, type LedgerRoute } from './units.js';

/** Exact rows the learner takes back at a start (the learner keeps 500 per price). */
const RELEARN_ROWS = 20_000;

export interface LedgerServiceDeps {
  table: LedgerTable;
  /** The profile's cash `total_used`, as Money (spec §4.2). */
  read(profileId: string): Promise<Money>;
  /** The shortest time between two reads of a profile's balance. */
  intervalMs: number;
  timer?: LedgerTimer;
  log(line: string): void;
  /** The wall clock, for the remainder rows' time. */
  now(): number;
  /** Rows were written or changed. */
  onChange(): void;
}

export function modalityOf(route: LedgerRoute, model: string, units?: BilledUnits): Modality {
  if (units) return units.kind === 'text' ? 'text' : units.kind === 'native-image' ? 'image' : units.kind;
  if (route === 'image' || (route === 'native' && isNativeImageModel(model))) return 'image';
  if (route === 'video-generations' || route === 'video-multipart') return 'video';
  return route === 'speech' ? 'speech' : 'text';
}

/** A job's units and route from its record, for a row written at a start. */
function jobCall(job: JobRecord): { route: LedgerRoute; units?: BilledUnits } {
  const request = { ...job.params, model: job.model, prompt: job.prompt };
  if (job.route === 'multipart') return { route: 'video-multipart', units: multipartVideoUnits(request) };
  if (job.kind === 'image') return { route: 'image', units: imageJobUnits(request) };
  return { route: 'video-generations', units: generationsVideoUnits(request) };
}

export class LedgerService {
  private readonly reads = new Map<string, BalanceReads>();
  private readonly learners = new Map<string, PriceLearner>();
  /** Each profile's newest figure, kept with the window it closes. */
  private readonly totals = new Map<string, Money>();
  private closed = false;
  /** Rows a writer wrote inside a transaction whose call is not announced yet (`writeBilled`, `billed`). */
  private readonly written = new Set<string>();
  /** Items a call saved, heard before its row was written: linked when it is (`itemSaved`). */
  private readonly saved = new EarlyItems();
  /** Profiles whose last read failed: logged once until a read succeeds again. */
  private readonly failing = new Set<string>();
  /** The creator's price table (price-store.ts), read at each window's attribution. */
  private userPrices: () => UserPrices | undefined = () => undefined;

  constructor(private readonly d: LedgerServiceDeps) {}

  /** Learns the prices again from the exact rows, and takes the baseline of `profileIds`. */
  async start(profileIds: string[]): Promise<void> {
    // Heard, but the session ended before their balance read: their charge is in the gap remainder.
    if (this.d.table.unreadAsUnpriced()) this.d.onChange();
    for (const row of this.d.table.exact(RELEARN_ROWS).reverse()) {
      if (row.units && row.money !== undefined) this.learner(row.profileId).observe(row.model, row.units, row.money);
    }
    await Promise.all(profileIds.map((id) => this.readsOf(id).start().catch(() => undefined)));
  }

  /**
   * Jobs the gateway took whose row is missing (a kill between the job's record and the row):
   * written from the record. Their charge fell before this session's first balance read, so their
   * money is not known: unpriced, and the earlier session's remainder holds it.
   */
  recoverJobs(jobs: readonly JobRecord[]): number {
    let written = 0;
    for (const job of jobs) {
      if (!job.remoteId || this.d.table.get(job.id)) continue;
      const { route, units } = jobCall(job);
      const row: LedgerRow = {
        callId: job.id, kind: 'call', at: job.submittedAt ?? job.createdAt, profileId: job.profileId, route, model: job.model,
        modality: modalityOf(route, job.model, units), ...(units ? { units } : {}), outcome: outcomeOf(job.state),
        links: { jobId: job.id, ...(job.batchIndex !== undefined ? { batchIndex: job.batchIndex } : {}), ...libraryIdsOf(job) },
        basis: 'unpriced',
      };
      if (this.d.table.add(row)) written++;
    }
    if (written) this.d.onChange();
    return written;
  }

  /**
   * A billed call written inside its emitter's transaction (a job's record taking the answer,
   * host/events.ts `write`): the row is committed with it or not at all. Its balance read is noted
   * when the call is announced, once committed (`billed`).
   */
  writeBilled(b: HostEvents['billed']): void {
    if (this.closed) return;
    if (this.add(b)) this.written.add(b.callId);
  }

  /** A billed call announced: its row written unless a writer wrote it (`writeBilled`), and noted for the next balance read. */
  billed(b: HostEvents['billed']): void {
    if (this.closed) return;
    const added = this.written.delete(b.callId) || this.add(b);
    // Heard twice (a sender's answer applied again after a restart): one row, one charge.
    if (!added) return;
    this.readsOf(b.profileId).billed({ id: b.callId, model: b.model, units: b.units });
    this.d.onChange();
  }

  private add(b: HostEvents['billed']): boolean {
    return this.d.table.add({
      callId: b.callId, kind: 'call', at: b.at, profileId: b.profileId, route: b.route, model: b.model,
      modality: modalityOf(b.route, b.model, b.units), ...(b.units ? { units: b.units } : {}), outcome: 'succeeded', links: { ...b.links, ...this.saved.take(b.callId) },
    });
  }

  /** An item a synchronous call saved (a native image, speech audio): linked from the call's row. */
  itemSaved(e: HostEvents['itemSaved']): void {
    if (this.closed || !e.callId) return;
    const row = this.d.table.get(e.callId);
    if (!row) return this.saved.add(e.callId, e.item.id);
    const ids = row.links.libraryIds ?? [];
    if (ids.includes(e.item.id)) return;
    this.d.table.links(e.callId, { ...row.links, libraryIds: [...ids, e.item.id] });
    this.d.onChange();
  }

  jobEnded(e: HostEvents['jobEnded']): void {
    if (this.closed) return;
    const row = this.d.table.get(e.id);
    if (!row) return;
    if (e.libraryIds.length) this.d.table.links(e.id, { ...row.links, libraryIds: e.libraryIds });
    // A job the gateway took and then failed: the sandbox, as gateways do, refunds it; the balance
    // shows whether it did (docs/ledger.md, "Outcomes").
    if (e.state === 'failed' && e.remoteId && row.outcome === 'succeeded') {
      this.d.table.outcome(e.id, 'failed');
      this.readsOf(e.profileId).refunded({
        id: e.id, model: row.model, units: row.units,
        ...(row.basis ? { charged: { basis: row.basis, money: row.money, ...(row.basis === 'exact' ? { exactMoney: row.money } : {}) } } : {}),
      });
    }
    this.d.onChange();
  }

  /** Reads every profile's balance now, and waits for the rows to be written. */
  async flush(): Promise<void> {
    await Promise.all([...this.reads.values()].map((r) => r.flush().catch(() => undefined)));
  }

  /** Waits for reads under way (and their writes). */
  async settled(): Promise<void> {
    await Promise.all([...this.reads.values()].map((r) => r.settled()));
  }

  /** Calls attributed from now on are priced by the creator's prices where they cover them (basis `user`). */
  usePrices(prices: () => UserPrices | undefined): void {
    this.userPrices = prices;
  }

  /** What the profile's prices learned so far quote (quote.ts). */
  learnerOf(profileId: string): PriceLearner {
    return this.learner(profileId);
  }

  close(): void {
    this.closed = true;
    for (const r of this.reads.values()) r.close();
  }

  private learner(profileId: string): PriceLearner {
    let l = this.learners.get(profileId);
    if (!l) this.learners.set(profileId, (l = new PriceLearner()));
    return l;
  }

  private readsOf(profileId: string): BalanceReads {
    let r = this.reads.get(profileId);
    if (r) return r;
    const learner = this.learner(profileId);
    r = new BalanceReads({
      read: () => this.d.read(profileId),
      intervalMs: this.d.intervalMs,
      timer: this.d.timer ?? realTimer,
      pricing: () => this.pricing(learner),
      learn: (model, units, money) => learner.observe(model, units, money),
      reattribute: (a, window) => this.refundsShown(a, window, learner),
      onAttributed: (a) => this.write(profileId, a),
      onRead: (total, baseline) => this.read(profileId, total, baseline),
      onReadFailed: (err) => {
        // Tried again after each interval while calls wait: said once, not every few seconds.
        if (this.failing.has(profileId)) return;
        this.failing.add(profileId);
        this.d.log(`ledger: a balance read failed (${(err as Error)?.message ?? String(err)}); its calls wait for the next`);
      },
    });
    this.reads.set(profileId, r);
    return r;
  }

  private pricing(learner: PriceLearner): Pricing {
    return { quote: (model, units) => learner.quote(model, units), userPrices: this.userPrices() };
  }

  /**
   * Whether the gateway gave back what the window's failed jobs were charged, as the balance
   * shows it (docs/ledger.md, "Outcomes"): the window is also attributed as if no refund had
   * happened, and the reading that leaves the smaller remainder stands; on a tie, the refund (what
   * a gateway does for a job it failed).
   */
  private refundsShown(withRefunds: Attribution, window: BalanceWindow, learner: PriceLearner): Attribution {
    if (!window.refunds?.length) return withRefunds;
    const without = attribute({ ...window, refunds: [] }, this.pricing(learner));
    return Math.abs(without.remainder) < Math.abs(withRefunds.remainder) ? without : withRefunds;
  }

  /**
   * A figure read. The first of a session is measured against the last one kept: what the balance
   * moved by while the studio was closed or killed (another client, a call whose row a kill lost,
   * a recovered job's charge) is a remainder row of its own, so the totals still equal the gateway's
   * `total_used` change across sessions (docs/ledger.md, "What a kill can lose").
   */
  private read(profileId: string, total: Money, baseline: boolean): void {
    if (this.closed) return;
    this.failing.delete(profileId);
    if (!baseline) return void this.totals.set(profileId, total);
    const t = this.d.table;
    const before = t.lastRead(profileId);
    t.db.transaction(() => {
      if (before !== undefined && before !== total) this.remainder(profileId, subtractMoney(total, before));
      t.savedRead(profileId, total, this.d.now());
    })();
    if (before !== undefined && before !== total) this.d.onChange();
  }

  private remainder(profileId: string, money: Money): void {
    this.d.table.add({
      callId: `remainder:${randomUUID()}`, kind: 'remainder', at: this.d.now(), profileId, route: 'remainder',
      model: '', modality: 'remainder', outcome: 'succeeded', links: {}, money,
    });
  }

  /** One window's money, in one transaction: each entry on its row, the remainder as a row. */
  private write(profileId: string, a: Attribution): void {
    if (this.closed) return;
    const entries = a.entries;
    const remainder = a.remainder;
    const t = this.d.table;
    t.db.transaction(() => {
      for (const e of entries) {
        if (e.kind === 'charge') t.money(e.callId, e.money, e.basis, e.range);
        else t.refund(e.callId, e.money, e.basis);
      }
      if (remainder !== 0) this.remainder(profileId, remainder);
      const total = this.totals.get(profileId);
      if (total !== undefined) t.savedRead(profileId, total, this.d.now());
    })();
    this.d.onChange();
  }
}

/** Calls waiting for their row, the newest few: a call whose row never comes (a refused write) is dropped in time. */
const EARLY_CALLS = 200;

class EarlyItems {
  private readonly byCall = new Map<string, string[]>();

  add(callId: string, itemId: string): void {
    const ids = this.byCall.get(callId) ?? [];
    this.byCall.delete(callId);
    this.byCall.set(callId, [...ids, itemId]);
    if (this.byCall.size > EARLY_CALLS) this.byCall.delete(this.byCall.keys().next().value!);
  }

  /** The items heard for the call, as links, and forgotten. */
  take(callId: string): { libraryIds?: string[] } {
    const ids = this.byCall.get(callId);
    if (!ids) return {};
    this.byCall.delete(callId);
    return { libraryIds: ids };
  }
}

function outcomeOf(state: JobRecord['state']): Outcome {
  return state === 'failed' ? 'failed' : 'succeeded';
}

function libraryIdsOf(job: JobRecord): { libraryIds?: string[] } {
  const ids = job.downloads.flatMap((dl) => (dl.libraryId ? [dl.libraryId] : []));
  return ids.length ? { libraryIds: ids } : {};
}
