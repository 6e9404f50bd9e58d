/**
 * "Export N items": the Gallery's way to take a selection out as one zip with its manifests
 * (docs/library-files.md, "The zip"). It exports the items the filters match (the newest
 * `EXPORT_MAX_ITEMS` of them), or, when a `selected` set is given, exactly those. The host asks
 * where (desktop) or hands back a one-time link the page follows (browser shell); progress comes
 * as `library.onExportProgress`, and a failure says what happened, with nothing written.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_MAX_ITEMS, type LibraryQuery, type TakeOutcome } from '@shared/contract/library.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { call, errorMessage, useEvent } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { followDownload } from '../../../api/follow-download.js';
import './take-out.css';

interface ExportBarProps {
  /** The gallery's filters (offset and limit are ignored). */
  query: LibraryQuery;
  /** How many items the filters match. */
  total: number;
  /** Items chosen one by one: exported instead of the filtered list. */
  selected?: ReadonlySet<string>;
}

type Step =
  | { step: 'idle' }
  | { step: 'collecting' }
  | { step: 'writing'; done: number; total: number }
  | { step: 'done'; outcome: TakeOutcome }
  | { step: 'failed'; error: ErrorData };

/** Ids are read a page at a time, as the grid reads items (library.list's largest page). */
const ID_PAGE = 1000;

/** The ids of the first `count` items the query matches, in the gallery's order. */
export async function idsOf(query: LibraryQuery, count: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const page = await call('library.list', { ...query, offset: ids.length, limit: Math.min(ID_PAGE, count - ids.length) });
    ids.push(...page.items.map((i) => i.id));
    if (page.items.length === 0 || ids.length >= page.total) break;
  }
  return ids;
}

const newExportId = () => `export-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function ExportBar({ query, total, selected }: ExportBarProps) {
  const { t } = useTranslation('gallery');
  const f = useFormats();
  const hintId = useId();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const current = useRef('');
  const count = Math.min(selected ? selected.size : total, EXPORT_MAX_ITEMS);
  const capped = (selected ? selected.size : total) > EXPORT_MAX_ITEMS;
  const busy = state.step === 'collecting' || state.step === 'writing';

  useEvent('library.onExportProgress', (p) => {
    if (p.exportId === current.current) setState((s) => (s.step === 'writing' || s.step === 'collecting' ? { step: 'writing', done: p.done, total: p.total } : s));
  });

  const run = async () => {
    const exportId = newExportId();
    current.current = exportId;
    setState({ step: 'collecting' });
    try {
      const ids = selected ? [...selected].slice(0, EXPORT_MAX_ITEMS) : await idsOf(query, count);
      setState({ step: 'writing', done: 0, total: ids.length });
      const outcome = await call('library.export', { ids, exportId });
      if (outcome.outcome === 'download') followDownload(outcome.url, outcome.name);
      setState({ step: 'done', outcome });
    } catch (error) {
      setState({ step: 'failed', error: error as ErrorData });
    } finally {
      current.current = '';
    }
  };

  let status = '';
  if (state.step === 'collecting') status = t('export.collecting');
  else if (state.step === 'writing') status = t('export.progress', { done: f.number(state.done), total: f.number(state.total) });
  else if (state.step === 'done') {
    const o = state.outcome;
    status = o.outcome === 'cancelled' ? t('export.cancelled') : t(o.outcome === 'saved' ? 'export.saved' : 'export.downloading', { count: o.count, n: f.number(o.count), name: o.name });
  }

  return (
    <section className="export-bar" aria-label={t('export.label')}>
      <button type="button" className="button" disabled={busy || count === 0} aria-describedby={hintId} onClick={() => void run()}>
        {t('export.button', { count, n: f.number(count) })}
      </button>
      <span id={hintId} className="muted export-hint">
        {t('export.hint')}
        {capped && ` ${t('export.capped', { max: f.number(EXPORT_MAX_ITEMS) })}`}
      </span>
      {state.step === 'writing' && <progress className="export-progress" value={state.done} max={Math.max(1, state.total)} aria-label={t('export.progressLabel')} />}
      <p role="status" className={state.step === 'failed' ? 'form-error export-status' : 'export-status'}>
        {state.step === 'failed' ? errorMessage(state.error) : status}
      </p>
    </section>
  );
}
