/** Today, the last 7 days, this month and the range shown, with the "not attributed" remainder, never hidden. */
import { useTranslation } from 'react-i18next';
import type { LedgerTotals } from '@shared/contract/ledger.js';
import { useFormats } from '../../../i18n/format.js';

interface Sum { money: number; unpriced: number; rows: number }

function Card({ label, sum, money, id }: { label: string; sum: Sum; money(m: number): string; id: string }) {
  const { t } = useTranslation('spend');
  const f = useFormats();
  return (
    <div className="spend-card" data-testid={id}>
      <dt>{label}</dt>
      <dd>
        <span className="spend-card-money">{money(sum.money)}</span>
        {sum.unpriced > 0 && <span className="spend-card-note">{t('totals.unpriced', { count: sum.unpriced, n: f.number(sum.unpriced) })}</span>}
      </dd>
    </div>
  );
}

export function SpendTotals({ totals, money }: { totals: LedgerTotals; money(m: number): string }) {
  const { t } = useTranslation('spend');
  const range = {
    money: totals.byDay.reduce((s, d) => s + d.money, 0),
    unpriced: totals.byModel.reduce((s, m) => s + m.unpriced, 0),
    rows: totals.byDay.reduce((s, d) => s + d.rows, 0),
  };
  return (
    <dl className="spend-cards" aria-label={t('totals.label')}>
      <Card id="spend-today" label={t('totals.today')} sum={totals.today} money={money} />
      <Card id="spend-week" label={t('totals.week')} sum={totals.week} money={money} />
      <Card id="spend-month" label={t('totals.month')} sum={totals.month} money={money} />
      <Card id="spend-range" label={t('totals.range')} sum={range} money={money} />
      <div className="spend-card spend-card-remainder" data-testid="spend-remainder">
        <dt>{t('totals.remainder')}</dt>
        <dd>
          <span className="spend-card-money">{money(totals.remainder)}</span>
          <span className="spend-card-note">{t('totals.remainderHint')}</span>
        </dd>
      </div>
    </dl>
  );
}
