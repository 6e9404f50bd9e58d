/**
 * A cost in words (docs/ledger.md, "Cost where the work is"): exact money, "set by you", "≈" with
 * the range when estimated, "unpriced" when the money is not known, never 0 for that.
 */
import './strings.js';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ItemCost, QuoteView } from '@shared/contract/ledger-quote.js';
import { useFormats, type Formats } from '../../i18n/format.js';
import { useItemCost, type CostKind } from './cost-loader.js';

/** Ledger money is ten-thousandths of a yuan (docs/ledger.md, "Money"). */
export const yuan = (f: Formats, money: number) => f.cost(money / 10_000, 'CNY');

type Priced = Pick<ItemCost, 'money' | 'range'> & { basis: ItemCost['basis'] | QuoteView['basis']; refunded?: boolean };

export function costText(c: Priced, t: TFunction<'cost'>, f: Formats): string {
  if (c.refunded) return t('refunded');
  if (c.basis === 'pending') return t('pending');
  if (c.basis === 'unpriced' || c.money === undefined) return t('unpriced');
  const money = yuan(f, c.money);
  if (c.basis === 'estimated' && c.range) return t('estimated', { money, low: yuan(f, c.range.low), high: yuan(f, c.range.high) });
  return c.basis === 'user' ? t('user', { money }) : t('exact', { money });
}

export function tokensText(tokens: NonNullable<ItemCost['tokens']>, t: TFunction<'cost'>, f: Formats): string {
  const n = { input: f.number(tokens.input), output: f.number(tokens.output), thinking: f.number(tokens.thinking) };
  return tokens.thinking > 0 ? t('tokensThinking', n) : t('tokens', n);
}

/**
 * "Cost: …" of a task, a reply or a gallery item; nothing while it has no ledger row. `ask` false
 * (a reply still streaming) holds the question until it turns true (cost-loader.ts).
 */
export function ItemCostLine({ kind, id, ask, className }: { kind: CostKind; id: string | undefined; ask?: boolean; className?: string }) {
  const { t } = useTranslation('cost');
  const f = useFormats();
  const cost = useItemCost(kind, id, ask).data;
  if (!cost) return null;
  return (
    <p className={className ? `item-cost ${className}` : "item-cost"} data-testid="item-cost" data-basis={cost.basis}>
      {t('label')}: {costText(cost, t, f)}
      {cost.tokens && ` · ${tokensText(cost.tokens, t, f)} ${t('tokensLabel')}`}
    </p>
  );
}
