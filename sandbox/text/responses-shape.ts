/**
 * The responses endpoint's answer in the common responses API's own shape, chosen with
 * `POST /_sandbox/tools/shape { shape: "responses" }` (sandbox/README.md, "Tool use";
 * docs/gateway-rules.md, "Tool calls"): `output[]` items (`message` with `output_text`,
 * `function_call` with `call_id`), usage as `input_tokens` / `output_tokens`, and streamed as
 * named `response.*` events ending with `response.completed` (no `[DONE]`, as that API sends none).
 * Whole answers keep the spec's envelope (spec §1).
 */
import { randomBytes } from 'node:crypto';
import { sendEnvelope } from '../core/http.js';
import { chargeText } from '../core/billing.js';
import type { Call, SandboxState } from '../core/context.js';
import { countTokens, tokenDeltas, type Limited } from './tokens.js';
import { writeStream, type NamedEvent } from './stream.js';
import { argumentPieces, callTokens, type AskedCall } from './tool-calls-chat.js';

export interface ResponsesShapeJob {
  model: string;
  promptTokens: number;
  /** The text answer, if any (a turn of calls only has none). */
  text?: Limited;
  calls: AskedCall[];
  stream: boolean;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export async function answerResponsesShape(s: SandboxState, call: Call, job: ResponsesShapeJob): Promise<void> {
  s.accounts.requireTokens(call.account, job.promptTokens);
  const outputTokens = (job.text ? countTokens(job.text.text) : 0) + callTokens(job.calls);
  const usage = { input_tokens: job.promptTokens, output_tokens: outputTokens, total_tokens: job.promptTokens + outputTokens };
  chargeText(s, call, job.model, { prompt: usage.input_tokens, completion: usage.output_tokens });

  const cut = job.text?.finish === 'length';
  const base = { id: `resp_${hex(12)}`, object: 'response', created_at: Math.floor(s.clock.now() / 1000), model: job.model };
  const messageId = `msg_${hex(12)}`;
  const part = (text: string) => ({ type: 'output_text', text, annotations: [] });
  const message = (status: string, content: unknown[]) => ({ type: 'message', id: messageId, status, role: 'assistant', content });
  const fnCall = (c: AskedCall, status: string, args = c.arguments) =>
    ({ type: 'function_call', id: c.itemId, call_id: c.callId, name: c.name, arguments: args, status });
  const output = [
    ...(job.text ? [message(cut ? 'incomplete' : 'completed', [part(job.text.text)])] : []),
    ...job.calls.map((c) => fnCall(c, 'completed')),
  ];
  const final = {
    ...base,
    status: cut ? 'incomplete' : 'completed',
    incomplete_details: cut ? { reason: 'max_output_tokens' } : null,
    output,
    usage,
  };

  if (!job.stream) {
    sendEnvelope(call.res, final);
    return;
  }

  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>): NamedEvent =>
    ({ event: type, data: JSON.stringify({ type, sequence_number: sequence++, ...fields }) });

  function* payloads(): Generator<NamedEvent> {
    const started = { ...base, status: 'in_progress', incomplete_details: null, output: [], usage: null };
    yield event('response.created', { response: started });
    yield event('response.in_progress', { response: started });
    let index = 0;
    if (job.text) {
      const text = job.text.text;
      const at = { item_id: messageId, output_index: index, content_index: 0 };
      yield event('response.output_item.added', { output_index: index, item: message('in_progress', []) });
      yield event('response.content_part.added', { ...at, part: part('') });
      for (const delta of tokenDeltas(text)) yield event('response.output_text.delta', { ...at, delta });
      yield event('response.output_text.done', { ...at, text });
      yield event('response.content_part.done', { ...at, part: part(text) });
      yield event('response.output_item.done', { output_index: index, item: output[index] });
      index += 1;
    }
    for (const c of job.calls) {
      const at = { item_id: c.itemId, output_index: index };
      yield event('response.output_item.added', { output_index: index, item: fnCall(c, 'in_progress', '') });
      for (const delta of argumentPieces(c.arguments)) yield event('response.function_call_arguments.delta', { ...at, delta });
      yield event('response.function_call_arguments.done', { ...at, arguments: c.arguments });
      yield event('response.output_item.done', { output_index: index, item: output[index] });
      index += 1;
    }
    yield event(cut ? 'response.incomplete' : 'response.completed', { response: final });
  }

  await writeStream(call.res, payloads(), {
    format: 'sse',
    paceMs: s.clock.realMs(s.streamPaceMs),
    doneMarker: false,
    fault: s.faults.nextStreamFault(),
  });
}
