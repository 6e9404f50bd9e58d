/**
 * Several models' replies to one message (docs/chat-versions.md, "Side by side"): they are the
 * versions of one turn, kept as any other versions are (versions.ts), the first shown, and marked
 * `together` until the creator chooses the one to go on with. Sending the next message goes on
 * with the one shown.
 */
import { msg } from '@shared/messages/index.js';
import type { ChatMessageView } from '@shared/contract/chat.js';
import type { CompareTarget } from '@shared/contract/chat-compare.js';
import type { ParsedInput } from '@shared/contract/index.js';
import { contextTokensOf } from '@shared/gateway/context-sizes.js';
import { coreError } from '../errors.js';
import type { Conversation } from './conversation-file.js';
import { switchShown } from './version-switch.js';
import type { StoredMessage, Switched } from './versions.js';

/** The conversation with the user turn and, after it, one turn whose versions are the replies. */
export function withTogether(messages: readonly StoredMessage[], user: ChatMessageView, replies: readonly ChatMessageView[]): StoredMessage[] {
  const [first, ...others] = replies as StoredMessage[];
  first.versions = { shown: 0, count: replies.length, together: true };
  first.otherVersions = others.map((r) => [r]);
  return [...messages, user, first];
}

/** The newest turn, if shown side by side, goes on with the reply shown: its pager replaces the columns. */
export function goOnWithShown(messages: readonly StoredMessage[]): void {
  const last = messages.at(-1);
  if (last?.versions?.together) delete last.versions.together;
}

/** The target whose context is the smallest: the documents must fit them all. */
export const tightestModel = (targets: readonly CompareTarget[]) =>
  targets.reduce((a, b) => (contextTokensOf(b.model) < contextTokensOf(a.model) ? b : a)).model;

/** `chat.chooseVersion`: version `to` becomes the one shown and the conversation goes on with it. */
export function chooseTogether(c: Conversation, i: ParsedInput<'chat.chooseVersion'>, kept: () => void): Switched {
  const at = c.messages.findIndex((m) => m.id === i.messageId);
  if (at >= 0 && !c.messages[at].versions?.together) throw coreError('invalid_request', msg('chat.versions.notTogether'), 'messageId');
  return switchShown(c, i, () => {
    // Another version shown has its slot's versions anew; the same one keeps them, mark and all.
    delete c.messages[at].versions?.together;
    kept();
  });
}
