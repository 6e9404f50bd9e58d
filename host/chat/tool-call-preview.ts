/**
 * What the page is sent of a function call's arguments and result (docs/robust-host.md, "Limits"):
 * long ones as their first TOOL_ARGUMENT_PREVIEW_CHARS characters with their whole length, the
 * rest read on request (`chat.toolCallArguments`, `chat.toolCallResult`). A 30 MB call sent whole held the page for seconds each time
 * its conversation opened, and at every launch while it was the last one open.
 *
 * The stored messages are never changed: a message with a long call is copied down to its calls,
 * the others are passed as they are (views are the stored objects, not copies: chat-service.ts).
 */
import { msg } from '@shared/messages/index.js';
import { TOOL_ARGUMENT_PREVIEW_CHARS, type ChatChoice, type ChatMessageView, type ToolCall } from '@shared/contract/chat.js';
import { coreError } from '../errors.js';
import type { Conversation } from './conversation-file.js';
import { viewOf, type StoredMessage } from './versions.js';

const longResult = (call: ToolCall) => call.answer?.kind === 'result' && call.answer.text.length > TOOL_ARGUMENT_PREVIEW_CHARS;
const isLong = (call: ToolCall) => call.arguments.length > TOOL_ARGUMENT_PREVIEW_CHARS || longResult(call);
const longIn = (choice: ChatChoice) => choice.toolCalls?.some(isLong) ?? false;

/** The first characters of `text`, never ending in half a surrogate pair. */
function head(text: string, chars: number): string {
  const last = text.charCodeAt(chars - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? chars - 1 : chars);
}

function previewCall(call: ToolCall): ToolCall {
  if (!isLong(call)) return call;
  const out = { ...call };
  if (call.arguments.length > TOOL_ARGUMENT_PREVIEW_CHARS) {
    out.arguments = head(call.arguments, TOOL_ARGUMENT_PREVIEW_CHARS);
    out.argumentsChars = call.arguments.length;
  }
  if (call.answer?.kind === 'result' && longResult(call)) {
    out.answer = { ...call.answer, text: head(call.answer.text, TOOL_ARGUMENT_PREVIEW_CHARS) };
    out.answerChars = call.answer.text.length;
  }
  return out;
}

/**
 * The message as the page is sent it: itself, or a copy whose long calls are previews and which
 * leaves out the hidden versions of its turn (versions.ts: the page is told only how many).
 */
export function previewMessage(stored: StoredMessage): ChatMessageView {
  const viewed = viewOf(stored);
  // Several models' replies side by side: the page shows them all (side-by-side.ts).
  const m = stored.versions?.together && stored.otherVersions ? { ...viewed, alongside: stored.otherVersions.map((b) => previewMessage(b[0])) } : viewed;
  if (!m.choices?.some(longIn)) return m;
  return { ...m, choices: m.choices.map((ch) => (longIn(ch) ? { ...ch, toolCalls: ch.toolCalls!.map(previewCall) } : ch)) };
}

const needsCopy = (m: StoredMessage) => !!m.otherVersions || !!m.choices?.some(longIn);

/** The messages as the page is sent them: the same array when none needs a copy. */
export function previewMessages(messages: StoredMessage[]): ChatMessageView[] {
  return messages.some(needsCopy) ? messages.map(previewMessage) : messages;
}

/** A call of an assistant turn (any of its choices), or why not. */
function callOf(c: Conversation, ref: { messageId: string; callId: string }): ToolCall {
  const m = c.messages.find((x) => x.id === ref.messageId);
  if (!m || m.role !== 'assistant') throw coreError('not_found', msg('chat.reply.gone'), 'messageId');
  const call = m.choices?.flatMap((ch) => ch.toolCalls ?? []).find((x) => x.id === ref.callId);
  if (!call) throw coreError('not_found', msg('chat.tools.callGone'), 'callId');
  return call;
}

export const wholeArguments = (c: Conversation, ref: { messageId: string; callId: string }) => ({ arguments: callOf(c, ref).arguments });

/** The whole result a call was answered with ('' for none or a refusal). */
export function wholeResult(c: Conversation, ref: { messageId: string; callId: string }): { text: string } {
  const answer = callOf(c, ref).answer;
  return { text: answer?.kind === 'result' ? answer.text : '' };
}
