/**
 * Function calls in a reply, as stored and as the page is sent them: part of the chat contract
 * (chat.ts re-exports them), kept apart for their size limits and previews.
 */
import { z } from 'zod';
import { MessageData } from '../messages/index.js';
import { ErrorData } from './result.js';

/** How the creator answered a function call: a result sent back to the model, or a refusal. */
export const ToolAnswer = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('result'),
    text: z.string().max(1_000_000),
    /** An MCP tool ran and reported a failure: still its answer, sent to the model as it is. */
    isError: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('declined') }),
]);
export type ToolAnswer = z.infer<typeof ToolAnswer>;

/**
 * The most characters a function call's arguments may hold (docs/robust-host.md, "Limits"): far
 * past any real call (a model's whole output is a few hundred KB). Over it the arguments are not
 * kept, never cut into JSON that would then run: the call keeps their size (`argumentsRefused`)
 * and a problem that says why.
 */
export const MAX_TOOL_ARGUMENT_CHARS = 4 * 1024 * 1024;
/**
 * Arguments (and results) longer than this reach the page as their first characters
 * (`argumentsChars`, `answerChars`: their whole length): a 30 MB call held the page for seconds at
 * every open. The rest is read on request (`chat.toolCallArguments`, `chat.toolCallResult`).
 */
export const TOOL_ARGUMENT_PREVIEW_CHARS = 2_000;

/**
 * A function the model asked for (docs/gateway-rules.md, "Tool calls"): its arguments as the
 * model wrote them (JSON text), what is wrong with them against the tool's schema (shown, never
 * hidden), and the creator's answer once given. A call without an answer waits, across restarts.
 */
export const ToolCall = z.object({
  id: z.string(),
  name: z.string(),
  /** On disk whole; sent to the page cut to TOOL_ARGUMENT_PREVIEW_CHARS when `argumentsChars` is set. */
  arguments: z.string(),
  /** Only in what the page is sent: `arguments` is a preview of this many characters. */
  argumentsChars: z.number().int().min(0).optional(),
  /** The arguments were this long, over MAX_TOOL_ARGUMENT_CHARS, and were not kept (`arguments` is empty). */
  argumentsRefused: z.number().int().min(0).optional(),
  /** Only in what the page is sent: the answer's `text` is a preview of a result this many characters long. */
  answerChars: z.number().int().min(0).optional(),
  problems: z.array(MessageData).optional(),
  answer: ToolAnswer.optional(),
  answeredAt: z.number().optional(),
  /** A call to a tool of one of the studio's MCP servers: the host can run it (`chat.runToolCall`). */
  mcp: z.object({ serverId: z.string(), serverName: z.string(), tool: z.string() }).optional(),
  /** Why the last run of an MCP call gave no answer (timeout, cancelled, too large, server gone). */
  runError: ErrorData.optional(),
});
export type ToolCall = z.infer<typeof ToolCall>;
