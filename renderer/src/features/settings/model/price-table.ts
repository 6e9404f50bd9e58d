/**
 * The price table's form (docs/ledger.md, "Prices you set"): what is typed is kept as typed, in
 * yuan, and checked before it is saved; the host keeps ten-thousandths of a yuan (docs/ledger.md,
 * "Money"), fractions allowed, and checks again.
 */
import { priceKey, type PriceEntry } from '@shared/contract/ledger-quote.js';

export const PRICE_KINDS = ['text', 'image', 'video', 'speech', 'native-image'] as const satisfies readonly PriceEntry['kind'][];
export type PriceKind = (typeof PRICE_KINDS)[number];

export interface PriceDraft {
  kind: PriceKind;
  model: string;
  unitClass: string;
  input: string;
  output: string;
  thinking: string;
  price: string;
}

export type PriceField = 'model' | 'unitClass' | 'input' | 'output' | 'thinking' | 'price';
export type PriceProblem = 'model' | 'unitClass' | 'price' | 'tooBig' | 'duplicate';

export const EMPTY_DRAFT: PriceDraft = { kind: 'text', model: '', unitClass: '', input: '', output: '', thinking: '', price: '' };

const PER_YUAN = 10_000;
/** A hundred million yuan per unit: beyond any real price, inside the contract's cap. */
const MAX_YUAN = 1e8;

export const hasClass = (kind: PriceKind): kind is 'image' | 'video' => kind === 'image' || kind === 'video';

/** Ten-thousandths of a yuan as yuan, without float dust (0.0001 × 3 is not 0.00030000000000000003). */
export const yuanOf = (money: number) => String(Number((money / PER_YUAN).toFixed(8)));

function moneyOf(typed: string): number | PriceProblem {
  const text = typed.trim().replace(/^¥/, '').trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return 'price';
  const yuan = Number(text);
  if (!Number.isFinite(yuan)) return 'price';
  if (yuan > MAX_YUAN) return 'tooBig';
  return Number((yuan * PER_YUAN).toFixed(6));
}

export function draftOf(e: PriceEntry): PriceDraft {
  const base = { ...EMPTY_DRAFT, kind: e.kind, model: e.model };
  switch (e.kind) {
    case 'text': return { ...base, input: yuanOf(e.input), output: yuanOf(e.output), thinking: e.thinking === undefined ? '' : yuanOf(e.thinking) };
    case 'image':
    case 'video': return { ...base, unitClass: e.unitClass, price: yuanOf(e.price) };
    default: return { ...base, price: yuanOf(e.price) };
  }
}

/**
 * The draft as an entry, or the problem of each field. `others` are the table's other lines: a
 * second price for the same model, unit and class is refused at the model.
 */
export function checkDraft(d: PriceDraft, others: readonly PriceEntry[]): { entry: PriceEntry } | { problems: Partial<Record<PriceField, PriceProblem>> } {
  const problems: Partial<Record<PriceField, PriceProblem>> = {};
  const model = d.model.trim();
  if (!model || model.length > 200) problems.model = 'model';
  const unitClass = d.unitClass.trim();
  if (hasClass(d.kind) && (!unitClass || unitClass.length > 20)) problems.unitClass = 'unitClass';
  const money = (field: PriceField, optional = false): number | undefined => {
    if (optional && !d[field].trim()) return undefined;
    const m = moneyOf(d[field]);
    if (typeof m === 'number') return m;
    problems[field] = m;
    return undefined;
  };
  let entry: PriceEntry | undefined;
  if (d.kind === 'text') {
    const input = money('input');
    const output = money('output');
    const thinking = money('thinking', true);
    if (input !== undefined && output !== undefined) entry = { kind: 'text', model, input, output, ...(thinking !== undefined ? { thinking } : {}) };
  } else {
    const price = money('price');
    if (price !== undefined) entry = hasClass(d.kind) ? { kind: d.kind, model, unitClass, price } : { kind: d.kind, model, price };
  }
  if (!problems.model && !problems.unitClass && others.some((o) => priceKey(o) === priceKey({ kind: d.kind, model, unitClass: hasClass(d.kind) ? unitClass : undefined }))) {
    problems.model = 'duplicate';
  }
  if (Object.keys(problems).length || !entry) return { problems };
  return { entry };
}
