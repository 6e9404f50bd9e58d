/**
 * A stream's final message made whole again: the host leaves out of `chat.onDidEnd` a long text
 * that the stream's deltas carried (EndedMessage in the contract), and the deltas this page joined
 * stand in for it. Joined from the middle on (the page started listening late), they fall short of
 * its length: then the page shows what it has and reads the conversation again.
 */
import type { ChatMessageView, EndedMessage } from '@shared/contract/chat.js';

export function completeEnded(ended: EndedMessage, streamed: readonly string[] | undefined): { message: ChatMessageView; whole: boolean } {
  if (!ended.choices) return { message: ended as ChatMessageView, whole: true };
  let whole = true;
  const choices = ended.choices.map(({ text, streamed: length, ...rest }, i) => {
    if (text !== undefined) return { text, ...rest };
    const joined = streamed?.[i] ?? '';
    if (joined.length !== length) whole = false;
    return { text: joined, ...rest };
  });
  return { message: { ...ended, choices }, whole };
}
