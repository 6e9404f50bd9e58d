/**
 * Shared by chat completions and the responses API: builds the `n` replies, bills the tokens
 * and answers whole (enveloped) or as a stream of chat-style chunks.
 */
import { randomBytes } from 'node:crypto';
import { sendEnvelope } from '../core/http.js';
import { chargeText } from '../core/billing.js';
import type { Call, SandboxState } from '../core/context.js';
import { applyLimits, countTokens, tokenDeltas } from './tokens.js';
import { composeReply, type ReplyRequest } from './reply.js';
import { writeStream } from './stream.js';
import { BIG_TEXT_FROM, bigDeltas, bigDirective, bigTokens, composeBig } from './big-replies.js';

export interface CompletionJob {
  object: 'chat.completion' | 'response';
  idPrefix: string;
  reply: Omit<ReplyRequest, 'choice'>;
  promptTokens: number;
  n: number;
  stream: boolean;
  stop?: string | string[];
  maxTokens?: number;
}

export async function answerCompletion(s: SandboxState, call: Call, job: CompletionJob): Promise<void> {
  s.accounts.requireTokens(call.account, job.promptTokens);
  // A `[big:…]` reply is megabytes: no tokenizer over it, and no stop or max_tokens (big-replies.ts).
  const big = bigDirective(job.reply.prompt);
  const bigText = big && composeBig(big);
  const choices = Array.from({ length: job.n }, (_, i) =>
    bigText !== undefined ? { text: bigText, finish: 'stop' as const } : applyLimits(composeReply({ ...job.reply, choice: i }), { stop: job.stop, maxTokens: job.maxTokens }));
  const completionTokens = choices.reduce((sum, c) => sum + (big ? bigTokens(c.text) : countTokens(c.text)), 0);
  const usage = { prompt_tokens: job.promptTokens, completion_tokens: completionTokens, total_tokens: job.promptTokens + completionTokens };
  chargeText(s, call, job.reply.model, { prompt: usage.prompt_tokens, completion: usage.completion_tokens });
  const id = `${job.idPrefix}-${randomBytes(12).toString('hex')}`;
  const created = Math.floor(s.clock.now() / 1000);
  const model = job.reply.model;

  if (!job.stream) {
    sendEnvelope(call.res, {
      id, object: job.object, created, model,
      choices: choices.map((c, index) => ({ index, message: { role: 'assistant', content: c.text }, finish_reason: c.finish })),
      usage,
    });
    return;
  }

  const object = job.object === 'response' ? 'response.chunk' : 'chat.completion.chunk';
  const chunk = (index: number, delta: Record<string, string>, finish: string | null, withUsage = false) =>
    JSON.stringify({ id, object, created, model, choices: [{ index, delta, finish_reason: finish }], ...(withUsage ? { usage } : {}) });

  function* payloads() {
    const deltas = choices.map((c) => (big ? bigDeltas(c.text) : tokenDeltas(c.text)));
    for (let i = 0; i < choices.length; i++) yield chunk(i, { role: 'assistant', content: '' }, null);
    // Alternatives are interleaved, as a real gateway streams `n > 1`.
    const longest = Math.max(0, ...deltas.map((d) => d.length));
    for (let t = 0; t < longest; t++) {
      for (let i = 0; i < deltas.length; i++) if (t < deltas[i].length) yield chunk(i, { content: deltas[i][t] }, null);
    }
    for (let i = 0; i < choices.length; i++) yield chunk(i, {}, choices[i].finish, i === choices.length - 1);
  }

  await writeStream(call.res, payloads(), {
    format: 'sse',
    paceMs: s.clock.realMs(s.streamPaceMs),
    doneMarker: true,
    fault: s.faults.nextStreamFault(),
  });
}

export const messageTokens = (texts: string[]) => texts.reduce((sum, t) => sum + (t.length > BIG_TEXT_FROM ? bigTokens(t) : countTokens(t)) + 4, 3);
