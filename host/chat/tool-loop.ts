/**
 * The studio's side of a function-call loop, for calls the creator answers by hand
 * (docs/gateway-rules.md, "Tool calls", "The studio's loop"):
 *
 * - A reply that ends with calls has each call checked against the tool the conversation offered;
 *   what does not fit is kept on the call as `problems`, shown, never fixed (tool-arguments.ts).
 * - `chat.answerToolCall` saves one answer; the answer that completes the calls of the turn's
 *   selected choice starts the model's next reply, a new assistant turn after the calls.
 * - Rounds: every assistant turn with calls since the last user turn is one round. A turn past the
 *   conversation's `toolRounds` ends the loop gracefully: it is kept complete, with its calls
 *   shown, and marked with a `conflict` error (`chat.tools.roundLimit`) for the Chat tab to say why;
 *   answering its calls is refused with that same message. The creator's next message starts
 *   afresh, and raising the limit makes the calls answerable again.
 */
import { msg, type Message } from '@shared/messages/index.js';
import { MAX_TOOL_ARGUMENT_CHARS, type ChatMessageView, type ToolAnswer, type ToolCall } from '@shared/contract/chat.js';
import { errorData } from '@shared/contract/result.js';
import { coreError } from '../errors.js';
import type { Conversation } from './conversation-file.js';
import { argumentProblems } from './tool-arguments.js';
import type { McpRoute } from '../mcp/mcp-host.js';

const ROUND_LIMIT = 'chat.tools.roundLimit';

const callsOf = (m: ChatMessageView): ToolCall[] => m.choices?.[m.selected ?? 0]?.toolCalls ?? [];

/** Which round of calls `m` is: the assistant turns with calls since the last user turn, up to it. */
export function roundOf(messages: readonly ChatMessageView[], m: ChatMessageView): number {
  let rounds = 0;
  for (let i = messages.indexOf(m); i >= 0 && messages[i].role !== 'user'; i--) if (callsOf(messages[i]).length) rounds++;
  return rounds;
}

/** Why the calls of `m` may not go back to the model, when they are past the round limit. */
function pastLimit(c: Conversation, m: ChatMessageView): Message | undefined {
  const rounds = roundOf(c.messages, m);
  const limit = c.settings.toolRounds;
  return rounds > limit ? msg(ROUND_LIMIT, { rounds, limit }) : undefined;
}

/**
 * A reply has just ended (before its final save and terminal event): its calls get their
 * problems (checked in the schema worker, tool-arguments.ts), and a turn past the round limit its
 * mark. Never throws: the reply must still be saved.
 */
export async function settleCalls(c: Conversation, m: ChatMessageView, log: (line: string) => void, routes: readonly McpRoute[] = []): Promise<void> {
  try {
    const choices = (m.choices ?? []).filter((ch) => ch.toolCalls?.length);
    if (!choices.length) return;
    // The conversation's own functions, then its MCP servers' tools under the names the model saw.
    const offered = [...c.settings.tools.functions, ...routes.map((r) => ({ name: r.name, parameters: r.schema }))];
    for (const call of choices.flatMap((ch) => ch.toolCalls!)) {
      const route = routes.find((r) => r.name === call.name);
      if (route) call.mcp = { serverId: route.serverId, serverName: route.serverName, tool: route.tool };
      // Arguments over the cap were not kept (tool-call-pieces.ts): that is their one problem.
      const problems = call.argumentsRefused !== undefined
        ? [msg('chat.tools.argumentsTooLarge', { chars: call.argumentsRefused.toLocaleString('en'), limit: MAX_TOOL_ARGUMENT_CHARS.toLocaleString('en') })]
        : await argumentProblems(call.name, call.arguments, offered);
      if (problems.length) call.problems = problems;
      else delete call.problems;
    }
    const limit = m.status === 'complete' && !m.error ? pastLimit(c, m) : undefined;
    if (limit && callsOf(m).length) m.error = errorData('conflict', limit, false);
  } catch (err) {
    log(`chat: could not check the function calls of ${m.id}: ${(err as Error).stack ?? String(err)}`);
  }
}

export interface OpenCall {
  message: ChatMessageView;
  call: ToolCall;
  /** This answer completes the selected choice's calls: the next reply starts. */
  last: boolean;
}

/**
 * The unanswered call an answer is for, or why it cannot take one. The caller has checked that
 * no reply is running in the conversation.
 */
export function openCall(c: Conversation, input: { messageId: string; callId: string }): OpenCall {
  const message = c.messages.find((m) => m.id === input.messageId);
  if (!message || message.role !== 'assistant') throw coreError('not_found', msg('chat.reply.gone'), 'messageId');
  const calls = callsOf(message);
  const call = calls.find((x) => x.id === input.callId);
  if (!call) throw coreError('not_found', msg('chat.tools.callGone'), 'callId');
  if (call.answer) throw coreError('conflict', msg('chat.tools.alreadyAnswered'), 'callId');
  // Arguments cut off mid-stream are no request to answer; regenerate asks again.
  if (message.status !== 'complete') throw coreError('conflict', msg('chat.tools.replyUnfinished'), 'messageId');
  if (c.messages.at(-1) !== message) throw coreError('conflict', msg('chat.tools.movedOn'), 'messageId');
  const limit = pastLimit(c, message);
  if (limit) throw coreError('conflict', limit, 'callId');
  return { message, call, last: calls.every((x) => x === call || x.answer) };
}

/** Keeps the answer on the call (and lifts a round-limit mark the limit no longer holds); returns its undo. */
export function answerCall(open: OpenCall, answer: ToolAnswer, now: number): () => void {
  const { message, call } = open;
  const error = message.error;
  const runError = call.runError;
  call.answer = answer;
  call.answeredAt = now;
  delete call.runError;
  if (error?.text?.code === ROUND_LIMIT) delete message.error;
  return () => {
    delete call.answer;
    delete call.answeredAt;
    if (runError) call.runError = runError;
    if (error) message.error = error;
  };
}
