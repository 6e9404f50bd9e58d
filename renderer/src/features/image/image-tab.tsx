/**
 * The Image tab (issue 5.2): every image model of the spec with exactly its own fields, reference
 * images, checks before sending, and results that appear as they arrive. The draft lives in
 * localStorage (useDraft), so a tab switch, a failure or a restart never loses it.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { call } from '../../api/client.js';
import type { LibraryItemView } from '../../../../shared/contract/library.js';
import type { ErrorData } from '../../../../shared/contract/result.js';
import { IMAGE_MODEL_IDS, IMAGE_MODELS, isNativeImageModel, NATIVE_IMAGE_MODELS } from '../../../../shared/gateway/catalog.js';
import { FailureNote } from '../../components/generator/failure-note.js';
import { PromptBox } from '../../components/generator/prompt-box.js';
import { SelectField } from '../../components/generator/select-field.js';
import { TabIntro } from '../../components/TabIntro.js';
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

const NATIVE_LABEL: Record<string, string> = {
  'modelc-2.5-flash-image-preview': 'faster and cheaper',
  'modelc-3-pro-image-preview': 'higher quality',
};

const MODEL_GROUPS = [
  {
    label: 'Jobs: queued, then saved to the library',
    options: IMAGE_MODEL_IDS.map((id) => {
      const s = IMAGE_MODELS[id];
      return { value: id, label: `${id} — ${s.resolutions.join('/')}, up to ${s.n.max} images` };
    }),
  },
  { label: 'Instant: answers at once, can edit', options: NATIVE_IMAGE_MODELS.map((id) => ({ value: id, label: `${id} — ${NATIVE_LABEL[id]}` })) },
];

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
    const found = validate(draft);
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
      <TabIntro title="Image">
        Generate or edit images from a prompt and reference pictures; every result is saved to your library.
      </TabIntro>
      <form
        className="image-form"
        aria-label="Image generation"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SelectField
          id="image-field-model"
          label="Model"
          value={draft.model}
          onChange={(model) => change(switchModel(draft, model))}
          groups={MODEL_GROUPS}
          hint={native ? 'Answers at once; the image is saved to your library.' : 'Runs as a job: follow it here or in Tasks; images are saved to your library.'}
          error={errors.model}
        />
        <PromptBox
          id="image-field-prompt"
          label={native && draft.refs.length ? 'Edit instruction' : 'Prompt'}
          value={draft.prompt}
          onChange={(prompt) => change({ prompt })}
          onSubmit={() => void submit()}
          history={history.prompts}
          placeholder={native ? 'A watercolour fox in the snow — or, with an image attached: make the sky stormy' : 'A lighthouse at dusk, long exposure, 35 mm'}
          error={errors.prompt}
        />
        <ImageFields draft={draft} errors={errors} onChange={change} />
        <ReferenceImages refs={draft.refs} errors={errors} references={references} limit={referenceLimit(draft.model)} native={native} />
        <div className="image-actions">
          <button type="submit" className="button button-primary" disabled={busy || references.busy > 0}>
            {busy ? 'Generating…' : 'Generate'}
          </button>
          {errors.form && <p className="form-error">{errors.form}</p>}
        </div>
        {failure && <FailureNote error={failure} action="Generate" kept="Your prompt, settings and images are kept." />}
      </form>
      <section className="image-results" aria-labelledby="image-results-heading">
        <h3 id="image-results-heading">Results</h3>
        <div role="status" aria-live="polite" className="hint">
          {busy ? (native ? 'Generating…' : 'Submitting the job…') : runs.length === 0 ? 'Results appear here as they arrive, and in the Gallery.' : ''}
        </div>
        {runs.map((run) => (
          <RunView key={run.key} run={run} jobs={run.kind === 'async' ? jobsOf(run) : []} onOpen={setViewing} />
        ))}
      </section>
      {viewing && <ImageViewer item={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
