/**
 * A labelled <select> with hint and inline error tied to it, the select twin of TextField.
 * Options may be grouped (a model picker groups its models by how they run).
 */
import { useId } from 'react';
import { FieldMessages } from '../Field.js';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectGroup {
  label: string;
  options: readonly SelectOption[];
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options?: readonly SelectOption[];
  groups?: readonly SelectGroup[];
  hint?: string;
  error?: string;
  id?: string;
  disabled?: boolean;
}

export function SelectField({ label, value, onChange, options = [], groups = [], hint, error, id, disabled }: SelectFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const describedBy = [hint && `${fieldId}-hint`, error && `${fieldId}-error`].filter(Boolean).join(' ');
  const option = (o: SelectOption) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  return (
    <div className="field select-field">
      <label htmlFor={fieldId}>{label}</label>
      <select
        id={fieldId}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {options.map(option)}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map(option)}
          </optgroup>
        ))}
      </select>
      <FieldMessages id={fieldId} hint={hint} error={error} />
    </div>
  );
}
