/**
 * The items of a responses request's `input` (spec 4.4, 2.7) beyond the tool loop's
 * (tool-input.ts): the previous reply passed back as context, and the 400 for an item that cannot
 * be read. sandbox/README.md ("Tool use", "Multi-turn input") states both.
 *
 * - The usual multi-turn pattern sends the model's earlier reply back as it came: an assistant
 *   message item (`type: "message"`, with its `id` and `status`) whose parts are `output_text`,
 *   plain `text` or a `refusal`. It is read as an assistant turn of that text.
 * - A rejection names the item (its index and what it looks like) and its field: the schema's
 *   union over `input` alone would say only that `input` is wrong, which leaves a client with a
 *   long conversation guessing.
 */
import { z } from 'zod';
import { check, InputPart, ResponsesInputItem, type Problem } from '@shared/gateway/index.js';
import { GatewayError, invalid } from '../core/http.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The part types of an assistant's text, and the field each keeps it in. */
const TEXT_FIELD: Record<string, string> = { output_text: 'text', text: 'text', input_text: 'text', refusal: 'refusal' };

/** How a rejection names item `index`: `input item 2 (assistant message)`. */
export function itemName(index: number, item: unknown): string {
  let kind: string;
  if (!isRecord(item)) kind = Array.isArray(item) ? 'a list' : item === null ? 'null' : `a ${typeof item}`;
  else if (typeof item.type === 'string' && item.type !== 'message') kind = `type ${item.type}`;
  else if (typeof item.role === 'string') kind = ['system', 'user', 'assistant', 'tool'].includes(item.role) ? `${item.role} message` : `role ${item.role}`;
  else kind = 'no role or type';
  return `input item ${index} (${kind})`;
}

/** The problems of item `index`, each message led by the item's name. */
export const named = (index: number, item: unknown, problems: Problem[]): Problem[] =>
  problems.map((p) => ({ ...p, message: `${itemName(index, item)}: ${p.message}` }));

/**
 * An assistant message of text parts as `{ role: "assistant", content: <its text> }`, which the
 * shared schema reads; any other item unchanged. A text part without its text is refused here,
 * by name: the schema would only say that its type is not one it knows.
 */
export function passedBackReply(index: number, item: unknown): unknown {
  if (!isRecord(item) || item.role !== 'assistant' || !Array.isArray(item.content) || item.content.length === 0) return item;
  const parts = item.content;
  if (!parts.every((p) => isRecord(p) && typeof p.type === 'string' && p.type in TEXT_FIELD)) return item;
  const texts = parts.map((p, j) => {
    const part = p as Record<string, unknown>;
    const field = TEXT_FIELD[part.type as string];
    if (typeof part[field] !== 'string') {
      throw new GatewayError(400, `${itemName(index, item)}: its ${part.type as string} part ${j} must carry its '${field}' as a string`, `input.${index}.content.${j}.${field}`);
    }
    return part[field] as string;
  });
  return { role: 'assistant', content: texts.join('') };
}

const One = z.object({ input: z.record(z.string(), ResponsesInputItem) });
const OnePart = z.object({ input: z.record(z.string(), z.object({ content: z.record(z.string(), InputPart) })) });

/** What is wrong with item `index` alone (the part at fault, for a content array), or nothing. */
function itemProblems(index: number, item: unknown): Problem[] {
  const r = check(One, { input: { [index]: item } });
  if (r.ok) return [];
  const content = isRecord(item) ? item.content : undefined;
  if (r.problems[0]?.param === `input.${index}.content` && Array.isArray(content)) {
    for (const [j, part] of content.entries()) {
      const p = check(OnePart, { input: { [index]: { content: { [j]: part } } } });
      if (p.ok) continue;
      const also = isRecord(item) && item.role === 'assistant' ? "; an assistant message may also hold { type: 'output_text', text } parts" : '';
      return named(index, item, p.problems.map((x) => ({ ...x, message: `${x.message}${also}` })));
    }
  }
  return named(index, item, r.problems);
}

/**
 * Refuses a request whose shared-schema check failed. A problem with `input` as a whole (the
 * union over its forms) is replaced by those of the first item that cannot be read, by name.
 */
export function refuse(problems: Problem[], items: unknown[] | undefined): never {
  const whole = problems.findIndex((p) => p.param === 'input');
  if (whole < 0 || !items?.length) throw invalid(problems);
  for (const [i, item] of items.entries()) {
    const own = itemProblems(i, item);
    if (own.length) throw invalid([...problems.slice(0, whole), ...own, ...problems.slice(whole + 1)]);
  }
  throw invalid(problems);
}
