/**
 * The Video tab, results first: the form in a side column, the recent jobs beside it, newest
 * first (form-layout.css). Four models on two routes, each showing only the fields it has,
 * checked against the catalog before anything is sent; a model switch keeps what the new model
 * accepts and says what it moved. The job then runs in the background (Tasks tab) and its clip
 * plays here once saved, and opens in the lightbox. The draft and the recent jobs survive a tab
 * switch, a failure and a restart; a Gallery remix prefills the form once.
 */
import { useGatewayFailure } from '../../api/gateway-failure.js';
import './strings/register.js';
import type { TFunction } from 'i18next';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { LibraryItemView } from '@shared/contract/index.js';
import { GENERATIONS_VIDEO_MODELS, MULTIPART_VIDEO_MODELS, MULTIPART_VIDEO_SECONDS, MULTIPART_VIDEO_SIZES } from '@shared/gateway/catalog.js';
import { EMPTY, useAction, useCall } from '../../api/client.js';
import { Lightbox } from '../../components/lightbox/lightbox.js';
import { BatchComposer } from '../../components/batch-composer/ui/batch-composer.js';
import { BatchModeSwitch } from '../../components/batch-composer/ui/batch-mode-switch.js';
import { useBatchMode } from '../../components/batch-composer/model/use-batch-draft.js';
import { TabIntro } from '../../components/TabIntro.js';
import { ExpectedCost } from '../../components/cost/expected-cost.js';
import { FailureNote } from '../../components/generator/failure-note.js';
import { SubmitButton } from '../../components/generator/submit-button.js';
import { Field } from '../../components/Field.js';
import { fieldOfError } from '../../components/generator/field-errors.js';
import { submitOnModEnter } from '../../components/generator/keyboard.js';
import { PromptBox } from '../../components/generator/prompt-box.js';
import { linkPromptUse, presetOf, presetPatch } from '../../components/prompt-palette/prompt-fields.js';
import { SelectField } from '../../components/generator/select-field.js';
import { useFormats } from '../../i18n/format.js';
import { useMessageText } from '../../i18n/messages.js';
import { usePromptHistory, useDraft } from '../../state/drafts.js';
import { useRemixStore } from '../../state/remix-store.js';
import { rememberRemix, withLineage } from '../../state/lineage-store.js';
import { useHandoffStore } from '../../state/handoff.js';
import { usePromptHandoff } from '../../state/prompt-handoff.js';
import { ImageUrlField } from './ui/image-url-field.js';
import {
  checkVideo, draftFromRemix, remixUnrestored, fitVideoDraft, GENERATIONS_MODELS, INITIAL_VIDEO_DRAFT, isMultipartModel, requestedSeconds,
  VIDEO_FIELDS, type VideoDraft, type VideoProblems,
} from './model/video-draft.js';
import { VideoResult } from './ui/video-result.js';
import { useVideoRuns } from './model/use-video-runs.js';
import { useResultsLayout } from '../../components/generator/use-results-layout.js';
import { useSubmitRow } from '../../components/generator/use-submit-row.js';
import '../../components/generator/generator.css';
import '../../components/generator/form-layout.css';
import './ui/video.css';

const modelGroups = (t: TFunction<'video'>) => [
  { label: t('model.groupGenerations'), options: GENERATIONS_MODELS.map((m) => ({ value: m, label: m })) },
  { label: t('model.groupMultipart'), options: MULTIPART_VIDEO_MODELS.map((m) => ({ value: m, label: m })) },
];

/** A size of the multipart route (`1280*720`) as "1280×720 landscape"; anything else as sent. */
function sizeLabel(size: string, t: TFunction<'video'>): string {
  const m = /^(\d+)\*(\d+)$/.exec(size);
  if (!m) return size;
  const [width, height] = [Number(m[1]), Number(m[2])];
  const text = `${m[1]}×${m[2]}`;
  if (width === height) return text;
  return width > height ? t('size.landscape', { size: text }) : t('size.portrait', { size: text });
}

/** Typing the prompt is no choice of setting: the note of what a model switch moved stays true. */
const isNewChoice = (patch: object) => Object.keys(patch).some((key) => key !== 'prompt');

export default function VideoTab() {
  const { t } = useTranslation(['video', 'generator']);
  const say = useMessageText();
  const f = useFormats();
  const [draft, update] = useDraft<VideoDraft>('video', INITIAL_VIDEO_DRAFT);
  const [batchMode, setBatchMode] = useBatchMode('video');
  // The jobs are remembered apart from the form, so a new draft never loses the clips shown.
  const videoRuns = useVideoRuns();
  const history = usePromptHistory('video');
  const [checked, setChecked] = useState<VideoProblems | null>(null);
  const [failure, setFailure] = useGatewayFailure();
  const [switchNote, setSwitchNote] = useState('');
  const { layout, results, viewing, revealRun, open: openAmong, close: closeViewer } = useResultsLayout(videoRuns.runs);
  const submitRow = useSubmitRow();
  const queryClient = useQueryClient();
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase ?? '';
  const submit = useAction('tasks.submit', {
    onSuccess: (view) => {
      videoRuns.add(view.id);
      revealRun(view.id);
      history.remember(view.prompt);
      linkPromptUse('video', view.prompt, { jobIds: [view.id] });
    },
  });


  const remix = useRemixStore((s) => s.remix);
  useEffect(() => {
    if (remix?.kind !== 'video') return;
    const next = draftFromRemix(remix, draft);
    update(next);
    useRemixStore.getState().report({ sourceId: remix.sourceId, unrestored: remixUnrestored(remix, next) });
    rememberRemix('video', { id: remix.sourceId, prompt: remix.prompt });
    useRemixStore.getState().clear();
    // Applied once per stash; the draft it starts from is read at that moment only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remix, update]);

  /**
   * Any edit re-checks live once a submit was tried, and clears the host's refusal. Another choice
   * of setting also clears the note of what a model switch moved: it spoke of values since changed.
   */
  const edit = (patch: Partial<VideoDraft>) => {
    const next = { ...draft, ...patch };
    update(patch);
    if (checked) setChecked(checkVideo(next, t, f).problems);
    setFailure(null);
    if (isNewChoice(patch)) setSwitchNote('');
  };

  /** Values the new model lacks move to its nearest, and the live region says which. */
  const chooseModel = (model: string) => {
    const { draft: next, changes } = fitVideoDraft(draft, model);
    edit(next);
    setSwitchNote(changes.map((c) => t(`switch.${c.field}`, { model, from: c.from, to: c.to })).join(' '));
  };

  /** A clip opens in the lightbox, which moves through every saved clip the tab shows. */
  const open = (item: LibraryItemView) => {
    const byTask = new Map<string, LibraryItemView>();
    for (const [, data] of queryClient.getQueriesData<LibraryItemView>({ queryKey: ['library.get'] })) {
      if (data?.kind === 'video' && data.taskId) byTask.set(data.taskId, data);
    }
    const items = videoRuns.runs.map((r) => byTask.get(r.taskId)).filter((i): i is LibraryItemView => i !== undefined);
    openAmong(items, item);
  };

  // A picture handed over for the starting image ("Use in…", state/handoff.ts) needs a model that
  // takes one: from a multipart model the form moves to the first that does, saying so.
  const handedOver = useHandoffStore((s) => s.pending?.target === 'video');
  const takeStartingImage = useEffectEvent(() => {
    if (isMultipartModel(draft.model)) chooseModel(GENERATIONS_MODELS[0]);
  });
  useEffect(() => {
    // The hand-off store is outside React: this follows its change once, as a subscription would.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (handedOver) takeStartingImage();
  }, [handedOver]);

  // A chat reply's words sent here by "Use as prompt" fill the prompt once; nothing is sent.
  usePromptHandoff('video', draft.prompt, (prompt) => edit({ prompt }));

  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault();
    if (submit.isPending) return;
    const { problems, request } = checkVideo(draft, t, f);
    setChecked(problems);
    setFailure(null);
    if (!request) return;
    submit.mutate(withLineage(request), { onError: (error) => setFailure(error) });
  };

  const hostField = fieldOfError(failure, VIDEO_FIELDS);
  // A refusal from the host is shown in its own words at the field it names.
  const errors: VideoProblems = { ...checked, ...(hostField && failure ? { [hostField]: say(failure) } : {}) };
  const multipart = isMultipartModel(draft.model);
  const spec = GENERATIONS_VIDEO_MODELS[draft.model];
  const seconds = requestedSeconds(draft);

  return (
    <div className="video-tab">
      <TabIntro title={t('intro.title')}>{t('intro.text')}</TabIntro>
      <BatchModeSwitch batch={batchMode} onChange={setBatchMode} />
      {batchMode && <BatchComposer kind="video" />}
      {/* The single form stays mounted under the composer, hidden: its draft and results are the same when it comes back. */}
      <div ref={layout} className="studio-layout" hidden={batchMode}>
        <form className="gen-form studio-side" aria-label={t('form.label')} onSubmit={onSubmit} onKeyDown={submitOnModEnter} noValidate>
          <SelectField label={t('generator:labels.model')} value={draft.model} groups={modelGroups(t)} onChange={chooseModel} error={errors.model} />
          <p className="hint switch-note" role="status" data-testid="model-switch-note">
            {switchNote}
          </p>
          <div className="gen-row">
            {spec && (
              <Field
                label={t('duration.label')}
                hint={t('duration.hint', { min: f.number(spec.duration.min), max: f.number(spec.duration.max) })}
                error={errors.duration}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={spec.duration.min}
                    max={spec.duration.max}
                    step={1}
                    value={draft.duration}
                    onChange={(e) => edit({ duration: e.target.value })}
                  />
                )}
              </Field>
            )}
            {spec && (
              <SelectField
                label={t('generator:labels.aspectRatio')}
                value={draft.aspect_ratio}
                options={spec.aspectRatios.map((r) => ({ value: r, label: r }))}
                onChange={(aspect_ratio) => edit({ aspect_ratio })}
                error={errors.aspect_ratio}
              />
            )}
            {multipart && (
              <SelectField
                label={t('length.label')}
                value={draft.seconds}
                options={MULTIPART_VIDEO_SECONDS.map((s) => ({ value: s, label: t('length.option', { count: Number(s) }) }))}
                onChange={(s) => edit({ seconds: s })}
                error={errors.seconds}
              />
            )}
            {multipart && (
              <SelectField
                label={t('size.label')}
                value={draft.size}
                options={MULTIPART_VIDEO_SIZES.map((s) => ({ value: s, label: sizeLabel(s, t) }))}
                onChange={(size) => edit({ size })}
                error={errors.size}
              />
            )}
          </div>
          <PromptBox
            kind="video"
            params={presetOf(draft, ['image_url'])}
            model={draft.model}
            applyPreset={(params) => edit(presetPatch(draft, params))}
            label={t('generator:labels.prompt')}
            value={draft.prompt}
            onChange={(prompt) => edit({ prompt })}
            onSubmit={onSubmit}
            history={history.prompts}
            error={errors.prompt}
            placeholder={t('prompt.placeholder')}
            hint={multipart ? t('prompt.hintRewrite') : undefined}
          />
          {spec && <ImageUrlField value={draft.image_url} onChange={(image_url) => edit({ image_url })} error={errors.image_url} />}
          {multipart && (
            <label className="video-check">
              <input type="checkbox" checked={draft.watermark} onChange={(e) => edit({ watermark: e.target.checked })} />
              {t('watermark')}
            </label>
          )}
          {/* Kept in view at the column's bottom while the fields scroll (form-layout.css, `.studio-submit`). */}
          <div className="studio-submit" ref={submitRow}>
            {failure && <FailureNote error={failure} action={t('form.generate')} kept={t('form.kept')} />}
            <ExpectedCost
              input={
                multipart
                  ? { route: 'video-multipart', request: { model: draft.model, seconds: draft.seconds, size: draft.size } }
                  : { route: 'video-generations', request: { model: draft.model, duration: /^\s*\d+\s*$/.test(draft.duration) ? Number(draft.duration) : draft.duration } }
              }
            />
            <div className="gen-actions">
              <SubmitButton label={t('form.generate')} busyLabel={t('generator:status.submitting')} busy={submit.isPending} />
              <span className="gen-usage" data-testid="video-estimate">
                {seconds !== undefined ? t('estimate.uses', { seconds: f.number(seconds) }) : t('estimate.chooseLength')}
                {multipart ? ` · ${t('estimate.textToVideo')}` : draft.image_url.trim() ? ` · ${t('estimate.fromImage')}` : ''}
              </span>
            </div>
          </div>
        </form>
        <section className="studio-results" aria-labelledby="video-results-heading">
          <div className="studio-results-head">
            <h3 id="video-results-heading">{t('results.heading')}</h3>
            {videoRuns.runs.length === 0 && <p className="hint">{t('results.empty')}</p>}
          </div>
          <div ref={results} className="run-list">
            {videoRuns.runs.map((run, i) => (
              <div key={run.taskId} data-run={run.taskId} className="video-run">
                <VideoResult
                  taskId={run.taskId}
                  seed={submit.data?.id === run.taskId ? submit.data : undefined}
                  latest={i === 0}
                  saved={run.saved}
                  onSaved={(id) => videoRuns.keepSaved(run.taskId, id)}
                  onOpen={open}
                />
              </div>
            ))}
          </div>
        </section>
      </div>
      {viewing && <Lightbox items={viewing.items} index={viewing.index} mediaBase={mediaBase} onClose={closeViewer} />}
    </div>
  );
}
