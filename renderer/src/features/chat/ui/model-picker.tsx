/**
 * The model of a conversation and the API it goes through. Every text model of spec 4.3–4.5 is
 * offered in a searchable list grouped by vendor, with what each can do (components/
 * model-combobox.tsx); any other id may be typed, since the gateway's chat list is open-ended.
 * The API box offers only the APIs the model takes (catalog `apiTakes`), says what the chosen one
 * carries, and names those the model does not take. An older conversation's Auto stays offered
 * while it holds it, with the responses model it falls back on.
 */
import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { TEXT_APIS, TEXT_MODELS, RESPONSES_MODELS, textModel } from '@shared/gateway/catalog.js';
import type { ChatSettings } from '@shared/contract/chat.js';
import { FieldMessages } from '../../../components/Field.js';
import { ModelCombobox } from '../../../components/model-combobox.js';
import { SelectField } from '../../../components/generator/select-field.js';
import { apiFor, type SettingsErrors, type SettingsForm } from '../model/settings-form.js';

/** The form change a model choice makes: the API follows when the new model does not take it. */
export function modelChoice(form: SettingsForm, model: string): Partial<SettingsForm> {
  return { model, customModel: !TEXT_MODELS.some((m) => m.id === model), api: apiFor(form.api, model) };
}

interface Props {
  form: SettingsForm;
  errors: SettingsErrors;
  change(patch: Partial<SettingsForm>): void;
}

export function ModelPicker({ form, errors, change }: Props) {
  const { t } = useTranslation('chat');
  const id = useId();
  const model = form.model.trim();
  const apis = textModel(model).apis;
  const notTaken = TEXT_APIS.filter((a) => !apis.includes(a));
  const names = (list: readonly ChatSettings['api'][]) => list.map((a) => t(`model.apiName.${a}`)).join(t('listSeparator'));
  const hint = t(`model.apiHint.${form.api}`) + (notTaken.length && model ? t('model.notOffered', { model, apis: names(notTaken) }) : '');
  return (
    <div className="chat-model-row">
      <div className="field">
        <ModelCombobox
          label={t('model.label')}
          value={form.model}
          onChange={(m) => change(modelChoice(form, m))}
          allowCustom
          invalid={!!errors.model}
          describedBy={errors.model ? `${id}-error` : undefined}
        />
        <FieldMessages id={id} error={errors.model} />
      </div>
      <SelectField
        label={t('model.api')}
        value={form.api}
        onChange={(api) => change({ api: api as SettingsForm['api'] })}
        options={[...(form.api === 'auto' ? ['auto' as const] : []), ...apis].map((a) => ({ value: a, label: t(`model.apiName.${a}`) }))}
        hint={hint}
      />
      {form.api === 'auto' && (
        <SelectField
          label={t('model.responsesModel')}
          value={form.responsesModel}
          onChange={(m) => change({ responsesModel: m as SettingsForm['responsesModel'] })}
          options={RESPONSES_MODELS.map((m) => ({ value: m, label: m }))}
          hint={t('model.responsesHint')}
        />
      )}
    </div>
  );
}
