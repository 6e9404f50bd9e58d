/**
 * A labelled control (input, select, number, textarea…) with its hint and inline error tied to it
 * for screen readers. The control is a render prop so any element can take the id and aria
 * attributes; TextField is the common case of a plain input.
 */
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Extra content beside the label (a counter, a "recent prompts" menu). */
  aside?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, hint, error, className, aside, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <div className="gen-label-row">
        <label htmlFor={id}>{label}</label>
        {aside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** The hint and error under a control, with the ids its aria-describedby points at. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
