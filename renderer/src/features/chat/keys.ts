/**
 * The Chat tab keeps the studio's one send shortcut (components/generator/keyboard.ts):
 * Ctrl+Enter, ⌘+Enter on a Mac; plain Enter is a new line, as in every other prompt box.
 */
import type { KeyboardEvent } from 'react';

export { SUBMIT_SHORTCUT } from '../../components/generator/keyboard.js';

export function submitOnModEnterKey(e: KeyboardEvent, submit: () => void): void {
  // An IME composing text uses Enter to confirm a character, not to send.
  if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.nativeEvent.isComposing) return;
  e.preventDefault();
  submit();
}
