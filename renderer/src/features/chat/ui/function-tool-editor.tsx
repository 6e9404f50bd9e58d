/**
 * One function tool (spec 4.4): name, description and its parameters as a JSON schema. The
 * schema is checked as it is typed; one that is not valid JSON (with where), not an object
 * schema, or whose `required` names unknown properties is refused with the reason, and is not
 * saved until fixed.
 */
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.js';
import { useFormats } from '../../../i18n/format.js';
import type { FunctionDraft, SettingsErrors } from '../model/settings-form.js';

interface Props {
  draft: FunctionDraft;
  index: number;
  errors: SettingsErrors;
  onChange(patch: Partial<FunctionDraft>): void;
  onRemove(): void;
}

export function FunctionToolEditor({ draft, index, errors, onChange, onRemove }: Props) {
  const { t } = useTranslation(['chat', 'common']);
  const f = useFormats();
  const err = (part: string) => errors[`fn:${draft.key}:${part}`];
  const label = draft.name.trim() || t('fn.fallbackName', { n: f.number(index + 1) });
  const valid = !err('name') && !err('schema') && !err('description');
  return (
    <li className="chat-fn" aria-label={label}>
      <div className="chat-fn-head">
        <strong>{label}</strong>
        <span className={`badge${valid ? ' badge-active' : ''}`}>{valid ? t('fn.saved') : t('fn.notSaved')}</span>
        <button type="button" className="button button-danger chat-small" aria-label={t('fn.remove', { name: label })} onClick={onRemove}>
          {t('common:remove')}
        </button>
      </div>
      <Field label={t('fn.name')} error={err('name')} hint={t('fn.nameHint')}>
        {/* eslint-disable-next-line i18next/no-literal-string -- an example identifier, the same in every language */}
        {(control) => <input {...control} type="text" spellCheck={false} autoComplete="off" value={draft.name} onChange={(e) => onChange({ name: e.target.value })} placeholder="get_weather" />}
      </Field>
      <Field label={t('fn.description')} error={err('description')}>
        {(control) => <input {...control} type="text" value={draft.description} onChange={(e) => onChange({ description: e.target.value })} placeholder={t('fn.descriptionPlaceholder')} />}
      </Field>
      <Field label={t('fn.schema')} error={err('schema')} hint={t('fn.schemaHint')}>
        {(control) => (
          <textarea {...control} className="chat-schema" rows={6} spellCheck={false} value={draft.schema} onChange={(e) => onChange({ schema: e.target.value })} />
        )}
      </Field>
    </li>
  );
}
