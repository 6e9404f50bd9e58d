/**
 * What a result cost, in the gateway's own terms (issue 5.5): money when it reports a price,
 * tokens when it reports usage. Nothing is shown for what the gateway did not report — an
 * estimate dressed as a figure would mislead.
 */
export interface Cost {
  amount: number;
  currency: string;
}

export interface TokenUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
}

export function formatCost(cost: Cost): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: cost.currency, maximumFractionDigits: 6 }).format(cost.amount);
  } catch {
    // Not an ISO currency code (gateways may bill in credits): show it as given.
    return `${cost.amount} ${cost.currency}`;
  }
}

const n = (v: number) => v.toLocaleString();

export function usageText(cost?: Cost, usage?: TokenUsage): string | null {
  const parts: string[] = [];
  if (cost) parts.push(`Cost ${formatCost(cost)}`);
  if (usage?.totalTokenCount !== undefined) {
    const detail = [
      usage.promptTokenCount !== undefined && `${n(usage.promptTokenCount)} in`,
      usage.candidatesTokenCount !== undefined && `${n(usage.candidatesTokenCount)} out`,
    ].filter(Boolean);
    parts.push(`${n(usage.totalTokenCount)} tokens${detail.length ? ` (${detail.join(', ')})` : ''}`);
  }
  return parts.length ? parts.join(' · ') : null;
}

export function UsageLine({ cost, usage, label = 'Usage' }: { cost?: Cost; usage?: TokenUsage; label?: string }) {
  const text = usageText(cost, usage);
  if (!text) return null;
  return (
    <p className="usage-line hint" data-testid="usage-line">
      <span className="sr-only">{label}: </span>
      {text}
    </p>
  );
}
