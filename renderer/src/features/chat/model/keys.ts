/**
 * The Chat tab's send keys. The message box follows the creator's choice (Settings → Sending a chat message,
 * `chatSendKey`): Enter sends and Shift+Enter adds a line, as in every chat app, or the studio's one
 * send shortcut (components/generator/keyboard.ts), Ctrl+Enter (⌘+Enter on a Mac), with Enter
 * adding a line. Ctrl/⌘+Enter sends either way; other boxes (a tool's result, an edited turn) keep
 * the studio's shortcut.
 */
import type { KeyboardEvent } from 'react';
import type { ChatSendKey } from '@shared/contract/settings.js';

export { SUBMIT_SHORTCUT } from '../../../components/generator/keyboard.js';

export function submitOnModEnterKey(e: KeyboardEvent, submit: () => void): void {
  submitOnKey(e, submit, 'mod-enter');
}

export function submitOnKey(e: KeyboardEvent, submit: () => void, sendKey: ChatSendKey): void {
  // An IME composing text uses Enter to confirm a character, not to send.
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const mod = e.ctrlKey || e.metaKey;
  if (!mod && (sendKey === 'mod-enter' || e.shiftKey || e.altKey)) return;
  e.preventDefault();
  submit();
}
