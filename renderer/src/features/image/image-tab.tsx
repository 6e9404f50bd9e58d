/**
 * The Image tab: every image model of the spec with exactly its own fields, reference
 * images, checks before sending, and results that appear as they arrive. The draft lives in
 * localStorage (useDraft), so a tab switch, a failure or a restart never loses it.
 */
import './strings.js';
import type { TFunction } from 'i18next';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { ErrorData } from '@shared/contract/result.js';
import { IMAGE_MODEL_IDS, IMAGE_MODELS, isNativeImageModel, NATIVE_IMAGE_MODELS } from '@shared/gateway/catalog.js';
import { FailureNote } from '../../components/generator/failure-note.js';
import { PromptBox } from '../../components/generator/prompt-box.js';
import { SelectField } from '../../components/generator/select-field.js';
import { TabIntro } from '../../components/TabIntro.js';
import { useFormats } from '../../i18n/format.js';
import { useDraft, usePromptHistory } from '../../state/drafts.js';
import { useRemixStore } from '../../state/remix-store.js';
import { useUiStore } from '../../state/ui-store.js';
import {
  asyncRequest, fromRemix, hostErrors, INITIAL_DRAFT, nativeRequest, referenceLimit, switchModel, validate,
  type FieldErrors, type ImageDraft,
} from './image-draft.js';
import { ImageFields } from './image-fields.js';
import { ImageViewer, RunView } from './image-results.js';
import { ReferenceImages } from './reference-images.js';
import { useImageRuns } from './use-image-runs.js';
import { useReferences } from './use-references.js';
import '../../components/generator/generator.css';
import './image.css';

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
const ORDER = ['model', 'prompt', 'size', 'resolution', 'n', 'sequential', 'watermark', 'refs'];

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

export default function ImageTab() {
  const { t } = useTranslation(['image', 'generator']);
  const f = useFormats();
  const [draft, update] = useDraft<ImageDraft>('image', INITIAL_DRAFT);
  const history = usePromptHistory('image');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<LibraryItemView | null>(null);
  const { runs, add, jobsOf } = useImageRuns();
  const native = isNativeImageModel(draft.model);

  const change = (patch: Partial<ImageDraft>) => {
    update(patch);
    setErrors((e) => without(e, patch));
  };
  const references = useReferences(draft.model, draft.refs, (refs) => change({ refs }));

  // A Gallery "Remix" prefills the form once, then is gone.
  const remix = useRemixStore((s) => s.remix);
  const clearRemix = useRemixStore((s) => s.clear);
  useEffect(() => {
    if (remix?.kind !== 'image') return;
    update(fromRemix(remix));
    clearRemix();
  }, [remix, update, clearRemix]);

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

  const submit = async () => {
    if (busy) return;
    setFailure(null);
    const found = validate(draft, t, f);
    if (Object.keys(found).length) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    setBusy(true);
    history.remember(draft.prompt);
    try {
      if (native) {
        const result = await call('images.generateNative', nativeRequest(draft));
        add({ key: crypto.randomUUID(), kind: 'native', model: draft.model, prompt: draft.prompt.trim(), result });
      } else {
        const job = await call('tasks.submit', { route: 'image', request: asyncRequest(draft) });
        add({ key: job.id, kind: 'async', model: job.model, prompt: job.prompt, job });
      }
    } catch (e) {
      // The draft is left exactly as it was: only the explanation and the marked field change.
      const err = e as ErrorData;
      const at = hostErrors(err, draft);
      setErrors(at);
      setFailure(err);
      focusFirst(at);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="image-tab">
      <TabIntro title={t('intro.title')}>{t('intro.text')}</TabIntro>
      <form
        className="image-form"
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
          onChange={(model) => change(switchModel(draft, model))}
          groups={modelGroups(t, f.number)}
          hint={native ? t('model.hintNative') : t('model.hintJob')}
          error={errors.model}
        />
        <PromptBox
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
        <ReferenceImages refs={draft.refs} errors={errors} references={references} limit={referenceLimit(draft.model)} native={native} />
        <div className="image-actions">
          <button type="submit" className="button button-primary" disabled={busy || references.busy > 0}>
            {busy ? t('form.generating') : t('form.generate')}
          </button>
          {errors.form && <p className="form-error">{errors.form}</p>}
        </div>
        {failure && <FailureNote error={failure} action={t('form.generate')} kept={t('form.kept')} />}
      </form>
      <section className="image-results" aria-labelledby="image-results-heading">
        <h3 id="image-results-heading">{t('results.heading')}</h3>
        <div role="status" aria-live="polite" className="hint">
          {busy ? (native ? t('form.generating') : t('results.submitting')) : runs.length === 0 ? t('results.empty') : ''}
        </div>
        {runs.map((run) => (
          <RunView key={run.key} run={run} jobs={run.kind === 'async' ? jobsOf(run) : []} onOpen={setViewing} />
        ))}
      </section>
      {viewing && <ImageViewer item={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
