/**
 * Settings → Chat defaults: where every new conversation starts (model, API, system prompt,
 * streaming, the sampling numbers and n), saved by the host with the other settings. Tools are
 * not among them: each new conversation starts with them off. What was typed stays in its field
 * when it is refused, with the reason beside it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '@shared/contract/index.js';
import { TEXT_LIMITS, textModel } from '@shared/gateway/catalog.js';
import { Field } from '../../../components/Field.js';
import { ModelCombobox } from '../../../components/model-combobox.js';
import { SelectField } from '../../../components/generator/select-field.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { checkDefaults, DEFAULT_NUMBERS, defaultsApiFor, draftOfDefaults, NUMBER_BOUNDS, type DefaultNumber, type DefaultsDraft, type DefaultsProblem } from '../model/chat-defaults-form.js';
import { useSettingsAction } from '../model/use-settings-action.js';

const LABEL = {
  temperature: 'general.chatDefaults.temperature',
  top_p: 'general.chatDefaults.topP',
  max_tokens: 'general.chatDefaults.maxTokens',
  frequency_penalty: 'general.chatDefaults.frequencyPenalty',
  presence_penalty: 'general.chatDefaults.presencePenalty',
} as const satisfies Record<DefaultNumber, string>;

type Update = ReturnType<typeof useSettingsAction>['update'];

/** Keyed by the saved defaults, so a change from elsewhere resets the draft instead of fighting it. */
function DefaultsForm({ saved, update }: { saved: SettingsView['chatDefaults']; update: Update }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const f = useFormats();
  const modelError = useId();
  const [draft, setDraft] = useState<DefaultsDraft>(() => draftOfDefaults(saved));
  const [problems, setProblems] = useState<DefaultsProblem[]>([]);
  const change = (patch: Partial<DefaultsDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // "Saved" no longer describes what the fields show.
    if (update.isSuccess) update.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDefaults(draft, saved);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    update.mutate({ chatDefaults: checked.defaults });
  };
  const problemOf = (field: DefaultsProblem['field']) => {
    const p = problems.find((x) => x.field === field);
    if (!p) return undefined;
    if (p.kind === 'required') return t('general.chatDefaults.modelRequired');
    if (p.kind === 'nRange') return t('general.chatDefaults.nRange', { min: f.number(TEXT_LIMITS.n.min), max: f.number(TEXT_LIMITS.n.max) });
    const b = NUMBER_BOUNDS[p.field];
    if (p.kind === 'whole') return t('general.chatDefaults.whole', { min: f.number(b.min) });
    if (p.kind === 'between') return t('general.chatDefaults.between', { min: f.number(b.min), max: f.number(b.max ?? b.min) });
    return t('general.chatDefaults.notNumber');
  };
  const refused = update.error;
  const refusedHere = (field: string) => (refused?.param?.endsWith(field) ? say(refused) : undefined);
  const modelProblem = problemOf('model');
  const apiRefused = refusedHere('api');
  const refusedElsewhere = refused && ![...DEFAULT_NUMBERS, 'api', 'n'].some((field) => refused.param?.endsWith(field));
  const apis = textModel(draft.model.trim()).apis;
  const api = defaultsApiFor(draft.api, draft.model);
  const hint = (field: DefaultNumber) => {
    const b = NUMBER_BOUNDS[field];
    return b.max === undefined
      ? t('general.chatDefaults.rangeOpen')
      : t('general.chatDefaults.range', { min: f.number(b.min), max: f.number(b.max), default: f.number(b.default ?? b.min) });
  };

  return (
    <form className="chat-defaults-form" onSubmit={submit} noValidate>
      <div className="field">
        <ModelCombobox
          label={t('general.chatDefaults.model')}
          value={draft.model}
          allowCustom
          onChange={(model) => change({ model, api: defaultsApiFor(draft.api, model) })}
          invalid={!!modelProblem}
          describedBy={modelProblem ? `${modelError}-error` : undefined}
        />
        {modelProblem && (
          <p id={`${modelError}-error`} className="field-error">
            {modelProblem}
          </p>
        )}
      </div>
      <SelectField
        label={t('general.chatDefaults.api')}
        value={api}
        onChange={(value) => change({ api: value as DefaultsDraft['api'] })}
        options={apis.map((a) => ({ value: a, label: t(`general.chatDefaults.apiName.${a}`) }))}
        hint={t(`general.chatDefaults.apiHint.${api}`)}
        error={apiRefused}
      />
      <Field label={t('general.chatDefaults.systemPrompt')} className="chat-defaults-wide">
        {(control) => <textarea {...control} dir="auto" rows={2} value={draft.systemPrompt} onChange={(e) => change({ systemPrompt: e.target.value })} />}
      </Field>
      <label className="chat-defaults-wide check-row">
        <input type="checkbox" checked={draft.stream} onChange={(e) => change({ stream: e.target.checked })} />
        {t('general.chatDefaults.stream')}
      </label>
      {DEFAULT_NUMBERS.map((field) => (
        <Field key={field} label={t(LABEL[field])} hint={hint(field)} error={problemOf(field) ?? refusedHere(field)}>
          {(control) => (
            <input {...control} type="text" inputMode="decimal" autoComplete="off" value={draft.numbers[field]} onChange={(e) => change({ numbers: { ...draft.numbers, [field]: e.target.value } })} />
          )}
        </Field>
      ))}
      <Field label={t('general.chatDefaults.n')} hint={t('general.chatDefaults.nHint', { min: f.number(TEXT_LIMITS.n.min), max: f.number(TEXT_LIMITS.n.max) })} error={problemOf('n') ?? refusedHere('n')}>
        {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" value={draft.n} onChange={(e) => change({ n: e.target.value })} />}
      </Field>
      <div className="chat-defaults-wide">
        <button type="submit" className="button" aria-disabled={update.isPending}>
          {t('general.chatDefaults.save')}
        </button>
        {refusedElsewhere && <p className="form-error">{say(refused)}</p>}
      </div>
    </form>
  );
}

export function ChatDefaultsSetting({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const headingId = useId();
  // Here, not in the form: a save changes the form's key, and the outcome must outlive it.
  const { update } = useSettingsAction();
  const saved = settings.chatDefaults;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('general.chatDefaults.heading')}</h3>
      <p className="muted">{t('general.chatDefaults.about')}</p>
      {saved && <DefaultsForm key={JSON.stringify(saved)} saved={saved} update={update} />}
      <p role="status" className="saved-note">
        {update.isSuccess && t('general.chatDefaults.saved')}
      </p>
    </section>
  );
}
