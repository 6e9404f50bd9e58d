/**
 * The Spend tab (docs/ledger.md, "The Spend view"): totals for today, the last 7 days and this
 * month, the remainder no call explains; spend by day and by model, stacked by modality, each
 * with its table; the calls behind a picked bar, each opening what it made; and the filtered
 * calls exported as CSV or JSON. Everything is read from the host's ledger, live on
 * `ledger.onChange`; the filters are kept as a draft, so a restart shows the same view.
 */
import './strings/register.js';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMPTY, errorMessage, useCall } from '../../api/client.js';
import { TabIntro } from '../../components/TabIntro.js';
import { useFormats } from '../../i18n/format.js';
import { useDraft } from '../../state/drafts.js';
import { byDayChart, byModelChart } from './model/chart-data.js';
import { DEFAULT_FILTER, midnight, ledgerFilter, rangeOf, rowsFilter, type Pick, type SpendFilter } from './model/spend-filter.js';
import { invalidateSpend, refreshSpend, useSpendLive, useSpendModels, useSpendTotals } from './model/use-spend.js';
import { ChartPanel } from './ui/chart-panel.js';
import { SpendExport } from './ui/spend-export.js';
import { SpendFilters } from './ui/spend-filters.js';
import { SpendRows } from './ui/spend-rows.js';
import { SpendTotals } from './ui/spend-totals.js';
import './ui/spend.css';

export default function SpendTab() {
  const { t } = useTranslation('spend');
  const f = useFormats();
  const client = useQueryClient();
  const [filter, setFilter, resetFilter] = useDraft<SpendFilter>('spend-filter', DEFAULT_FILTER);
  const [pick, setPick] = useState<Pick | undefined>(undefined);
  const [refreshing, setRefreshing] = useState(false);
  // Ranges are whole local days: the same query all day long, a new one after midnight.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setTimeout(() => setNow(Date.now()), midnight(now, 1) - now + 1_000);
    return () => clearTimeout(t);
  }, [now]);
  const query = useMemo(() => ledgerFilter(filter, now), [filter, now]);
  const withoutModel = useMemo(() => ({ ...query, model: undefined }), [query]);
  useSpendLive();
  const totals = useSpendTotals(query);
  const otherModels = useSpendModels(withoutModel, filter.model !== undefined);
  const profiles = useCall('profiles.list', EMPTY).data?.profiles ?? [];

  const money = useCallback((m: number) => f.cost(m / 10_000, 'CNY'), [f]);
  const dayLabel = useCallback((k: number | string) => f.monthDay(Number(k)), [f]);
  const modelLabel = useCallback((k: number | string) => String(k) || t('charts.noModel'), [t]);
  const byDay = useMemo(() => byDayChart(totals.data?.byDay ?? [], rangeOf(filter, now)), [totals.data, filter, now]);
  const byModel = useMemo(() => byModelChart(totals.data?.byModel ?? []), [totals.data]);
  const models = filter.model !== undefined ? (otherModels.data ?? []) : byModel.keys.map(String);

  const change = (patch: Partial<SpendFilter>) => {
    setPick(undefined);
    setFilter(patch);
  };
  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshSpend(query);
      await invalidateSpend(client);
    } finally {
      setRefreshing(false);
    }
  };
  const rows = useMemo(() => rowsFilter(query, pick), [query, pick]);
  // The calls' table is rendered after the totals and charts, in a render React may interrupt.
  const shownRows = useDeferredValue(rows);
  const rowsTitle = !pick ? t('rows.all') : t('rows.of', { what: pick.kind === 'day' ? f.date(pick.day) : modelLabel(pick.model) });

  return (
    <div className="spend">
      <TabIntro title={t('intro.title')}>{t('intro.body')}</TabIntro>
      <SpendFilters
        filter={filter}
        profiles={profiles}
        models={models}
        onChange={change}
        onClear={() => {
          setPick(undefined);
          resetFilter();
        }}
      />
      {totals.isError && <p className="form-error" role="alert">{errorMessage(totals.error)}</p>}
      {totals.data ? (
        <>
          <div className="spend-totals-row">
            <SpendTotals totals={totals.data} money={money} />
            <button type="button" className="button" disabled={refreshing} onClick={() => void refresh()}>
              {refreshing ? t('totals.refreshing') : t('totals.refresh')}
            </button>
          </div>
          <div className="spend-charts">
            <ChartPanel title={t('charts.byDay')} testId="spend-by-day" data={byDay} keyHeading={t('charts.day')} label={dayLabel} money={money} onPick={(i) => setPick({ kind: 'day', day: Number(byDay.keys[i]) })} />
            <ChartPanel title={t('charts.byModel')} testId="spend-by-model" data={byModel} keyHeading={t('charts.model')} label={modelLabel} money={money} onPick={(i) => setPick({ kind: 'model', model: String(byModel.keys[i]) })} />
          </div>
        </>
      ) : (
        !totals.isError && <p className="muted">{t('rows.loading')}</p>
      )}
      <SpendExport filter={rows} />
      <SpendRows filter={shownRows} title={rowsTitle} money={money} {...(pick ? { onShowAll: () => setPick(undefined) } : {})} />
    </div>
  );
}
