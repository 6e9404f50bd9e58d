/**
 * The Image tab, results first: the prompt and settings in a side column, the results beside it,
 * newest first, where a new run appears and is scrolled into view (focus stays in the form).
 * Every image model of the spec with exactly its own fields, reference images, a compare mode,
 * checks before sending, and results that appear as they arrive. The draft and the results are
 * kept by the host (useDraft, use-image-runs.ts), so a tab switch, a reload or a restart loses
 * neither.
 */
import { useGatewayFailure } from '../../api/gateway-failure.js';
import './strings/register.js';
import type { TFunction } from 'i18next';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { EMPTY, callKey, useCall } from '../../api/client.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { IMAGE_MODEL_IDS, IMAGE_MODELS, isNativeImageModel, NATIVE_IMAGE_MODELS } from '@shared/gateway/catalog.js';
import { FailureNote } from '../../components/generator/failure-note.js';
import { PromptBox } from '../../components/generator/prompt-box.js';
import { presetOf, presetPatch } from '../../components/prompt-palette/prompt-fields.js';
import { SelectField } from '../../components/generator/select-field.js';
import { ExpectedCost } from '../../components/cost/expected-cost.js';
import { RunCost } from '../../components/cost/run-cost.js';
import { TabIntro } from '../../components/TabIntro.js';
import { useFormats } from '../../i18n/format.js';
import { useDraft, usePromptHistory } from '../../state/drafts.js';
import { useRemixStore } from '../../state/remix-store.js';
import { rememberRemix } from '../../state/lineage-store.js';
import { usePromptHandoff } from '../../state/prompt-handoff.js';
import { useUiStore } from '../../state/ui-store.js';
import { Lightbox } from '../../components/lightbox/lightbox.js';
import { BatchComposer } from '../../components/batch-composer/ui/batch-composer.js';
import { BatchModeSwitch } from '../../components/batch-composer/ui/batch-mode-switch.js';
import { useBatchMode } from '../../components/batch-composer/model/use-batch-draft.js';
import { fitImageDraft, fromRemix, INITIAL_DRAFT, remixUnrestored, referenceLimit, type FieldErrors, type ImageDraft, type ModelChange } from './model/image-draft.js';
import { CompareModels } from './ui/compare-models.js';
import { comparedDrafts, quoteInput } from './model/compared-models.js';
import { ImageFields } from './ui/image-fields.js';
import { RunView } from './ui/image-results.js';
import { ReferenceImages } from './ui/reference-images.js';
import { itemIdsOf, useImageRuns, type Cell, type Run } from './model/use-image-runs.js';
import { useImageSubmit } from './model/use-image-submit.js';
import { useReferences } from './model/use-references.js';
import { useResultsLayout } from '../../components/generator/use-results-layout.js';
import { useSubmitRow } from '../../components/generator/use-submit-row.js';
import '../../components/generator/generator.css';
import '../../components/generator/form-layout.css';
import './ui/image.css';

const NATIVE_NOTE: Record<string, 'fasterCheaper' | 'higherQuality'> = {
  'modelc-2.5-flash-image-preview': 'fasterCheaper',
  'modelc-3-pro-image-preview': 'higherQuality',
};

function modelGroups(t: TFunction<'image'>, number: (n: number) => string) {
  return [
    {
      label: t('model.groupJobs'),
      options: IMAGE_MODEL_IDS.map((id) => {
        const s = IMAGE_MODELS[id];
        return { value: id, label: t('model.jobOption', { id, resolutions: s.resolutions.join('/'), max: number(s.n.max) }) };
      }),
    },
    {
      label: t('model.groupInstant'),
      options: NATIVE_IMAGE_MODELS.map((id) => ({ value: id, label: NATIVE_NOTE[id] ? t('model.nativeOption', { id, note: t(`model.${NATIVE_NOTE[id]}`) }) : id })),
    },
  ];
}

/** Field order on screen, so the first problem is the one focused. */
const ORDER = ['model', 'prompt', 'size', 'resolution', 'n', 'sequential', 'watermark', 'refs', 'compareModels'];

function focusFirst(errors: FieldErrors) {
  const keys = Object.keys(errors).map((k) => (k.startsWith('ref:') ? 'refs' : k));
  const first = ORDER.find((k) => keys.includes(k));
  if (first) document.getElementById(`image-field-${first}`)?.focus();
}

/** A field's error goes once its value changes; a new model brings new rules, so all go. */
function without(errors: FieldErrors, patch: Partial<ImageDraft>): FieldErrors {
  if ('model' in patch) return {};
  const next = { ...errors };
  for (const key of Object.keys(patch)) delete next[key];
  if ('refs' in patch) for (const key of Object.keys(next)) if (key.startsWith('ref:')) delete next[key];
  return next;
}

/** What a model switch moved, in words for the live region: "seedream-4-0 has no 21:9: now 16:9". */
function changeText(model: string, changes: ModelChange[], t: TFunction<'image'>): string {
  return changes.map((c) => t(`switch.${c.field}`, { model, from: c.from, to: c.to })).join(' ');
}

/** Typing the prompt is no choice of setting: the note of what a model switch moved stays true. */
const isNewChoice = (patch: Partial<ImageDraft>) => Object.keys(patch).some((key) => key !== 'prompt');

export default function ImageTab() {
  const { t } = useTranslation(['image', 'generator']);
  const f = useFormats();
  const queryClient = useQueryClient();
  const [draft, update] = useDraft<ImageDraft>('image', INITIAL_DRAFT);
  const history = usePromptHistory('image');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useGatewayFailure();
  const [switchNote, setSwitchNote] = useState('');
  const runs = useImageRuns();
  const { layout, results, viewing, revealRun, open: openAmong, close: closeViewer } = useResultsLayout(runs.runs);
  const submitRow = useSubmitRow();
  const base = useCall('app.info', EMPTY).data?.mediaBase ?? '';
  const native = isNativeImageModel(draft.model);
  const [batchMode, setBatchMode] = useBatchMode('image');

  /** Another choice of setting clears the note of what a switch moved: it spoke of values since changed. */
  const change = (patch: Partial<ImageDraft>) => {
    update(patch);
    setErrors((e) => without(e, patch));
    if (isNewChoice(patch)) setSwitchNote('');
  };
  // Uploads end after other edits: each change applies to the references as they are then. As
  // any other choice, it clears what was said of the references and the note of a switch.
  const references = useReferences(draft.model, draft.refs, (changeRefs) => {
    update((d) => ({ refs: changeRefs(d.refs) }));
    setErrors((e) => without(e, { refs: [] }));
    setSwitchNote('');
  });
  const { submit, busy } = useImageSubmit({
    draft,
    runs,
    onAdded: revealRun,
    onErrors: (found) => {
      setErrors(found);
      focusFirst(found);
    },
    onFailure: setFailure,
    remember: history.remember,
  });

  const chooseModel = (model: string) => {
    const { patch, changes } = fitImageDraft(draft, model);
    change(patch);
    setSwitchNote(changeText(model, changes, t));
  };

  /** Any result opens in the lightbox, which moves through every result the tab shows. */
  const open = (item: LibraryItemView) => {
    const items = itemIdsOf(runs.runs, runs.jobsOf)
      .map((id) => queryClient.getQueryData<LibraryItemView>(callKey('library.get', { id })))
      .filter((i): i is LibraryItemView => i !== undefined);
    openAmong(items, item);
  };

  /** "Keep this one": the cell stays in focus, and the form takes its model and settings for the next run. */
  const keep = (run: Run, cell: Cell) => {
    const kept = run.kept === cell.model;
    runs.keep(run.key, kept ? undefined : cell.model);
    if (kept) return;
    change({ model: cell.model, compare: false, ...(cell.size ? { size: cell.size, resolution: cell.resolution, n: cell.n } : {}) });
    setSwitchNote(t('compare.keptNote', { model: cell.model }));
  };

  // A Gallery "Remix" prefills the form once, then is gone.
  const remix = useRemixStore((s) => s.remix);
  const clearRemix = useRemixStore((s) => s.clear);
  useEffect(() => {
    if (remix?.kind !== 'image') return;
    const patch = fromRemix(remix);
    update(patch);
    useRemixStore.getState().report({ sourceId: remix.sourceId, unrestored: remixUnrestored(remix, patch) });
    rememberRemix('image', { id: remix.sourceId, prompt: remix.prompt });
    clearRemix();
  }, [remix, update, clearRemix]);

  // A chat reply's words sent here by "Use as prompt" fill the prompt once; nothing is sent.
  usePromptHandoff('image', draft.prompt, (prompt) => change({ prompt }));

  // Ctrl+V of an image anywhere in the tab (the prompt box included) attaches it; text pastes as usual.
  const current = useUiStore((s) => s.tab === 'image');
  const attach = useEffectEvent((files: File[]) => void references.addFiles(files));
  useEffect(() => {
    if (!current) return;
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
      if (!files.length || (e.target instanceof Element && e.target.closest('dialog'))) return;
      e.preventDefault();
      attach(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [current]);

  const sending = busy && (draft.compare ? t('compare.sending') : native ? t('form.generating') : t('results.submitting'));
  return (
    <div className="image-tab">
      <TabIntro title={t('intro.title')}>{t('intro.text')}</TabIntro>
      <BatchModeSwitch batch={batchMode} onChange={setBatchMode} />
      {batchMode && <BatchComposer kind="image" />}
      {/* The single form stays mounted under the composer, hidden: its draft and results are the same when it comes back. */}
      <div ref={layout} className="studio-layout" hidden={batchMode}>
        <form
          className="gen-form image-form studio-side"
          aria-label={t('form.label')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <SelectField
            id="image-field-model"
            label={t('generator:labels.model')}
            value={draft.model}
            onChange={chooseModel}
            groups={modelGroups(t, f.number)}
            hint={native ? t('model.hintNative') : t('model.hintJob')}
            error={errors.model}
          />
          <p className="hint switch-note" role="status" data-testid="model-switch-note">
            {switchNote}
          </p>
          <PromptBox
            kind="image"
            params={presetOf(draft, ['refs', 'compare', 'compareModels'])}
            model={draft.model}
            applyPreset={(params) => change(presetPatch(draft, params))}
            id="image-field-prompt"
            label={native && draft.refs.length ? t('prompt.editLabel') : t('generator:labels.prompt')}
            value={draft.prompt}
            onChange={(prompt) => change({ prompt })}
            onSubmit={() => void submit()}
            history={history.prompts}
            placeholder={native ? t('prompt.placeholderNative') : t('prompt.placeholder')}
            error={errors.prompt}
          />
          <ImageFields draft={draft} errors={errors} onChange={change} />
          <CompareModels draft={draft} error={errors.compareModels} onChange={change} />
          <ReferenceImages refs={draft.refs} errors={errors} references={references} limit={referenceLimit(draft.model)} native={native} />
          {/* Kept in view at the column's bottom while the fields scroll (form-layout.css, `.studio-submit`). */}
          <div className="studio-submit" ref={submitRow}>
            {failure && <FailureNote error={failure} action={t('form.generate')} kept={t('form.kept')} />}
            {/* Only the fields a job is billed by (docs/ledger.md, "Units"): typing the prompt asks nothing. */}
            {!native && !draft.compare && <ExpectedCost input={quoteInput(draft)} />}
            {/* A compare run's jobs summed, and the budgets it would cross, before it starts. */}
            {draft.compare && <RunCost inputs={comparedDrafts(draft).filter((d) => !isNativeImageModel(d.model)).map(quoteInput)} />}
            <div className="image-actions">
              <button type="submit" className="button button-primary" disabled={busy || references.busy > 0}>
                {busy ? t('form.generating') : t('form.generate')}
              </button>
              {errors.form && <p className="form-error">{errors.form}</p>}
            </div>
          </div>
        </form>
        <section className="image-results studio-results" aria-labelledby="image-results-heading">
          <div className="studio-results-head">
            <h3 id="image-results-heading">{t('results.heading')}</h3>
            <p role="status" className="hint">
              {sending || (runs.runs.length === 0 ? t('results.empty') : '')}
            </p>
          </div>
          <div ref={results} className="run-list">
            {runs.runs.map((run) => (
              <RunView key={run.key} run={run} runs={runs} base={base} onOpen={open} onKeep={keep} />
            ))}
          </div>
        </section>
      </div>
      {viewing && <Lightbox items={viewing.items} index={viewing.index} mediaBase={base} onClose={closeViewer} />}
    </div>
  );
}
