/**
 * The password box of a write-only secret (docs/house-rules.md, "Secrets are write-only"):
 * uncontrolled, so the secret is never React state; nothing offered to fill or fix it; Enter
 * saves, Escape (where given) cancels. Its hint and error are `${id}-hint` / `${id}-error`
 * (FieldMessages).
 */
import type { Ref } from 'react';

interface SecretInputProps {
  id: string;
  ref: Ref<HTMLInputElement>;
  invalid: boolean;
  onEnter: () => void;
  onEscape?: () => void;
  autoFocus?: boolean;
}

export function SecretInput({ id, ref, invalid, onEnter, onEscape, autoFocus }: SecretInputProps) {
  return (
    <input
      ref={ref}
      id={id}
      type="password"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      autoFocus={autoFocus}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onEnter();
        } else if (e.key === 'Escape' && onEscape) {
          e.preventDefault();
          onEscape();
        }
      }}
    />
  );
}
