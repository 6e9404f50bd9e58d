/**
 * The models and the parameter axes (model/axes.ts): each choice axis shows every value a ticked
 * model offers, so one model's value the other lacks can be picked and is then named as refused,
 * with the rule, instead of hidden.
 */
import { useTranslation } from 'react-i18next';
import { Field } from '../../Field.js';
import { AXES, BATCH_MODELS, appliesTo, choicesOf, type BatchKind } from '../model/axes.js';
import type { BatchDraft } from '../model/matrix.js';

interface Props {
  kind: BatchKind;
  draft: BatchDraft;
  /** A typed axis's error, keyed by the axis. */
  errors: Record<string, string | undefined>;
  onChange(patch: Partial<BatchDraft>): void;
}

const toggle = (list: readonly string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

export function AxisFields({ kind, draft, errors, onChange }: Props) {
  const { t } = useTranslation('batch');
  const axes = AXES[kind].filter((a) => appliesTo(a, draft.models));
  return (
    <>
      <fieldset className="batch-checks" aria-describedby={`batch-${kind}-models-hint`}>
        <legend>{t('models')}</legend>
        {BATCH_MODELS[kind].map((model) => (
          <label key={model}>
            <input type="checkbox" checked={draft.models.includes(model)} onChange={(e) => onChange({ models: toggle(draft.models, model, e.target.checked) })} />
            {model}
          </label>
        ))}
        <p className="hint" id={`batch-${kind}-models-hint`}>{t('modelsHint')}</p>
      </fieldset>
      {axes.map((axis) => {
        if (axis.input === 'numbers') {
          return (
            <Field key={axis.name} label={t(`axes.${axis.name}`)} hint={t('axes.numbersHint')} error={errors[axis.name]}>
              {(control) => (
                <input {...control} type="text" inputMode="numeric" value={draft.typed[axis.name] ?? ''} onChange={(e) => onChange({ typed: { ...draft.typed, [axis.name]: e.target.value } })} />
              )}
            </Field>
          );
        }
        const picked = draft.picked[axis.name] ?? [];
        return (
          <fieldset key={axis.name} className="batch-checks" aria-describedby={`batch-${kind}-${axis.name}-hint`}>
            <legend>{t(`axes.${axis.name}`)}</legend>
            {choicesOf(axis, draft.models).map((value) => (
              <label key={value}>
                <input
                  type="checkbox"
                  checked={picked.includes(value)}
                  onChange={(e) => onChange({ picked: { ...draft.picked, [axis.name]: toggle(picked, value, e.target.checked) } })}
                />
                {value}
              </label>
            ))}
            <p className="hint" id={`batch-${kind}-${axis.name}-hint`}>{t('axes.choiceHint')}</p>
          </fieldset>
        );
      })}
    </>
  );
}
