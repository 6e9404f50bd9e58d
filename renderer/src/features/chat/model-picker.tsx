/**
 * The model of a conversation: every chat model of spec 4.3 grouped by family, plus a free
 * "Custom model id…" box, since the gateway's list is open-ended. The API choice beside it offers
 * Native only for the modelc text models that have it (spec 4.5).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MODEL_FAMILIES, isNativeTextModel, RESPONSES_MODELS } from '@shared/gateway/catalog.js';
import { FieldMessages } from '../../components/Field.js';
import { SelectField } from '../../components/generator/select-field.js';
import type { SettingsErrors, SettingsForm } from './settings-form.js';

export const CUSTOM = '__custom__';

/** The form change a choice in a model list makes (a custom id opens its box). */
export function modelChoice(form: SettingsForm, value: string): Partial<SettingsForm> {
  if (value === CUSTOM) return { customModel: true };
  return { model: value, customModel: false, api: isNativeTextModel(value) ? form.api : 'auto' };
}

/** Every chat model of the catalog, by family, and the custom choice last. */
export function ModelOptions() {
  const { t } = useTranslation('chat');
  return (
    <>
      {Object.entries(CHAT_MODEL_FAMILIES).map(([family, models]) => (
        <optgroup key={family} label={family}>
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </optgroup>
      ))}
      <option value={CUSTOM}>{t('model.custom')}</option>
    </>
  );
}

interface Props {
  form: SettingsForm;
  errors: SettingsErrors;
  change(patch: Partial<SettingsForm>): void;
}

export function ModelPicker({ form, errors, change }: Props) {
  const { t } = useTranslation('chat');
  const id = useId();
  const customId = useId();
  const native = isNativeTextModel(form.model.trim());
  const pick = (value: string) => change(modelChoice(form, value));
  return (
    <div className="chat-model-row">
      <div className="field">
        <label htmlFor={id}>{t('model.label')}</label>
        <select id={id} value={form.customModel ? CUSTOM : form.model} onChange={(e) => pick(e.target.value)} aria-invalid={errors.model && !form.customModel ? true : undefined}>
          <ModelOptions />
        </select>
      </div>
      {form.customModel && (
        <div className="field">
          <label htmlFor={customId}>{t('model.customLabel')}</label>
          <input
            id={customId}
            type="text"
            value={form.model}
            spellCheck={false}
            autoComplete="off"
            placeholder={t('model.customPlaceholder', { example: 'modela-5-2026-01' })}
            onChange={(e) => change({ model: e.target.value, api: isNativeTextModel(e.target.value.trim()) ? form.api : 'auto' })}
            aria-invalid={errors.model ? true : undefined}
            aria-describedby={`${customId}-hint${errors.model ? ` ${customId}-error` : ''}`}
          />
          <FieldMessages id={customId} hint={t('model.customHint')} error={errors.model} />
        </div>
      )}
      <SelectField
        label={t('model.api')}
        value={native ? form.api : 'auto'}
        onChange={(api) => change({ api: api as SettingsForm['api'] })}
        options={[
          { value: 'auto', label: t('model.auto') },
          ...(native ? [{ value: 'native', label: t('model.native') }] : []),
        ]}
        hint={native ? t('model.apiHint') : t('model.apiHintNoNative')}
      />
      <SelectField
        label={t('model.responsesModel')}
        value={form.responsesModel}
        onChange={(m) => change({ responsesModel: m as SettingsForm['responsesModel'] })}
        options={RESPONSES_MODELS.map((m) => ({ value: m, label: m }))}
        hint={t('model.responsesHint')}
      />
    </div>
  );
}
