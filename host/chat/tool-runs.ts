/**
 * MCP calls running in the host (docs/mcp.md, "Running a call"): each with its own stop, found by
 * conversation, so Stop in the Chat tab, removing the conversation or closing the studio ends
 * them. Progress goes to the Chat tab as `chat.onToolRun`; the answer (or why there is none) goes
 * back to the chat service, which keeps it with the conversation.
 */
import type { EventName, EventPayload, ParsedInput } from '@shared/contract/index.js';
import { MAX_TOOL_ARGUMENT_CHARS, type ChatMessageView, type StreamStarted, type ToolAnswer, type ToolCall } from '@shared/contract/chat.js';
import type { ErrorData } from '@shared/contract/result.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { GatewayFailure } from '../gateway/failure.js';
import type { McpHost } from '../mcp/mcp-host.js';
import type { Conversation } from './conversation-file.js';

type CallRef = { conversationId: string; messageId: string; callId: string };

/** What the chat service needs of the MCP host. */
export type McpTools = Pick<McpHost, 'offer' | 'run' | 'alwaysAllowed' | 'setAlwaysAllow'>;

/** Progress events at most this often per call: a server may report thousands. */
const PROGRESS_EVERY_MS = 100;

export class ToolRuns {
  private readonly running = new Map<string, Map<string, AbortController>>();

  constructor(private readonly d: {
    mcp: McpTools;
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
    now: () => number;
    log: (line: string) => void;
    /** Keeps the answer on its call, and starts the next reply when it was the turn's last (chat-service.ts). */
    answer(ref: CallRef, answer: ToolAnswer): Promise<{ started?: StreamStarted }>;
    /** The unanswered call `ref` names, in a conversation where no reply is streaming; or why not (tool-loop.ts). */
    open(ref: CallRef): ToolCall;
    /** Changes a stored conversation; saved when `change` says it changed something. */
    keep(conversationId: string, change: (c: Conversation) => boolean): void;
  }) {}

  busy(conversationId: string): boolean {
    return (this.running.get(conversationId)?.size ?? 0) > 0;
  }

  isRunning(conversationId: string, callId: string): boolean {
    return this.running.get(conversationId)?.has(callId) ?? false;
  }

  stop(conversationId: string): void {
    for (const stop of this.running.get(conversationId)?.values() ?? []) stop.abort();
  }

  stopAll(): void {
    for (const id of this.running.keys()) this.stop(id);
  }

  /**
   * Runs a call the creator approved (`always`: and the tool's later calls) and keeps its result
   * as the call's answer; a run that gives none keeps the reason on the call (`runError`) and
   * throws it. Either way the Chat tab hears of the end (`chat.onToolRun`, `ended`).
   */
  async approved(input: ParsedInput<'chat.runToolCall'>): Promise<{ answer: ToolAnswer; started?: StreamStarted }> {
    const call = this.d.open(input);
    if (!call.mcp) throw coreError('invalid_request', msg('mcp.call.notMcp'), 'callId');
    // A file from an older studio, or a crafted one, may hold arguments past the cap the assembler
    // now keeps (docs/robust-host.md, "Limits"): such a call is never run, whatever it holds.
    const chars = call.argumentsRefused ?? call.arguments.length;
    if (call.argumentsRefused !== undefined || chars > MAX_TOOL_ARGUMENT_CHARS) {
      throw coreError('invalid_request', msg('chat.tools.argumentsTooLarge', { chars: chars.toLocaleString('en'), limit: MAX_TOOL_ARGUMENT_CHARS.toLocaleString('en') }), 'callId');
    }
    if (input.always && !call.problems?.length) this.d.mcp.setAlwaysAllow(call.mcp.serverId, call.mcp.tool, true);
    const ended = { conversationId: input.conversationId, messageId: input.messageId, callId: input.callId, state: 'ended' } as const;
    let answer: ToolAnswer;
    try {
      answer = await this.run(input.conversationId, input.messageId, call);
    } catch (err) {
      this.d.emit('chat.onToolRun', { ...ended, ...this.keepRunError(input, err) });
      throw err;
    }
    try {
      const out = { answer, ...(await this.d.answer(input, answer)) };
      this.d.emit('chat.onToolRun', { ...ended, answer });
      return out;
    } catch (err) {
      this.d.emit('chat.onToolRun', ended);
      throw err;
    }
  }

  /** Keeps on the call why its run gave no answer; returns it for the `ended` event. */
  private keepRunError(ref: CallRef, err: unknown): { runError?: ErrorData } {
    if (!(err instanceof GatewayFailure)) return {};
    const runError = err.toData();
    try {
      this.d.keep(ref.conversationId, (c) => {
        const m = c.messages.find((x) => x.id === ref.messageId);
        const call = m?.choices?.[m.selected ?? 0]?.toolCalls?.find((x) => x.id === ref.callId);
        if (!call || call.answer) return false;
        call.runError = runError;
        return true;
      });
    } catch (e) {
      this.d.log(`chat: could not keep why a tool call gave no answer: ${(e as Error).message}`);
    }
    return { runError };
  }

  /**
   * A reply ended with calls to tools the creator always allows: the host runs them now, one by
   * one, and the answer that completes the turn starts the next reply (`chat.onDidStart`). The
   * round limit (tool-loop.ts) ends the loop: a turn past it carries an error and is not run.
   */
  async runAllowed(conversationId: string, reply: ChatMessageView): Promise<void> {
    if (reply.status !== 'complete' || reply.error) return;
    const calls = (reply.choices?.[reply.selected ?? 0]?.toolCalls ?? [])
      .filter((x) => x.mcp && !x.answer && !x.problems?.length && this.d.mcp.alwaysAllowed(x.mcp.serverId, x.mcp.tool));
    for (const call of calls) {
      try {
        const { started } = await this.approved({ conversationId, messageId: reply.id, callId: call.id, always: false });
        if (started) this.d.emit('chat.onDidStart', started);
      } catch (err) {
        // Kept on the call (runError) and shown on its card; the creator decides what next.
        this.d.log(`chat: an always-allowed call gave no answer: ${(err as Error).message}`);
        return;
      }
    }
  }

  /** Runs one MCP call; the answer, or a thrown error the creator reads. */
  private async run(conversationId: string, messageId: string, call: ToolCall): Promise<ToolAnswer> {
    if (!call.mcp) throw coreError('invalid_request', msg('mcp.call.notMcp'), 'callId');
    // A file from an older studio, or a crafted one, may hold arguments past the cap the assembler
    // now keeps (docs/robust-host.md, "Limits"): such a call is never run, whatever it holds.
    const chars = call.argumentsRefused ?? call.arguments.length;
    if (call.argumentsRefused !== undefined || chars > MAX_TOOL_ARGUMENT_CHARS) {
      throw coreError('invalid_request', msg('chat.tools.argumentsTooLarge', { chars: chars.toLocaleString('en'), limit: MAX_TOOL_ARGUMENT_CHARS.toLocaleString('en') }), 'callId');
    }
    if (call.problems?.length) throw coreError('invalid_input', msg('mcp.call.argumentsInvalid'), 'callId');
    if (this.isRunning(conversationId, call.id)) throw coreError('conflict', msg('mcp.call.running'), 'callId');
    const stop = new AbortController();
    const calls = this.running.get(conversationId) ?? new Map<string, AbortController>();
    this.running.set(conversationId, calls.set(call.id, stop));
    const base = { conversationId, messageId, callId: call.id };
    this.d.emit('chat.onToolRun', { ...base, state: 'running' });
    let lastProgress = 0;
    try {
      const answer = await this.d.mcp.run({ serverId: call.mcp.serverId, tool: call.mcp.tool, arguments: call.arguments }, {
        signal: stop.signal,
        onProgress: (progress) => {
          const at = this.d.now();
          if (at - lastProgress < PROGRESS_EVERY_MS) return;
          lastProgress = at;
          this.d.emit('chat.onToolRun', { ...base, state: 'running', progress: { ...progress, message: progress.message?.slice(0, 300) } });
        },
      });
      return { kind: 'result', text: answer.text, ...(answer.isError ? { isError: true } : {}) };
    } finally {
      // The `ended` event comes from the chat service, once the answer (or why none) is kept.
      calls.delete(call.id);
      if (!calls.size) this.running.delete(conversationId);
    }
  }
}
