/**
 * The composer's prompts (docs/batch-composer.md): a list, one per line, or one prompt
 * with {variables}, each variable with its list of values; the prompts are their product. Pure, so
 * every way a creator can mistype it is tested (expand.test.ts), and the count is known before a
 * single prompt is built: a product too big to queue is refused with its numbers, not built.
 */

/** Axis names the batch already uses: a variable may not take one (a cell's coords are keyed by axis). */
export const RESERVED_AXES: readonly string[] = ['prompt', 'model', 'aspect_ratio', 'resolution', 'n', 'duration', 'size', 'seed'];
/** A cell's coordinate holds at most this many characters (shared/contract/batches.ts). */
export const MAX_PROMPT_CHARS = 4_000;
/** A variable's name: letters and digits of any script, `_` and `-`; as long as an axis name may be. */
const NAME = /^[\p{L}\p{N}_-]{1,40}$/u;

export interface PromptSource {
  mode: 'list' | 'template';
  /** One prompt per line. */
  list: string;
  template: string;
  /** Each variable's values, one per line, keyed by its name. */
  values: Record<string, string>;
}

export type Token = { kind: 'text'; text: string } | { kind: 'var'; name: string };

export type TemplateError =
  | { code: 'unclosed'; at: number }
  | { code: 'unopened'; at: number }
  | { code: 'badName'; at: number; name: string };

export type ExpandError =
  | TemplateError
  | { code: 'noPrompt' }
  | { code: 'reservedName'; name: string }
  | { code: 'noValues'; name: string }
  | { code: 'tooMany'; count: number; limit: number }
  | { code: 'tooLong'; max: number };

export interface PromptCell {
  prompt: string;
  /** Each variable's value in this prompt. */
  vars: Record<string, string>;
}

export type Expanded =
  | { ok: true; prompts: PromptCell[]; variables: string[]; repeats: number }
  | { ok: false; error: ExpandError };

/** Lines trimmed, blanks and repeats left out, in the order typed. */
export function valuesOf(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean))];
}

/**
 * The template as text and variables. `{{` and `}}` are the braces themselves; any other brace
 * must open and close a name, and a mistake is named with where it is (its offset), so the field
 * can say it.
 */
export function parseTemplate(template: string): { ok: true; tokens: Token[]; variables: string[] } | { ok: false; error: TemplateError } {
  const tokens: Token[] = [];
  let text = '';
  let i = 0;
  while (i < template.length) {
    const c = template[i];
    const next = template[i + 1];
    if ((c === '{' && next === '{') || (c === '}' && next === '}')) {
      text += c;
      i += 2;
      continue;
    }
    if (c === '}') return { ok: false, error: { code: 'unopened', at: i } };
    if (c !== '{') {
      text += c;
      i += 1;
      continue;
    }
    const end = template.indexOf('}', i + 1);
    if (end < 0) return { ok: false, error: { code: 'unclosed', at: i } };
    const name = template.slice(i + 1, end);
    if (!NAME.test(name)) return { ok: false, error: { code: 'badName', at: i, name } };
    if (text) tokens.push({ kind: 'text', text });
    text = '';
    tokens.push({ kind: 'var', name });
    i = end + 1;
  }
  if (text) tokens.push({ kind: 'text', text });
  const variables = [...new Set(tokens.flatMap((t) => (t.kind === 'var' ? [t.name] : [])))];
  return { ok: true, tokens, variables };
}

const fill = (tokens: Token[], vars: Record<string, string>) => tokens.map((t) => (t.kind === 'text' ? t.text : vars[t.name])).join('').trim();

/** The prompts of the source, or what is wrong with it; at most `limit` prompts are ever built. */
export function expandPrompts(source: PromptSource, limit: number): Expanded {
  if (source.mode === 'list') {
    const lines = source.list.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    const prompts = [...new Set(lines)];
    return checked(prompts.map((prompt) => ({ prompt, vars: {} })), [], lines.length - prompts.length, limit);
  }
  const parsed = parseTemplate(source.template);
  if (!parsed.ok) return parsed;
  const { tokens, variables } = parsed;
  const reserved = variables.find((v) => RESERVED_AXES.includes(v));
  if (reserved) return { ok: false, error: { code: 'reservedName', name: reserved } };
  const lists = variables.map((name) => valuesOf(source.values[name] ?? ''));
  const empty = variables.find((_, k) => lists[k].length === 0);
  if (empty) return { ok: false, error: { code: 'noValues', name: empty } };
  const count = lists.reduce((n, l) => n * l.length, 1);
  if (count > limit) return { ok: false, error: { code: 'tooMany', count, limit } };
  let combos: Record<string, string>[] = [{}];
  variables.forEach((name, k) => {
    combos = combos.flatMap((c) => lists[k].map((value) => ({ ...c, [name]: value })));
  });
  const cells = combos.map((vars) => ({ prompt: fill(tokens, vars), vars }));
  const prompts = cells.filter((c, k) => c.prompt && cells.findIndex((d) => d.prompt === c.prompt) === k);
  return checked(prompts, variables, cells.length - prompts.length, limit);
}

function checked(prompts: PromptCell[], variables: string[], repeats: number, limit: number): Expanded {
  if (prompts.length === 0) return { ok: false, error: { code: 'noPrompt' } };
  if (prompts.length > limit) return { ok: false, error: { code: 'tooMany', count: prompts.length, limit } };
  if (prompts.some((p) => p.prompt.length > MAX_PROMPT_CHARS)) return { ok: false, error: { code: 'tooLong', max: MAX_PROMPT_CHARS } };
  return { ok: true, prompts, variables, repeats };
}
