/**
 * The labelled box of a write-only secret in an add or edit form (an API key, an MCP server's
 * token; docs/house-rules.md, "Secrets are write-only"): uncontrolled, so its value lives only in
 * the input, read once on save; nothing offered to fill or fix it.
 */
import type { Ref } from 'react';
import { TextField } from './TextField.js';

interface SecretFieldProps {
  label: string;
  hint?: string;
  error?: string;
  ref: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}

export function SecretField({ label, hint, error, ref, autoFocus }: SecretFieldProps) {
  return (
    <TextField
      label={label}
      className="field-wide"
      type="password"
      ref={ref}
      hint={hint}
      error={error}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      autoFocus={autoFocus}
    />
  );
}
