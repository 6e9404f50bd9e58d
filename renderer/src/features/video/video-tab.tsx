/**
 * The Video tab (issue 5.3): four models on two routes, each showing only the fields it has,
 * checked against the catalog before anything is sent. The job then runs in the background
 * (Tasks tab) and its clip plays here once saved. The draft and the last job survive a tab
 * switch, a failure and a restart; a Gallery remix prefills the form once.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ErrorData } from '../../../../shared/contract/index.js';
import { GENERATIONS_VIDEO_MODELS, MULTIPART_VIDEO_MODELS, MULTIPART_VIDEO_SECONDS, MULTIPART_VIDEO_SIZES } from '../../../../shared/gateway/catalog.js';
import { useAction } from '../../api/client.js';
import { TabIntro } from '../../components/TabIntro.js';
import { FailureNote } from '../../components/generator/failure-note.js';
import { Field } from '../../components/Field.js';
import { fieldOfError } from '../../components/generator/field-errors.js';
import { SUBMIT_SHORTCUT, submitOnModEnter } from '../../components/generator/keyboard.js';
import { PromptBox } from '../../components/generator/prompt-box.js';
import { SelectField } from '../../components/generator/select-field.js';
import { usePromptHistory, useDraft } from '../../state/drafts.js';
import { useRemixStore } from '../../state/remix-store.js';
import { ImageUrlField } from './image-url-field.js';
import {
  checkVideo, draftFromRemix, fitToModel, GENERATIONS_MODELS, INITIAL_VIDEO_DRAFT, isMultipartModel, requestedSeconds,
  VIDEO_FIELDS, type VideoDraft, type VideoProblems,
} from './video-draft.js';
import { VideoResult } from './video-result.js';
import '../../components/generator/generator.css';
import '../../components/generator/form-layout.css';
import './video.css';

const MODEL_GROUPS = [
  { label: 'Text or image to video', options: GENERATIONS_MODELS.map((m) => ({ value: m, label: m })) },
  { label: 'Text to video, with prompt rewriting', options: MULTIPART_VIDEO_MODELS.map((m) => ({ value: m, label: m })) },
];
const SIZE_LABEL: Record<string, string> = { '1920*1080': '1920×1080 landscape', '1080*1920': '1080×1920 portrait', '1280*720': '1280×720 landscape', '720*1280': '720×1280 portrait' };
const NO_RESULT = { taskId: '' };

export default function VideoTab() {
  const [draft, update] = useDraft<VideoDraft>('video', INITIAL_VIDEO_DRAFT);
  // The last job is remembered apart from the form, so a new draft never loses the clip shown.
  const [last, setLast] = useDraft('video-result', NO_RESULT);
  const history = usePromptHistory('video');
  const [checked, setChecked] = useState<VideoProblems | null>(null);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const submit = useAction('tasks.submit', {
    onSuccess: (view) => {
      setLast({ taskId: view.id });
      history.remember(view.prompt);
    },
  });

  const remix = useRemixStore((s) => s.remix);
  useEffect(() => {
    if (remix?.kind !== 'video') return;
    update(draftFromRemix(remix, draft));
    useRemixStore.getState().clear();
    // Applied once per stash; the draft it starts from is read at that moment only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remix, update]);

  /** Any edit re-checks live once a submit was tried, and clears the host's refusal. */
  const edit = (patch: Partial<VideoDraft>) => {
    const next = { ...draft, ...patch };
    update(patch);
    if (checked) setChecked(checkVideo(next).problems);
    setFailure(null);
  };

  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault();
    if (submit.isPending) return;
    const { problems, request } = checkVideo(draft);
    setChecked(problems);
    setFailure(null);
    if (!request) return;
    submit.mutate(request, { onError: (error) => setFailure(error) });
  };

  const hostField = fieldOfError(failure, VIDEO_FIELDS);
  const errors: VideoProblems = { ...checked, ...(hostField && failure ? { [hostField]: failure.message } : {}) };
  const multipart = isMultipartModel(draft.model);
  const spec = GENERATIONS_VIDEO_MODELS[draft.model];
  const seconds = requestedSeconds(draft);

  return (
    <>
      <TabIntro title="Video">
        Video clips generated from a prompt or a starting image, followed as background tasks until they are ready.
      </TabIntro>
      <form className="gen-form" aria-label="Video settings" onSubmit={onSubmit} onKeyDown={submitOnModEnter} noValidate>
        <div className="gen-row">
          <SelectField label="Model" value={draft.model} groups={MODEL_GROUPS} onChange={(m) => edit(fitToModel(draft, m))} error={errors.model} />
          {spec && (
            <Field label="Duration (seconds)" hint={`${spec.duration.min} to ${spec.duration.max} s`} error={errors.duration}>
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
              label="Aspect ratio"
              value={draft.aspect_ratio}
              options={spec.aspectRatios.map((r) => ({ value: r, label: r }))}
              onChange={(aspect_ratio) => edit({ aspect_ratio })}
              error={errors.aspect_ratio}
            />
          )}
          {multipart && (
            <SelectField
              label="Length"
              value={draft.seconds}
              options={MULTIPART_VIDEO_SECONDS.map((s) => ({ value: s, label: `${s} seconds` }))}
              onChange={(s) => edit({ seconds: s })}
              error={errors.seconds}
            />
          )}
          {multipart && (
            <SelectField
              label="Size"
              value={draft.size}
              options={MULTIPART_VIDEO_SIZES.map((s) => ({ value: s, label: SIZE_LABEL[s] ?? s }))}
              onChange={(size) => edit({ size })}
              error={errors.size}
            />
          )}
        </div>
        <PromptBox
          label="Prompt"
          value={draft.prompt}
          onChange={(prompt) => edit({ prompt })}
          onSubmit={onSubmit}
          history={history.prompts}
          error={errors.prompt}
          placeholder="A paper boat drifting down a rainy street, slow dolly shot"
          hint={multipart ? 'This model may expand your prompt; the version it used is shown with the result.' : undefined}
        />
        {spec && <ImageUrlField value={draft.image_url} onChange={(image_url) => edit({ image_url })} error={errors.image_url} />}
        {multipart && (
          <label className="video-check">
            <input type="checkbox" checked={draft.watermark} onChange={(e) => edit({ watermark: e.target.checked })} />
            Add the gateway's watermark
          </label>
        )}
        {failure && <FailureNote error={failure} action="Generate video" kept="Your prompt and settings are kept." />}
        <div className="gen-actions">
          <button type="submit" className="button button-primary" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting…' : 'Generate video'}
            <span className="gen-kbd" aria-hidden="true">
              {SUBMIT_SHORTCUT}
            </span>
          </button>
          <span className="gen-usage" data-testid="video-estimate">
            {seconds !== undefined ? `Uses ${seconds} s of video` : 'Choose a length'}
            {multipart ? ' · text to video' : draft.image_url.trim() ? ' · from the starting image' : ''}
          </span>
        </div>
      </form>
      {last.taskId && <VideoResult key={last.taskId} taskId={last.taskId} seed={submit.data} />}
    </>
  );
}
