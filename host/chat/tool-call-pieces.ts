/**
 * A model's function calls as they arrive, in both shapes a gateway may use (docs/gateway-rules.md,
 * "Tool calls"): the chat shape (`tool_calls[]` on a message or delta, pieces matched by `index`,
 * arguments in fragments) and the responses API's own (`function_call` output items, arguments in
 * `response.function_call_arguments.delta` events, whole in `.done`). Each becomes a piece; the
 * assembler joins the pieces of one call, whatever the split.
 */
import { MAX_TOOL_ARGUMENT_CHARS } from '@shared/contract/chat.js';
import { isObject } from './is-object.js';

export interface ToolCallPiece {
  choice: number;
  /** Orders the calls of a choice and matches a call's pieces (chat `index`, responses `output_index`). */
  index: number;
  id?: string;
  name?: string;
  /** A fragment of the arguments, appended to what came before. */
  args?: string;
  /** The whole arguments (a whole answer, or responses' `.done`): they replace the fragments. */
  whole?: string;
}

export interface AssembledCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, checked against the tool's schema elsewhere. */
  arguments: string;
  /** Their length, when it was over MAX_TOOL_ARGUMENT_CHARS: `arguments` is then empty. */
  refused?: number;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** `tool_calls` of a chat message (whole) or delta (streamed): one piece per entry. */
export function chatToolPieces(choice: number, part: Record<string, unknown>, whole: boolean): ToolCallPiece[] {
  if (!Array.isArray(part.tool_calls)) return [];
  return part.tool_calls.flatMap((call, position): ToolCallPiece[] => {
    if (!isObject(call)) return [];
    const fn = isObject(call.function) ? call.function : {};
    const index = typeof call.index === 'number' ? call.index : position;
    const args = str(fn.arguments);
    return [{ choice, index, id: str(call.id), name: str(fn.name), ...(whole ? { whole: args ?? '' } : args ? { args } : {}) }];
  });
}

/** A responses-API `function_call` output item (in a whole answer or an `output_item` event). */
export function functionCallItem(item: unknown, index: number, whole: boolean): ToolCallPiece[] {
  if (!isObject(item) || item.type !== 'function_call') return [];
  const args = str(item.arguments);
  return [{ choice: 0, index, id: str(item.call_id) ?? str(item.id), name: str(item.name), ...(whole && args !== undefined ? { whole: args } : args ? { args } : {}) }];
}

/** The responses API's streamed call events; [] for any other event. */
export function responsesToolPieces(e: Record<string, unknown>): ToolCallPiece[] {
  const index = typeof e.output_index === 'number' ? e.output_index : 0;
  switch (e.type) {
    case 'response.output_item.added':
      return functionCallItem(e.item, index, false);
    case 'response.output_item.done':
      return functionCallItem(e.item, index, true);
    case 'response.function_call_arguments.delta': {
      const delta = str(e.delta);
      return delta ? [{ choice: 0, index, args: delta }] : [];
    }
    case 'response.function_call_arguments.done': {
      const args = str(e.arguments);
      return args !== undefined ? [{ choice: 0, index, whole: args }] : [];
    }
    default:
      return [];
  }
}

interface Building {
  id?: string;
  name?: string;
  /** The fragments joined, while they stay within MAX_TOOL_ARGUMENT_CHARS. */
  args: string;
  /** How many characters the fragments held, kept or not. */
  size: number;
  whole?: string;
  wholeSize?: number;
}

/**
 * The most calls one choice keeps: models make a handful per turn; a gateway's stream that names
 * thousands is broken or hostile, and each would become a card to answer.
 */
export const MAX_CALLS_PER_CHOICE = 64;

/** Joins pieces into calls, per choice, in the order of their index. */
export class ToolCallAssembler {
  private readonly calls = new Map<number, Map<number, Building>>();

  add(p: ToolCallPiece): void {
    let choice = this.calls.get(p.choice);
    if (!choice) this.calls.set(p.choice, (choice = new Map()));
    let call = choice.get(p.index);
    if (!call) {
      if (choice.size >= MAX_CALLS_PER_CHOICE) return;
      choice.set(p.index, (call = { args: '', size: 0 }));
    }
    // The first non-empty id and name stand: later pieces repeat them or leave them out.
    if (p.id && !call.id) call.id = p.id;
    if (p.name && !call.name) call.name = p.name;
    // Past the cap nothing more is joined, only counted: a hostile gateway's 30 MB is not kept to
    // be thrown away, nor cut into a piece of JSON that could then run (docs/robust-host.md, "Limits").
    if (p.args) {
      call.size += p.args.length;
      call.args = call.size <= MAX_TOOL_ARGUMENT_CHARS ? call.args + p.args : '';
    }
    if (p.whole !== undefined) {
      call.wholeSize = p.whole.length;
      call.whole = p.whole.length <= MAX_TOOL_ARGUMENT_CHARS ? p.whole : '';
    }
  }

  /** The choices that have calls. */
  choices(): number[] {
    return [...this.calls.keys()];
  }

  /** The calls of a choice so far; one without an id gets a stable one of its own. */
  result(choice: number): AssembledCall[] {
    const calls = this.calls.get(choice);
    if (!calls) return [];
    return [...calls.entries()].sort(([a], [b]) => a - b).map(([index, c]) => {
      const size = c.wholeSize ?? c.size;
      return {
        id: c.id ?? `call_${choice}_${index}`,
        name: c.name ?? '',
        arguments: c.whole ?? c.args,
        ...(size > MAX_TOOL_ARGUMENT_CHARS ? { refused: size } : {}),
      };
    });
  }
}
