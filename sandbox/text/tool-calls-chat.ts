/**
 * A turn that asks for function calls, in the chat shape the spec describes for its results
 * (spec §2.5 / §2.6): `choices[0].message.tool_calls[]` with `finish_reason: "tool_calls"`,
 * streamed as `delta.tool_calls` pieces with an `index`. The shape is a decision of ours, as the
 * spec shows none: sandbox/README.md ("Tool use"), docs/gateway-rules.md ("Tool calls").
 */
import { randomBytes } from 'node:crypto';
import { sendEnvelope } from '../core/http.js';
import { chargeText } from '../core/billing.js';
import type { Call, SandboxState } from '../core/context.js';
import { countTokens, tokenDeltas } from './tokens.js';
import { writeStream } from './stream.js';
import { BIG_TEXT_FROM, bigDeltas, bigTokens } from './big-replies.js';
import type { PlannedCall } from './tool-plan.js';

/** A call the model asks for: `itemId` names the output item (responses shape), `callId` the call. */
export interface AskedCall extends PlannedCall {
  itemId: string;
  callId: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export const askCalls = (planned: PlannedCall[]): AskedCall[] =>
  planned.map((p) => ({ ...p, itemId: `fc_${hex(12)}`, callId: `call_${hex(12)}` }));

/** Billed as the model's output: each call's name and arguments. */
export const callTokens = (calls: AskedCall[]) =>
  calls.reduce((sum, c) => sum + countTokens(c.name) + (c.arguments.length > BIG_TEXT_FROM ? bigTokens(c.arguments) : countTokens(c.arguments)), 0);

/**
 * The arguments as a model streams them, token by token; always at least two pieces, so a client
 * that shows (or joins) only the first piece is caught by the tests.
 */
export function argumentPieces(args: string): string[] {
  // `[big:args:N]`: megabytes are no text for the tokenizer (big-replies.ts).
  if (args.length > BIG_TEXT_FROM) return bigDeltas(args);
  const pieces = tokenDeltas(args);
  if (pieces.length >= 2) return pieces;
  const mid = Math.max(1, Math.floor(args.length / 2));
  return [args.slice(0, mid), args.slice(mid)];
}

export interface ToolCallJob {
  object: 'chat.completion' | 'response';
  idPrefix: string;
  model: string;
  promptTokens: number;
  calls: AskedCall[];
  stream: boolean;
}

export async function answerToolCallsChat(s: SandboxState, call: Call, job: ToolCallJob): Promise<void> {
  s.accounts.requireTokens(call.account, job.promptTokens);
  const completionTokens = callTokens(job.calls);
  const usage = { prompt_tokens: job.promptTokens, completion_tokens: completionTokens, total_tokens: job.promptTokens + completionTokens };
  chargeText(s, call, job.model, { prompt: usage.prompt_tokens, completion: usage.completion_tokens });
  const id = `${job.idPrefix}-${hex(12)}`;
  const created = Math.floor(s.clock.now() / 1000);
  const { model } = job;

  if (!job.stream) {
    // `content` stays a string (spec §2.5 types it so): empty when the turn is only calls.
    const toolCalls = job.calls.map((c) => ({ id: c.callId, type: 'function', function: { name: c.name, arguments: c.arguments } }));
    sendEnvelope(call.res, {
      id, object: job.object, created, model,
      choices: [{ index: 0, message: { role: 'assistant', content: '', tool_calls: toolCalls }, finish_reason: 'tool_calls' }],
      usage,
    });
    return;
  }

  const object = job.object === 'response' ? 'response.chunk' : 'chat.completion.chunk';
  const chunk = (delta: Record<string, unknown>, finish: string | null, withUsage = false) =>
    JSON.stringify({ id, object, created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...(withUsage ? { usage } : {}) });

  function* payloads() {
    for (const [index, c] of job.calls.entries()) {
      // The first piece names the call; the later ones carry only its index and argument text.
      const head = { index, id: c.callId, type: 'function', function: { name: c.name, arguments: '' } };
      yield chunk({ ...(index === 0 ? { role: 'assistant' } : {}), tool_calls: [head] }, null);
      for (const piece of argumentPieces(c.arguments)) yield chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null);
    }
    yield chunk({}, 'tool_calls', true);
  }

  await writeStream(call.res, payloads(), {
    format: 'sse',
    paceMs: s.clock.realMs(s.streamPaceMs),
    doneMarker: true,
    fault: s.faults.nextStreamFault(),
  });
}
