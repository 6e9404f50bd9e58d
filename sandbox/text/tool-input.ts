/**
 * Reads a responses request (spec 4.4) whose input may carry a tool loop's follow-up turn: the
 * call the model asked for and the client's answer, in the common responses API's form
 * (`function_call` / `function_call_output` items) or the chat form (an assistant message with
 * `tool_calls`, then `role: "tool"` messages). The spec's own items (2.7) are checked by the
 * shared request schema, so their rejections stay the same; sandbox/README.md ("Tool use") and
 * docs/gateway-rules.md ("Tool calls") record the forms.
 */
import { z } from 'zod';
import { check, ResponsesRequest, type InputItem } from '@shared/gateway/index.js';
import { GatewayError, invalid } from '../core/http.js';
import { ResponsesLimits } from '../spec/requests.js';
import { named, passedBackReply, refuse } from './input-items.js';

/** One entry of the conversation, in input order. */
export type Turn =
  | { kind: 'message'; item: InputItem }
  | { kind: 'call'; callId: string; name: string; arguments: string }
  | { kind: 'output'; callId: string; output: string };

export interface ToolLoopRequest {
  request: ResponsesRequest;
  turns: Turn[];
}

const FunctionCallItem = z.looseObject({ type: z.literal('function_call'), call_id: z.string().min(1), name: z.string().min(1), arguments: z.string() });
const FunctionCallOutputItem = z.looseObject({ type: z.literal('function_call_output'), call_id: z.string().min(1), output: z.string() });
const ToolMessage = z.looseObject({ role: z.literal('tool'), tool_call_id: z.string().min(1), content: z.string() });
const AssistantCalls = z.looseObject({
  role: z.literal('assistant'),
  content: z.string().nullable().optional(),
  tool_calls: z.array(z.object({
    id: z.string().min(1),
    type: z.literal('function'),
    function: z.object({ name: z.string().min(1), arguments: z.string() }),
  })).min(1),
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks one item against its schema; a rejection names it as `input.<i>.<field>`, like the spec's items. */
function checked<T>(index: number, item: unknown, schema: z.ZodType<T>): T {
  const r = check(z.object({ input: z.record(z.string(), schema) }), { input: { [index]: item } });
  if (!r.ok) throw invalid(named(index, item, r.problems));
  return r.value.input[index];
}

/** The turns a tool-loop item holds, or undefined for the spec's own items (2.7). */
function loopTurns(index: number, item: Record<string, unknown>): Turn[] | undefined {
  if (item.type === 'function_call') {
    const c = checked(index, item, FunctionCallItem);
    return [{ kind: 'call', callId: c.call_id, name: c.name, arguments: c.arguments }];
  }
  if (item.type === 'function_call_output') {
    const o = checked(index, item, FunctionCallOutputItem);
    return [{ kind: 'output', callId: o.call_id, output: o.output }];
  }
  if (item.role === 'tool') {
    const o = checked(index, item, ToolMessage);
    return [{ kind: 'output', callId: o.tool_call_id, output: o.content }];
  }
  if (item.role === 'assistant' && 'tool_calls' in item) {
    const a = checked(index, item, AssistantCalls);
    const text: Turn[] = a.content ? [{ kind: 'message', item: { role: 'assistant', content: a.content } }] : [];
    return [...text, ...a.tool_calls.map((c): Turn => ({ kind: 'call', callId: c.id, name: c.function.name, arguments: c.function.arguments }))];
  }
  return undefined;
}

/**
 * Every output must answer a call sent in the same input: an output for no call is a client bug
 * (a lost or mistyped id) that a real model would answer with nonsense, so it is refused.
 */
function checkCallIds(turns: Turn[], params: string[]): void {
  const calls = new Set<string>();
  turns.forEach((t, i) => {
    if (t.kind === 'call') calls.add(t.callId);
    if (t.kind !== 'output' || calls.has(t.callId)) return;
    throw new GatewayError(400,
      `No function call with call_id '${t.callId}' in the input: a function_call_output (or a tool message) must answer a function_call item `
      + '(or an assistant tool_calls entry) sent earlier in the same input', params[i]);
  });
}

export function readToolLoopRequest(body: unknown): ToolLoopRequest {
  const raw = isRecord(body) ? body : {};
  const rawInput = Array.isArray(raw.input) ? raw.input : undefined;
  const loop = new Map<number, { turns: Turn[]; field: string }>();
  rawInput?.forEach((item, i) => {
    const turns = isRecord(item) ? loopTurns(i, item) : undefined;
    if (turns) loop.set(i, { turns, field: item.role === 'tool' ? 'tool_call_id' : 'call_id' });
  });
  // The shared schema checks everything else; each loop item is held out by a neutral placeholder
  // so the spec's items keep their indexes in its rejections, and a reply passed back as context
  // is read as the assistant message of its text (input-items.ts).
  const placeholder = { role: 'assistant', content: '' };
  const items = rawInput?.map((it, i) => (loop.has(i) ? placeholder : passedBackReply(i, it)));
  // §8's limits as the sandbox reads them (spec/tables.ts), before the request's shape.
  const limits = check(ResponsesLimits, raw);
  if (!limits.ok) throw invalid(limits.problems);
  const checked = check(ResponsesRequest, items ? { ...raw, input: items } : body);
  if (!checked.ok) refuse(checked.problems, items);
  const request = checked.value;
  if (typeof request.input === 'string') return { request, turns: [{ kind: 'message', item: { role: 'user', content: request.input } }] };
  const turns: Turn[] = [];
  const params: string[] = [];
  request.input.forEach((item, i) => {
    const l = loop.get(i);
    const produced = l ? l.turns : [{ kind: 'message', item } as Turn];
    turns.push(...produced);
    params.push(...produced.map(() => `input.${i}.${l?.field ?? 'call_id'}`));
  });
  checkCallIds(turns, params);
  return { request, turns };
}

export const itemTexts = (item: InputItem) =>
  typeof item.content === 'string' ? [item.content] : item.content.flatMap((p) => (p.type === 'input_text' ? [p.text] : []));

/** The texts a model reads, for billing: messages, calls (name and arguments) and outputs. */
export const turnTexts = (t: Turn): string[] =>
  t.kind === 'message' ? itemTexts(t.item) : t.kind === 'call' ? [`${t.name} ${t.arguments}`] : [t.output];
