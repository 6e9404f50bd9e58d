/**
 * The message a stream's terminal event carries (EndedMessage in the contract): a long text
 * that the stream's deltas carried whole is not sent again (docs/performance.md, "Replies of any
 * size"). A short one still is, so that the end of an ordinary reply stands on its own.
 */
import type { ChatMessageView, EndedMessage } from '@shared/contract/chat.js';
import { previewMessage } from './tool-call-preview.js';

/** Texts at least this long are left out of the end when the deltas carried them whole. */
export const END_TEXT_CHARS = 16_000;

/**
 * `streamed[i]`: the characters this stream's deltas carried for choice i; `before[i]`: the
 * length of choice i's text when the stream began (a continued reply's start came in no delta).
 */
export function endedMessage(message: ChatMessageView, before: readonly number[], streamed: readonly number[]): EndedMessage {
  // A copy (the stored message changes on), made without the long texts: not copied to be dropped.
  // Long function-call arguments go as previews, as in every view (tool-call-preview.ts).
  // The replies beside it (side-by-side.ts) end on their own: the page keeps the columns it has.
  const { choices, alongside: _alongside, ...rest } = previewMessage(message);
  const ended: EndedMessage = structuredClone(rest);
  if (!choices) return ended;
  ended.choices = choices.map((choice, i) => {
    const { text, ...others } = choice;
    const whole = text.length >= END_TEXT_CHARS && (before[i] ?? 0) === 0 && streamed[i] === text.length;
    return whole ? { ...structuredClone(others), streamed: text.length } : structuredClone(choice);
  });
  return ended;
}
