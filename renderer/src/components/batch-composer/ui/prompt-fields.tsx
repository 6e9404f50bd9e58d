/** The composer's prompts: a list, or one prompt with {variables} and each variable's values (model/expand.ts). */
import { useTranslation } from 'react-i18next';
import { Field } from '../../Field.js';
import { parseTemplate, type PromptSource } from '../model/expand.js';

const MODES = ['list', 'template'] as const;

interface Props {
  id: string;
  source: PromptSource;
  /** What is wrong with the prompts, shown at the field it concerns. */
  error?: string;
  onChange(source: PromptSource): void;
}

export function PromptFields({ id, source, error, onChange }: Props) {
  const { t } = useTranslation('batch');
  const parsed = parseTemplate(source.template);
  const variables = parsed.ok ? parsed.variables : [];
  const set = (patch: Partial<PromptSource>) => onChange({ ...source, ...patch });
  return (
    <fieldset className="batch-prompts">
      <legend>{t('prompts.label')}</legend>
      <div className="batch-radios" role="radiogroup" aria-label={t('prompts.label')}>
        {MODES.map((mode) => (
          <label key={mode}>
            <input type="radio" name={`${id}-mode`} checked={source.mode === mode} onChange={() => set({ mode })} />
            {t(`prompts.${mode}`)}
          </label>
        ))}
      </div>
      {source.mode === 'list' ? (
        <Field label={t('prompts.listField')} error={error}>
          {(control) => <textarea {...control} rows={5} value={source.list} onChange={(e) => set({ list: e.target.value })} />}
        </Field>
      ) : (
        <>
          <Field label={t('prompts.templateField')} hint={t('prompts.templateHint', { open: '{{', close: '}}' })} error={error}>
            {(control) => <textarea {...control} rows={3} value={source.template} onChange={(e) => set({ template: e.target.value })} />}
          </Field>
          {variables.map((name) => (
            <Field key={name} label={t('prompts.values', { name })}>
              {(control) => (
                <textarea {...control} rows={3} value={source.values[name] ?? ''} onChange={(e) => set({ values: { ...source.values, [name]: e.target.value } })} />
              )}
            </Field>
          ))}
        </>
      )}
    </fieldset>
  );
}
