/**
 * The palette's second step for a prompt with variables or a preset: one box per variable, the
 * prompt as it will read, and the preset for the form's model. Enter in any box inserts.
 */
import './strings.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expandPrompt, type PromptView } from '@shared/contract/prompts.js';

interface Props {
  prompt: PromptView;
  model?: string;
  onBack(): void;
  onInsert(values: Record<string, string>, preset?: Readonly<Record<string, unknown>>): void;
}

export function VariablesForm({ prompt, model, onBack, onInsert }: Props) {
  const { t } = useTranslation('prompts');
  const [values, setValues] = useState<Record<string, string>>({});
  const preset = model ? prompt.presets[model] : undefined;
  const [usePreset, setUsePreset] = useState(true);
  // A variable left empty stays as `{name}`, visible in the field, rather than vanishing.
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));

  return (
    <form
      className="prompt-variables"
      onSubmit={(e) => {
        e.preventDefault();
        onInsert(filled, preset && usePreset ? preset : undefined);
      }}
    >
      <h2 className="prompt-palette-heading" dir="auto">{prompt.title}</h2>
      {prompt.variables.length > 0 && <p className="hint">{t('palette.variablesHint')}</p>}
      {prompt.variables.map((name, i) => (
        <div className="field" key={name}>
          <label htmlFor={`prompt-var-${i}`}>{name}</label>
          <input
            id={`prompt-var-${i}`}
            dir="auto"
            autoFocus={i === 0}
            value={values[name] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          />
        </div>
      ))}
      <p className="prompt-variables-preview" dir="auto" data-testid="prompt-preview">
        {expandPrompt(prompt.text, filled)}
      </p>
      {preset && model && (
        <label className="checkbox">
          <input type="checkbox" checked={usePreset} autoFocus={prompt.variables.length === 0} onChange={(e) => setUsePreset(e.target.checked)} />
          {t('palette.preset', { model })}
        </label>
      )}
      <div className="prompt-palette-foot">
        <button type="button" className="button" onClick={onBack}>
          {t('palette.back')}
        </button>
        <button type="submit" className="button button-primary">
          {t('palette.insert')}
        </button>
      </div>
    </form>
  );
}
