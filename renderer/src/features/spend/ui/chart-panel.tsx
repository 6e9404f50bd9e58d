/**
 * A chart of the Spend view with what stands in for it: a legend of the modalities shown, a
 * "Show as table" switch, and the table (every bar's money per modality, each with a button to
 * list its rows, the keyboard's way to a bar). The canvas has the chart's sum as its name.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartData } from '../model/chart-data.js';
import { SpendChart } from './spend-chart.js';

interface ChartPanelProps {
  title: string;
  data: ChartData;
  /** The first column's heading: Day or Model. */
  keyHeading: string;
  label(key: number | string): string;
  money(money: number): string;
  onPick(index: number): void;
  testId: string;
}

export function ChartPanel({ title, data, keyHeading, label, money, onPick, testId }: ChartPanelProps) {
  const { t } = useTranslation('spend');
  const [asTable, setAsTable] = useState(false);
  const swatches = useRef<HTMLUListElement>(null);
  const headingId = useId();
  const total = money(data.totals.reduce((s, v) => s + v, 0));
  const yuan = (v: number) => money(Math.round(v * 10_000));
  return (
    <section className="spend-chart" aria-labelledby={headingId} data-testid={testId}>
      <div className="spend-chart-head">
        <h3 id={headingId}>{title}</h3>
        <ul className="spend-legend" ref={swatches} aria-hidden={asTable}>
          {data.shown.map((m) => (
            <li key={m}>
              <span className={`spend-swatch spend-${m}`} data-modality={m} />
              {t(`modality.${m}`)}
            </li>
          ))}
        </ul>
        <button type="button" className="button" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('charts.showChart') : t('charts.showTable')}
        </button>
      </div>
      {data.keys.length === 0 ? (
        <p className="muted">{t('charts.empty')}</p>
      ) : asTable ? (
        <div className="spend-table-wrap">
          <table className="spend-table">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{keyHeading}</th>
                {data.shown.map((m) => <th scope="col" key={m}>{t(`modality.${m}`)}</th>)}
                <th scope="col">{t('charts.total')}</th>
                <th scope="col"><span className="sr-only">{t('charts.show')}</span></th>
              </tr>
            </thead>
            <tbody>
              {data.keys.map((k, i) => (
                <tr key={String(k)}>
                  <th scope="row">{label(k)}</th>
                  {data.shown.map((m) => <td key={m}>{money(data.money[m][i])}</td>)}
                  <td>{money(data.totals[i])}</td>
                  <td>
                    <button type="button" className="button" onClick={() => onPick(i)} aria-label={`${t('charts.show')}: ${label(k)}`}>
                      {t('charts.show')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="img" aria-label={t('charts.summary', { title, total, count: data.keys.length })}>
          <SpendChart data={data} label={label} money={yuan} onPick={onPick} swatches={swatches} />
          <p className="muted spend-hint">{t('charts.hint')}</p>
        </div>
      )}
    </section>
  );
}
