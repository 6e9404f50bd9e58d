/**
 * `chat.switchVersion` (docs/chat-versions.md): the conversation shows another version of one of
 * its turns, and with it that version's branch. The turns above stay as they are, so the page is
 * answered only from that turn on.
 */
import { msg } from '@shared/messages/index.js';
import type { ParsedInput } from '@shared/contract/index.js';
import { coreError } from '../errors.js';
import { deriveTitle, type Conversation } from './conversation-file.js';
import { previewMessages } from './tool-call-preview.js';
import { reveal, switchVersion, type Switched } from './versions.js';

export function switchShown(c: Conversation, i: ParsedInput<'chat.switchVersion'>, kept: () => void): Switched {
  const at = c.messages.findIndex((m) => m.id === i.messageId);
  if (at < 0) throw coreError('not_found', msg('chat.reply.gone'), 'messageId');
  const messages = switchVersion(c.messages, at, i.to);
  if (!messages) throw coreError('invalid_input', msg('chat.versions.none'), 'to');
  c.messages = messages;
  // The title follows the first turn shown, at once (the write itself may come a moment later).
  if (!c.titleSet) c.title = deriveTitle(c);
  kept();
  const shown = i.first === undefined ? messages.slice(at) : messages.slice(at, at + i.first);
  return { from: at, messages: previewMessages(shown), messageCount: messages.length };
}

/** `chat.revealMessage`: the branch that holds a message is shown (a search hit in a hidden version). */
export function revealShown(c: Conversation, i: ParsedInput<'chat.revealMessage'>, kept: () => void): Switched {
  const found = reveal(c.messages, i.messageId);
  if (!found) throw coreError('not_found', msg('chat.reply.gone'), 'messageId');
  if (found.from >= c.messages.length) return { from: c.messages.length, messages: [], messageCount: c.messages.length };
  c.messages = found.messages;
  if (!c.titleSet) c.title = deriveTitle(c);
  kept();
  return { from: found.from, messages: previewMessages(found.messages.slice(found.from)), messageCount: found.messages.length };
}
