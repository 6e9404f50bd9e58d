/**
 * What the page is sent of a function call's arguments (docs/robust-host.md, "Limits"): long ones
 * as their first TOOL_ARGUMENT_PREVIEW_CHARS characters with their whole length, the rest read on
 * request (`chat.toolCallArguments`). A 30 MB call sent whole held the page for seconds each time
 * its conversation opened, and at every launch while it was the last one open.
 *
 * The stored messages are never changed: a message with a long call is copied down to its calls,
 * the others are passed as they are (views are the stored objects, not copies: chat-service.ts).
 */
import { msg } from '@shared/messages/index.js';
import { TOOL_ARGUMENT_PREVIEW_CHARS, type ChatChoice, type ChatMessageView, type ToolCall } from '@shared/contract/chat.js';
import { coreError } from '../errors.js';
import type { Conversation } from './conversation-file.js';

const isLong = (call: ToolCall) => call.arguments.length > TOOL_ARGUMENT_PREVIEW_CHARS;
const longIn = (choice: ChatChoice) => choice.toolCalls?.some(isLong) ?? false;

/** The first characters of `text`, never ending in half a surrogate pair. */
function head(text: string, chars: number): string {
  const last = text.charCodeAt(chars - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? chars - 1 : chars);
}

function previewCall(call: ToolCall): ToolCall {
  return isLong(call) ? { ...call, arguments: head(call.arguments, TOOL_ARGUMENT_PREVIEW_CHARS), argumentsChars: call.arguments.length } : call;
}

/** The message as the page is sent it: itself, or a copy whose long calls are previews. */
export function previewMessage(m: ChatMessageView): ChatMessageView {
  if (!m.choices?.some(longIn)) return m;
  return { ...m, choices: m.choices.map((ch) => (longIn(ch) ? { ...ch, toolCalls: ch.toolCalls!.map(previewCall) } : ch)) };
}

/** The messages as the page is sent them: the same array when none has a long call. */
export function previewMessages(messages: ChatMessageView[]): ChatMessageView[] {
  return messages.some((m) => m.choices?.some(longIn)) ? messages.map(previewMessage) : messages;
}

/** The whole arguments of a call of an assistant turn (any of its choices), or why not. */
export function wholeArguments(c: Conversation, ref: { messageId: string; callId: string }): { arguments: string } {
  const m = c.messages.find((x) => x.id === ref.messageId);
  if (!m || m.role !== 'assistant') throw coreError('not_found', msg('chat.reply.gone'), 'messageId');
  const call = m.choices?.flatMap((ch) => ch.toolCalls ?? []).find((x) => x.id === ref.callId);
  if (!call) throw coreError('not_found', msg('chat.tools.callGone'), 'callId');
  return { arguments: call.arguments };
}
