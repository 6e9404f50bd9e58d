/** A labelled text input with an optional hint and inline error (Field's most common case). */
import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './Field.js';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, ref, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input type="text" {...input} {...control} ref={ref} />}
    </Field>
  );
}
