/** Keyboard submit for the generator forms: Ctrl+Enter (⌘+Enter on a Mac) from any field. */
import type { KeyboardEvent } from 'react';
import { MOD_KEY } from '../platform.js';

/** How the shortcut is written on the submit button, in the platform's own words. */
export const SUBMIT_SHORTCUT = `${MOD_KEY} Enter`;

/** Put on a <form>'s onKeyDown; requestSubmit runs the form's own validation and onSubmit. */
export function submitOnModEnter(event: KeyboardEvent<HTMLFormElement>): void {
  // An IME composing text uses Enter to confirm a character, not to send.
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
  // A field that submits by itself (PromptBox) has handled it already: sending twice costs twice.
  if (event.defaultPrevented) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}
