/**
 * The batch composer (docs/batch-composer.md), mounted by the Image and Video tabs: prompts
 * (a list, or one prompt with {variables}) × models × parameter axes, and before anything is sent,
 * the matrix with its count of jobs, the expected cost and the budgets it meets, and every
 * combination the spec forbids with its rule. The page builds the cells; the host checks them
 * (`batches.check`) and queues them whole (`batches.create`), to run in its job queue with the
 * window closed. The input is a draft, kept across tab switches and restarts.
 */
import '../strings.js';
import './batch-composer.css';
import { useDeferredValue, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BatchInput, BatchView } from '@shared/contract/batches.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { useAction } from '../../../api/client.js';
import { useFormats, type Formats } from '../../../i18n/format.js';
import { Field } from '../../Field.js';
import { FailureNote } from '../../generator/failure-note.js';
import { submitOnModEnter } from '../../generator/keyboard.js';
import { MOD_KEY } from '../../platform.js';
import type { BatchKind } from '../model/axes.js';
import { buildMatrix, groupRefusals, localRefusals, quoteShapes, type MatrixError } from '../model/matrix.js';
import { useBatchCheck, refusalOfError } from '../model/use-batch-check.js';
import { useBatchDraft } from '../model/use-batch-draft.js';
import { AxisFields } from './axis-fields.js';
import { BatchCost } from './batch-cost.js';
import { BatchDone } from './batch-done.js';
import { MatrixTable } from './matrix-table.js';
import { PromptFields } from './prompt-fields.js';
import { RefusalList } from './refusal-list.js';

/** A batch named after its first prompt is cut here, the time after it. */
const NAME_CHARS = 60;

function errorText(e: MatrixError, t: TFunction<'batch'>, f: Formats): string {
  switch (e.code) {
    case 'unclosed':
    case 'unopened':
      return t(`error.${e.code}`, { at: f.number(e.at + 1), open: '{{', close: '}}' });
    case 'badName':
      return t('error.badName', { at: f.number(e.at + 1), name: e.name });
    case 'reservedName':
    case 'noValues':
      return t(`error.${e.code}`, { name: `{${e.name}}` });
    case 'tooMany':
      return t('error.tooMany', { number: f.number(e.count), limit: f.number(e.limit) });
    case 'tooLong':
      return t('error.tooLong', { max: f.number(e.max) });
    case 'badNumbers':
      return t('error.badNumbers', { text: e.text });
    case 'tooManyAxes':
      return t('error.tooManyAxes', { count: e.count, max: f.number(e.max) });
    default:
      return t(`error.${e.code}`);
  }
}

/**
 * Ctrl+Enter queues, as in the single forms; a plain Enter in a one-line field (the name, the
 * counts) does not: a batch can cost a great deal, and a form's implicit submit would queue it.
 */
function onKey(event: KeyboardEvent<HTMLFormElement>): void {
  // Keys pressed in the contact sheet opened from the confirmation are the sheet's, never a new batch.
  if (event.target instanceof Element && event.target.closest('[role="dialog"], dialog')) return;
  const plainEnter = event.key === 'Enter' && !(event.ctrlKey || event.metaKey);
  if (plainEnter && event.target instanceof HTMLInputElement) event.preventDefault();
  else submitOnModEnter(event);
}

/** The shortcut as assistive technology reads it (ARIA's key names). */
const KEYS = MOD_KEY === 'Ctrl' ? 'Control+Enter' : 'Meta+Enter';

const AT_PROMPTS: readonly MatrixError['code'][] = ['unclosed', 'unopened', 'badName', 'reservedName', 'noValues', 'tooLong'];

export function BatchComposer({ kind }: { kind: BatchKind }) {
  const { t } = useTranslation('batch');
  const f = useFormats();
  const [draft, update] = useBatchDraft(kind);
  const [done, setDone] = useState<BatchView | null>(null);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const create = useAction('batches.create', { onSuccess: (view) => setDone(view) });

  // Typing stays quick however big the matrix: it is rebuilt from the deferred draft.
  const settled = useDeferredValue(draft);
  const built = useMemo(() => buildMatrix(kind, settled), [kind, settled]);
  const matrix = built.ok ? built.matrix : undefined;
  const local = useMemo(() => (matrix ? localRefusals(matrix.cells) : []), [matrix]);
  const shapes = useMemo(() => (matrix ? quoteShapes(matrix.cells) : []), [matrix]);
  const baseName = matrix ? (settled.name.trim() || matrix.prompts[0].prompt.slice(0, NAME_CHARS)) : '';
  const input = useMemo<BatchInput | undefined>(
    () => (matrix && local.length === 0 ? { name: baseName, kind, axes: matrix.axes, cells: matrix.cells } : undefined),
    [matrix, local, baseName, kind],
  );
  const host = useBatchCheck(input);
  const created = failure ? refusalOfError(failure) : undefined;
  const refusals = local.length ? local : created ? [created, ...host.refusals] : host.refusals;
  const groups = matrix ? groupRefusals(matrix, refusals) : [];
  const current = settled === draft;
  const ready = current && input !== undefined && host.clear && groups.length === 0 && !create.isPending;

  const error = built.ok ? undefined : built.error;
  const shown = error && errorText(error, t, f);
  const edit = (patch: Partial<typeof draft>) => {
    update(patch);
    setFailure(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || !input || !matrix) return;
    // Named after its first prompt and the time, unless the creator named it.
    const name = draft.name.trim() || `${baseName} · ${f.date(Date.now())} ${f.time(Date.now())}`.slice(0, 200);
    setFailure(null);
    setDone(null);
    create.mutate({ ...input, name }, { onError: (err) => setFailure(err) });
  };

  const jobs = matrix?.cells.length ?? 0;
  return (
    <form className="batch-composer" aria-labelledby={`batch-${kind}-heading`} noValidate onSubmit={submit} onKeyDown={onKey} data-testid="batch-composer">
      <div className="batch-fields">
        <h3 id={`batch-${kind}-heading`}>{t('heading')}</h3>
        <p className="hint">{t('intro')}</p>
        <PromptFields
          id={`batch-${kind}`}
          source={draft.source}
          error={error && AT_PROMPTS.includes(error.code) ? shown : undefined}
          onChange={(source) => edit({ source })}
        />
        <AxisFields kind={kind} draft={draft} errors={error?.code === 'badNumbers' ? { [error.axis]: shown } : {}} onChange={edit} />
        <Field label={t('name')} hint={t('nameHint')}>
          {(control) => <input {...control} type="text" maxLength={200} value={draft.name} onChange={(e) => edit({ name: e.target.value })} />}
        </Field>
      </div>
      <div className="batch-summary">
        {matrix && <MatrixTable matrix={matrix} />}
        {matrix && matrix.repeats > 0 && <p className="hint">{t('prompts.repeats', { count: matrix.repeats })}</p>}
        {error && !AT_PROMPTS.includes(error.code) && error.code !== 'badNumbers' && (
          <p className={error.code === 'noPrompt' || error.code === 'noModel' ? 'hint' : 'form-error'} role="status" data-testid="batch-problem">
            {shown}
          </p>
        )}
        {matrix && <BatchCost shapes={shapes} jobs={jobs} />}
        <RefusalList groups={groups} />
        {host.pending && <p className="hint" role="status">{t('refusals.checking')}</p>}
        {(failure && !created) || host.failure ? (
          <FailureNote error={(failure && !created ? failure : host.failure)!} action={t('generateEmpty')} kept={t('kept')} />
        ) : null}
        <div className="batch-actions">
          <button type="submit" className="button button-primary" disabled={!ready} aria-keyshortcuts={KEYS} aria-describedby={groups.length ? 'batch-refusals-heading' : undefined}>
            {create.isPending ? t('queueing') : jobs ? t('generate', { jobs: t('matrix.jobs', { count: jobs, number: f.number(jobs) }) }) : t('generateEmpty')}
          </button>
        </div>
        {done && <BatchDone batch={done} onDismiss={() => setDone(null)} />}
      </div>
    </form>
  );
}
