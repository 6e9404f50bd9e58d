/**
 * The Speech tab: tts-1 or tts-1-hd, six voices, four formats, speed 0.25–4 and up
 * to 4,096 characters, each checked before sending. The host saves the audio to the library
 * and answers with the item, which plays here above the earlier clips of this run of the studio.
 * The draft and the last result survive a tab switch, a failure and a restart; a Gallery remix
 * prefills the form once.
 */
import { useGatewayFailure } from '../../api/gateway-failure.js';
import './strings/register.js';
import type { TFunction } from 'i18next';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEECH_FORMATS, SPEECH_LIMITS, SPEECH_MODELS } from '@shared/gateway/catalog.js';
import { useAction } from '../../api/client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ExpectedCost } from '../../components/cost/expected-cost.js';
import { SpeechIcon } from '../../components/icons.js';
import { TabIntro } from '../../components/TabIntro.js';
import { FailureNote } from '../../components/generator/failure-note.js';
import { SubmitButton } from '../../components/generator/submit-button.js';
import { fieldOfError } from '../../components/generator/field-errors.js';
import { submitOnModEnter } from '../../components/generator/keyboard.js';
import { PromptBox } from '../../components/generator/prompt-box.js';
import { linkPromptUse, presetOf, presetPatch } from '../../components/prompt-palette/prompt-fields.js';
import { SelectField } from '../../components/generator/select-field.js';
import { useFormats } from '../../i18n/format.js';
import { useMessageText } from '../../i18n/messages.js';
import { useDraft, usePromptHistory } from '../../state/drafts.js';
import { useRemixStore } from '../../state/remix-store.js';
import { SpeedField, VoicePicker } from './ui/speech-controls.js';
import {
  characterCount, checkSpeech, draftFromRemix, remixUnrestored, INITIAL_SPEECH_DRAFT, SPEECH_FIELDS, type SpeechDraft, type SpeechProblems,
} from './model/speech-draft.js';
import { EarlierClips } from './ui/earlier-clips.js';
import { SpeechResult } from './ui/speech-result.js';
import '../../components/generator/generator.css';
import '../../components/generator/form-layout.css';
import './ui/speech.css';

const MODEL_QUALITY: Record<(typeof SPEECH_MODELS)[number], 'standard' | 'hd'> = { 'tts-1': 'standard', 'tts-1-hd': 'hd' };
const models = (t: TFunction<'speech'>) => SPEECH_MODELS.map((m) => ({ value: m, label: t(`model.${MODEL_QUALITY[m]}`, { model: m }) }));
/** Format names are the same everywhere; only a note beside two of them is translated. */
const formats = (t: TFunction<'speech'>) => {
  const label: Record<(typeof SPEECH_FORMATS)[number], string> = { mp3: 'MP3', opus: t('format.opus'), aac: 'AAC', flac: t('format.flac') };
  return SPEECH_FORMATS.map((value) => ({ value, label: label[value] }));
};
const NO_RESULT = { itemId: '' };

export default function SpeechTab() {
  const { t } = useTranslation(['speech', 'generator']);
  const say = useMessageText();
  const f = useFormats();
  const [draft, update] = useDraft<SpeechDraft>('speech', INITIAL_SPEECH_DRAFT);
  const [last, setLast] = useDraft('speech-result', NO_RESULT);
  const history = usePromptHistory('speech');
  const [checked, setChecked] = useState<SpeechProblems | null>(null);
  const [failure, setFailure] = useGatewayFailure();
  const synthesize = useAction('speech.synthesize', {
    onSuccess: ({ item }, input) => {
      setLast({ itemId: item.id });
      history.remember(input.input);
      linkPromptUse('speech', input.input, { itemIds: [item.id] });
    },
  });

  const remix = useRemixStore((s) => s.remix);
  useEffect(() => {
    if (remix?.kind !== 'audio') return;
    const next = draftFromRemix(remix, draft);
    update(next);
    useRemixStore.getState().report({ sourceId: remix.sourceId, unrestored: remixUnrestored(remix, next) });
    useRemixStore.getState().clear();
    // Applied once per stash; the draft it starts from is read at that moment only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remix, update]);

  const edit = (patch: Partial<SpeechDraft>) => {
    const next = { ...draft, ...patch };
    update(patch);
    if (checked) setChecked(checkSpeech(next, t, f).problems);
    setFailure(null);
  };

  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault();
    if (synthesize.isPending) return;
    const { problems, request } = checkSpeech(draft, t, f);
    setChecked(problems);
    setFailure(null);
    if (!request) return;
    synthesize.mutate(request, { onError: (error) => setFailure(error) });
  };

  const chars = characterCount(draft.input);
  const over = chars > SPEECH_LIMITS.maxInputChars;
  const hostField = fieldOfError(failure, SPEECH_FIELDS);
  // A refusal from the host is shown in its own words at the field it names.
  const errors: SpeechProblems = { ...checked, ...(hostField && failure ? { [hostField]: say(failure) } : {}) };
  // Too long is said at once, not only after a submit: the count is live.
  if (over && !errors.input) errors.input = checkSpeech(draft, t, f).problems.input;

  return (
    <>
      <TabIntro title={t('intro.title')}>{t('intro.text')}</TabIntro>
      <form className="gen-form" aria-label={t('form.label')} onSubmit={onSubmit} onKeyDown={submitOnModEnter} noValidate>
        <div className="gen-row">
          <SelectField label={t('generator:labels.model')} value={draft.model} options={models(t)} onChange={(m) => edit({ model: m as SpeechDraft['model'] })} error={errors.model} />
          <SelectField
            label={t('format.label')}
            value={draft.response_format}
            options={formats(t)}
            onChange={(format) => edit({ response_format: format as SpeechDraft['response_format'] })}
            error={errors.response_format}
          />
          <SpeedField value={draft.speed} onChange={(speed) => edit({ speed })} error={errors.speed} />
        </div>
        <VoicePicker value={draft.voice} onChange={(voice) => edit({ voice })} error={errors.voice} />
        <PromptBox
          kind="speech"
          params={presetOf(draft, [])}
          model={draft.model}
          applyPreset={(params) => edit(presetPatch(draft, params))}
          label={t('text.label')}
          value={draft.input}
          onChange={(input) => edit({ input })}
          onSubmit={onSubmit}
          history={history.prompts}
          maxChars={SPEECH_LIMITS.maxInputChars}
          error={errors.input}
          rows={6}
          placeholder={t('text.placeholder')}
        />
        {failure && <FailureNote error={failure} action={t('form.speak')} kept={t('form.kept')} />}
        {/* The gateway counts the characters of `input` as its JSON string's length (docs/ledger.md, "Units"). */}
        <ExpectedCost input={{ route: 'speech', model: draft.model, characters: draft.input.length }} />
        <div className="gen-actions">
          <SubmitButton label={t('form.speak')} busyLabel={t('form.speaking')} busy={synthesize.isPending} />
          <span className="gen-usage" data-testid="speech-estimate">
            {t('form.estimate', { chars: f.number(chars) })}
          </span>
        </div>
      </form>
      {last.itemId ? (
        <>
          <SpeechResult key={last.itemId} itemId={last.itemId} />
          <EarlierClips latestId={last.itemId} />
        </>
      ) : (
        !synthesize.isPending && (
          <EmptyState
            icon={<SpeechIcon />}
            title={t('empty.title')}
            className="speech-empty"
            actions={
              draft.input.trim() ? undefined : (
                <button type="button" className="button" onClick={() => edit({ input: t('empty.sampleText') })}>
                  {t('empty.sample')}
                </button>
              )
            }
          >
            {t('empty.hint')}
          </EmptyState>
        )
      )}
    </>
  );
}
