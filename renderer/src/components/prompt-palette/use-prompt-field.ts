/**
 * Makes a prompt box one the palette can fill (prompt-fields.ts): registered while mounted, noted
 * as the palette's target when it takes focus. The tab keeps owning the value.
 */
import { useEffect, useId, useRef, type RefObject } from 'react';
import { promptFieldFocused, registerPromptField, usePromptPalette, type PromptFieldKind } from './prompt-fields.js';

export interface PromptFieldOptions {
  ref: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange(value: string): void;
  history?: readonly string[];
  model?: string;
  applyPreset?(params: Readonly<Record<string, unknown>>): void;
  params?: Record<string, unknown>;
}

export function usePromptField(kind: PromptFieldKind, o: PromptFieldOptions) {
  const key = useId();
  const latest = useRef(o);
  useEffect(() => {
    latest.current = o;
  });
  useEffect(
    () => registerPromptField(key, {
      kind,
      element: () => latest.current.ref.current,
      value: () => latest.current.value,
      setValue: (text) => latest.current.onChange(text),
      history: () => latest.current.history ?? [],
      model: () => latest.current.model,
      applyPreset: (params) => latest.current.applyPreset?.(params),
      params: () => latest.current.params,
    }),
    [key, kind],
  );
  return {
    onFocus: () => promptFieldFocused(key),
    openPalette: () => {
      promptFieldFocused(key);
      usePromptPalette.getState().openPalette(key);
    },
  };
}
