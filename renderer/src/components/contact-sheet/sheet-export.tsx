/**
 * "Export sheet…": the contact sheet as laid out now (its rows and columns) as one PNG with its
 * manifest, in a zip (`batches.exportSheet`): saved where the creator chooses on the desktop, a
 * download in the browser. What happened is said in a live region beside the button.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TakeOutcome } from '@shared/contract/library.js';
import { call, errorMessage } from '../../api/client.js';
import { followDownload } from '../../api/follow-download.js';

type State = { step: 'idle' } | { step: 'writing' } | { step: 'done'; outcome: TakeOutcome } | { step: 'failed'; message: string };

export function SheetExport({ batchId, rows, columns }: { batchId: string; rows: string; columns: string }) {
  const { t } = useTranslation('contactSheet');
  const [state, setState] = useState<State>({ step: 'idle' });
  const run = async () => {
    setState({ step: 'writing' });
    try {
      const outcome = await call('batches.exportSheet', { id: batchId, rows, columns });
      if (outcome.outcome === 'download') followDownload(outcome.url, outcome.name);
      setState({ step: 'done', outcome });
    } catch (error) {
      setState({ step: 'failed', message: errorMessage(error) });
    }
  };
  let status = '';
  if (state.step === 'writing') status = t('exporting');
  else if (state.step === 'failed') status = state.message;
  else if (state.step === 'done' && state.outcome.outcome !== 'cancelled') status = t(state.outcome.outcome === 'saved' ? 'saved' : 'downloading', { name: state.outcome.name });
  return (
    <>
      <button type="button" className="button" disabled={state.step === 'writing'} onClick={() => void run()}>{t('export')}</button>
      <span role="status" className={`contact-sheet-export-status${state.step === 'failed' ? ' is-error' : ''}`}>{status}</span>
    </>
  );
}
