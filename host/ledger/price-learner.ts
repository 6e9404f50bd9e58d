/**
 * Learns what each model's units cost from exact attributions: one call's units against the money
 * the balance moved by for it alone (docs/ledger.md, "How prices are learned"). Text has three
 * prices per model (in, out, thinking, per 1,000 tokens), fitted together; images per model and
 * resolution class, video per model and size class, speech per model (per 1,000 characters),
 * native images per model: a median of ratios. A price with too few samples is unpriced.
 */
import { fitLinear, fitRate, type Fit, type Sample } from './robust-fit.js';
import { checkedMoney, type Money } from './money.js';
import { isZero, type BilledKind, type BilledUnits } from './units.js';

/** How a price is quoted: text and speech per 1,000 tokens or characters, the rest per unit. */
export type PricedUnit = 'input' | 'output' | 'thinking' | 'image' | 'second' | 'character';

export interface LearnedRate {
  /** Money (ten-thousandths of a yuan) per unit, per 1,000 for tokens and characters. */
  price: number;
  stderr: number;
}

export interface LearnedPrice {
  model: string;
  kind: BilledKind;
  /** The resolution class (images) or size class (video) the price is for. */
  unitClass?: string;
  rates: Partial<Record<PricedUnit, LearnedRate>>;
  /** Exact samples the price rests on, after outliers were set aside. */
  samples: number;
  outliers: number;
}

/** A call's expected money and its range; integers, low ≤ money ≤ high. */
export interface Quote { money: Money; low: Money; high: Money }

export type QuoteResult = { priced: true; quote: Quote } | { priced: false; reason: 'units-unknown' | 'zero-units' | 'too-few-samples' };

export interface PriceLearnerOptions {
  /** Exact samples a price needs before it is used (at least one more than its unknowns). */
  minSamples?: number;
  /** Samples kept per price, the newest: a price the gateway changes is followed. */
  maxSamples?: number;
}

interface Slot { model: string; kind: BilledKind; unitClass?: string; samples: Sample[]; fit?: Fit }

const PER_1K = 1_000;

/** The columns of each kind, and the call's quantities in them. */
function columns(units: BilledUnits): { key: string; unitClass?: string; names: PricedUnit[]; x: number[] } {
  switch (units.kind) {
    case 'text': return { key: 'text', names: ['input', 'output', 'thinking'], x: [units.input / PER_1K, units.output / PER_1K, units.thinking / PER_1K] };
    case 'native-image': return { key: 'native-image', names: ['image'], x: [units.images] };
    case 'image': return { key: `image ${units.resolution}`, unitClass: units.resolution, names: ['image'], x: [units.images] };
    case 'video': return { key: `video ${units.size}`, unitClass: units.size, names: ['second'], x: [units.seconds] };
    case 'speech': return { key: 'speech', names: ['character'], x: [units.characters / PER_1K] };
  }
}

export class PriceLearner {
  private readonly slots = new Map<string, Slot>();
  private readonly minSamples: number;
  private readonly maxSamples: number;

  constructor(options: PriceLearnerOptions = {}) {
    this.minSamples = Math.max(1, options.minSamples ?? 3);
    this.maxSamples = Math.max(this.minSamples, options.maxSamples ?? 500);
  }

  /** One exact attribution. A call that used no units teaches nothing about a price per unit. */
  observe(model: string, units: BilledUnits, money: Money): void {
    checkedMoney(money);
    if (money < 0 || isZero(units)) return;
    const c = columns(units);
    const id = `${model}\u0000${c.key}`;
    let slot = this.slots.get(id);
    if (!slot) this.slots.set(id, (slot = { model, kind: units.kind, unitClass: c.unitClass, samples: [] }));
    slot.samples.push({ x: c.x, y: money });
    if (slot.samples.length > this.maxSamples) slot.samples.splice(0, slot.samples.length - this.maxSamples);
    slot.fit = undefined;
  }

  /** What the learner knows of one model's price for units like these, if anything. */
  learned(model: string, units: BilledUnits): LearnedPrice | undefined {
    const c = columns(units);
    const slot = this.slots.get(`${model}\u0000${c.key}`);
    return slot && this.describe(slot, c.names);
  }

  /** Every price learned so far, for a settings page or a ledger export. */
  all(): LearnedPrice[] {
    return [...this.slots.values()].map((slot) => this.describe(slot, slot.kind === 'text' ? ['input', 'output', 'thinking'] : [columnName(slot.kind)]));
  }

  /** The expected money of a call with these units, with a range of about two standard errors. */
  quote(model: string, units: BilledUnits | undefined): QuoteResult {
    if (!units) return { priced: false, reason: 'units-unknown' };
    if (isZero(units)) return { priced: false, reason: 'zero-units' };
    const c = columns(units);
    const slot = this.slots.get(`${model}\u0000${c.key}`);
    const fit = slot && this.fitOf(slot);
    if (!fit || fit.kept < this.needed(c.x.length)) return { priced: false, reason: 'too-few-samples' };
    let money = 0;
    let variance = 0;
    for (let j = 0; j < c.x.length; j++) {
      if (c.x[j] === 0) continue;
      const beta = fit.beta[j];
      if (beta === undefined) return { priced: false, reason: 'too-few-samples' };
      money += beta * c.x[j];
      variance += (fit.stderr[j] ?? 0) ** 2 * c.x[j] ** 2;
    }
    // Float dust (1000 × 1.234 is 1234.0000000000002) must not widen a range by a whole unit.
    const dust = 1e-9 * Math.max(1, money);
    const spread = 2 * Math.sqrt(variance);
    const quote = { money: Math.round(money), low: Math.max(0, Math.floor(money - spread + dust)), high: Math.ceil(money + spread - dust) };
    if (![quote.money, quote.low, quote.high].every(Number.isSafeInteger)) return { priced: false, reason: 'too-few-samples' };
    return { priced: true, quote: { ...quote, low: Math.min(quote.low, quote.money), high: Math.max(quote.high, quote.money) } };
  }

  private needed(unknowns: number) {
    return Math.max(this.minSamples, unknowns + 1);
  }

  private fitOf(slot: Slot): Fit {
    slot.fit ??= slot.kind === 'text' ? fitLinear(slot.samples, 3) : fitRate(slot.samples);
    return slot.fit;
  }

  private describe(slot: Slot, names: PricedUnit[]): LearnedPrice {
    const fit = this.fitOf(slot);
    const enough = fit.kept >= this.needed(names.length);
    const rates: Partial<Record<PricedUnit, LearnedRate>> = {};
    names.forEach((name, j) => {
      const price = fit.beta[j];
      if (enough && price !== undefined) rates[name] = { price, stderr: fit.stderr[j] ?? Number.POSITIVE_INFINITY };
    });
    return { model: slot.model, kind: slot.kind, ...(slot.unitClass ? { unitClass: slot.unitClass } : {}), rates, samples: fit.kept, outliers: fit.outliers };
  }
}

const columnName = (kind: BilledKind): PricedUnit => (kind === 'video' ? 'second' : kind === 'speech' ? 'character' : 'image');
