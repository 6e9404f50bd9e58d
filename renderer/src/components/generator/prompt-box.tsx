/**
 * The prompt of a generator tab: a multiline box whose Ctrl/Cmd+Enter submits, a
 * live character count (against a limit when the model has one), the tab's recent prompts and the
 * prompt library's palette (components/prompt-palette: its button here, or Ctrl+P in the box).
 * Shared by the generator tabs so they all behave alike; the tab owns the value and the history.
 */
import { useId, useRef, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../i18n/format.js';
import { FieldMessages } from '../Field.js';
import { PaletteButton } from '../prompt-palette/palette-button.js';
import type { PromptFieldKind } from '../prompt-palette/prompt-fields.js';
import { usePromptField } from '../prompt-palette/use-prompt-field.js';

interface PromptBoxProps {
  /** Which tab's prompt it is, for the palette and the prompt a submission links to. */
  kind: PromptFieldKind;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Ctrl+Enter (Cmd+Enter on macOS) — plain Enter stays a new line, prompts are often long. */
  onSubmit(): void;
  /** Newest first, as `usePromptHistory` keeps them. */
  history: readonly string[];
  maxChars?: number;
  hint?: string;
  error?: string;
  placeholder?: string;
  id?: string;
  ref?: Ref<HTMLTextAreaElement>;
  rows?: number;
  /** The form's model now, and how the tab takes a saved prompt's parameters for it (its preset). */
  model?: string;
  applyPreset?(params: Readonly<Record<string, unknown>>): void;
  /** The form's parameters now, which the library keeps as this model's preset. */
  params?: Record<string, unknown>;
}

/** Long prompts are cut in the picker only; choosing one puts the whole text back. */
const short = (p: string) => (p.length > 90 ? `${p.slice(0, 90)}…` : p);

export function PromptBox({ kind, label, value, onChange, onSubmit, history, maxChars, hint, error, placeholder, id, ref, rows = 4, model, applyPreset, params }: PromptBoxProps) {
  const { t } = useTranslation('generator');
  const f = useFormats();
  const auto = useId();
  const fieldId = id ?? auto;
  const own = useRef<HTMLTextAreaElement>(null);
  const palette = usePromptField(kind, { ref: own, value, onChange, history, model, applyPreset, params });
  const setRef = (el: HTMLTextAreaElement | null) => {
    own.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };
  const over = maxChars !== undefined && value.length > maxChars;
  const describedBy = [`${fieldId}-count`, hint && `${fieldId}-hint`, error && `${fieldId}-error`].filter(Boolean).join(' ');

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onSubmit();
    }
  };

  return (
    <div className="field prompt-box">
      <div className="prompt-box-head">
        <label htmlFor={fieldId}>{label}</label>
        <PaletteButton onOpen={palette.openPalette} />
        {history.length > 0 && (
          <select
            className="prompt-history"
            aria-label={t('prompt.recent')}
            value=""
            onChange={(e) => {
              if (e.target.value) onChange(e.target.value);
            }}
          >
            <option value="">{t('prompt.recentPlaceholder')}</option>
            {history.map((p) => (
              <option key={p} value={p}>
                {short(p)}
              </option>
            ))}
          </select>
        )}
      </div>
      <textarea
        dir="auto"
        id={fieldId}
        ref={setRef}
        rows={rows}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={palette.onFocus}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy}
      />
      <p className="prompt-box-foot hint">
        <span id={`${fieldId}-count`} className={over ? 'field-error' : undefined}>
          {maxChars !== undefined
            ? t('prompt.countOfMax', { chars: f.number(value.length), max: f.number(maxChars) })
            : t('prompt.count', { chars: f.number(value.length) })}
        </span>
        <span aria-hidden="true">{t('prompt.submitHint')}</span>
      </p>
      <FieldMessages id={fieldId} hint={hint} error={error} />
    </div>
  );
}
