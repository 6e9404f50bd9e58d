/**
 * "Export CSV" and "Export JSON": the filtered calls as a file. The host asks where (desktop) or
 * hands back a one-time link the page follows (browser shell); a failure says what happened.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerFilter } from '@shared/contract/ledger.js';
import type { TakeOutcome } from '@shared/contract/library.js';
import { call, errorMessage } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { followDownload } from '../../../api/follow-download.js';

type Step = { step: 'idle' } | { step: 'working' } | { step: 'done'; outcome: TakeOutcome } | { step: 'failed'; error: unknown };

export function SpendExport({ filter }: { filter: LedgerFilter }) {
  const { t } = useTranslation('spend');
  const f = useFormats();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const run = async (format: 'csv' | 'json') => {
    setState({ step: 'working' });
    try {
      const outcome = await call('ledger.export', { ...filter, format });
      if (outcome.outcome === 'download') followDownload(outcome.url, outcome.name);
      setState({ step: 'done', outcome });
    } catch (error) {
      setState({ step: 'failed', error });
    }
  };
  let status = '';
  if (state.step === 'working') status = t('export.working');
  else if (state.step === 'done') {
    const o = state.outcome;
    status = o.outcome === 'cancelled' ? t('export.cancelled') : t(o.outcome === 'saved' ? 'export.saved' : 'export.downloading', { count: o.count, n: f.number(o.count), name: o.name });
  }
  const busy = state.step === 'working';
  return (
    <section className="spend-export" aria-label={t('export.label')}>
      <button type="button" className="button" disabled={busy} onClick={() => void run('csv')}>{t('export.csv')}</button>
      <button type="button" className="button" disabled={busy} onClick={() => void run('json')}>{t('export.json')}</button>
      <span className="muted">{t('export.hint')}</span>
      <p role="status" className={state.step === 'failed' ? 'form-error' : undefined}>
        {state.step === 'failed' ? errorMessage(state.error) : status}
      </p>
    </section>
  );
}
