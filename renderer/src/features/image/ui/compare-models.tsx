/**
 * "Compare models": the same prompt to two to four image models at once, each request adapted to
 * its model (model/image-draft.ts, `fitImageDraft`; which and how many: model/compared-models.ts).
 * Plain checkboxes, so the keyboard reaches each; once four are picked the others wait, so the
 * limit is met before Generate, not after.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../i18n/format.js';
import type { ImageDraft } from '../model/image-draft.js';
import { COMPARABLE, COMPARE_MAX, COMPARE_MIN, comparedModels } from '../model/compared-models.js';

interface Props {
  draft: ImageDraft;
  error?: string;
  onChange(patch: Partial<ImageDraft>): void;
}

export function CompareModels({ draft, error, onChange }: Props) {
  const { t } = useTranslation('image');
  const f = useFormats();
  const hint = useId();
  const picked = comparedModels(draft);
  const toggle = (model: string, on: boolean) =>
    onChange({ compareModels: on ? [...picked, model] : picked.filter((m) => m !== model) });
  return (
    <div className="compare">
      <label className="check-label" htmlFor="image-field-compare">
        <input
          id="image-field-compare"
          type="checkbox"
          checked={draft.compare}
          // The model chosen above is the first to compare.
          onChange={(e) => onChange(e.target.checked ? { compare: true, compareModels: picked.length ? picked : [draft.model] } : { compare: false })}
        />
        {t('compare.toggle')}
      </label>
      {draft.compare && (
        <fieldset
          id="image-field-compareModels"
          className="compare-models"
          tabIndex={-1}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hint}${error ? ' image-field-compareModels-error' : ''}`}
        >
          <legend>{t('compare.legend')}</legend>
          {COMPARABLE.map((model) => {
            const on = picked.includes(model);
            return (
              <label key={model} className="check-label">
                <input type="checkbox" checked={on} disabled={!on && picked.length >= COMPARE_MAX} onChange={(e) => toggle(model, e.target.checked)} />
                {model}
              </label>
            );
          })}
          <p id={hint} className="hint">
            {t('compare.hint', { min: f.number(COMPARE_MIN), max: f.number(COMPARE_MAX) })}
          </p>
          {error && (
            <p id="image-field-compareModels-error" className="field-error">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
