/**
 * What a result cost, in the gateway's own terms: money when it reports a price,
 * tokens when it reports usage. Nothing is shown for what the gateway did not report — an
 * estimate dressed as a figure would mislead.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormats, type Formats } from '../../i18n/format.js';

export interface Cost {
  amount: number;
  currency: string;
}

export interface TokenUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
}

function tokensText(t: TFunction<'generator'>, f: Formats, usage: TokenUsage & { totalTokenCount: number }): string {
  const total = f.number(usage.totalTokenCount);
  const input = usage.promptTokenCount === undefined ? undefined : f.number(usage.promptTokenCount);
  const output = usage.candidatesTokenCount === undefined ? undefined : f.number(usage.candidatesTokenCount);
  if (input !== undefined && output !== undefined) return t('usage.tokensInOut', { total, input, output });
  if (input !== undefined) return t('usage.tokensIn', { total, input });
  if (output !== undefined) return t('usage.tokensOut', { total, output });
  return t('usage.tokens', { total });
}

export function usageText(t: TFunction<'generator'>, f: Formats, cost?: Cost, usage?: TokenUsage): string | null {
  const parts: string[] = [];
  if (cost) parts.push(t('usage.cost', { amount: f.cost(cost.amount, cost.currency) }));
  if (usage?.totalTokenCount !== undefined) parts.push(tokensText(t, f, { ...usage, totalTokenCount: usage.totalTokenCount }));
  return parts.length ? parts.join(' · ') : null;
}

export function UsageLine({ cost, usage, label }: { cost?: Cost; usage?: TokenUsage; label?: string }) {
  const { t } = useTranslation('generator');
  const f = useFormats();
  const text = usageText(t, f, cost, usage);
  if (!text) return null;
  return (
    <p className="usage-line hint" data-testid="usage-line">
      <span className="sr-only">{t('usage.prefix', { label: label ?? t('usage.label') })}</span>
      {text}
    </p>
  );
}
