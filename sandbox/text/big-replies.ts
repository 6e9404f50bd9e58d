/**
 * Replies of extreme size, for trying how the studio copes with them (sandbox/README.md, "Prompt
 * directives"; bench/big-replies.ts): a prompt carrying `[big:KIND:N]` is answered with
 *   word   N characters with no space or line break (one unbroken "word");
 *   text   about N characters of Markdown: paragraphs, lists, headings and code fences;
 *   table  a Markdown table of N rows.
 * Counting tokens with the real tokenizer costs seconds on megabytes of text and would hold the
 * sandbox's event loop, so these replies bill a quarter token per character, and stream in
 * pieces of STREAM_PIECE characters rather than one event per token.
 */

/** The most a `[big:…]` reply may hold: under the studio's 32 MB limit on a streamed reply. */
export const BIG_MAX_CHARS = 24_000_000;
/** Characters per streamed delta of a big reply. */
export const STREAM_PIECE = 4_096;

export type BigKind = 'word' | 'text' | 'table';

export interface BigDirective {
  kind: BigKind;
  n: number;
}

export function bigDirective(prompt: string): BigDirective | undefined {
  const m = /\[big:(word|text|table):(\d{1,8})\]/i.exec(prompt);
  if (!m) return undefined;
  return { kind: m[1].toLowerCase() as BigKind, n: Math.max(1, Number(m[2])) };
}

const WORDS = ['gateway', 'studio', 'reply', 'stream', 'token', 'model', 'render', 'layout', 'window', 'frame', 'parser', 'table'];

/** One unbroken word of `chars` characters: letters cycling through the alphabet. */
export function bigWord(chars: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  return alphabet.repeat(Math.ceil(chars / alphabet.length)).slice(0, chars);
}

/** About `chars` characters of varied Markdown (never fewer), numbered so a reader can follow it. */
export function bigText(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const w = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length];
    const sentence = (k: number) => `The ${w(k)} ${w(k + 1)} keeps its ${w(k + 2)} while the ${w(k + 3)} moves on (${i}.${k}).`;
    const part =
      i % 9 === 8
        ? `## Section ${i + 1}`
        : i % 5 === 4
          ? `\`\`\`ts\n// part ${i + 1}\nconst ${w(0)}${i} = ${i} * 2;\nexport const ${w(1)}${i} = [${w(0)}${i}, ${i}];\n\`\`\``
          : i % 3 === 2
            ? `- Point ${i + 1}: ${sentence(0)}\n- Detail ${i + 1}: ${sentence(1)}\n- Note ${i + 1}: ${sentence(2)}`
            : `Paragraph ${i + 1}. ${sentence(0)} ${sentence(1)} ${sentence(2)} ${sentence(3)}`;
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join('\n\n');
}

/** A Markdown table of `rows` rows under a header (and one sentence before it). */
export function bigTable(rows: number): string {
  const lines = ['Here is the table you asked for.', '', '| # | Name | Count | Notes |', '|--:|:-----|------:|-------|'];
  for (let i = 1; i <= rows; i++) lines.push(`| ${i} | ${WORDS[i % WORDS.length]} ${i} | ${(i * 37) % 1000} | ${WORDS[(i * 5) % WORDS.length]} and ${WORDS[(i * 3) % WORDS.length]} |`);
  return lines.join('\n');
}

/** The reply a `[big:…]` directive asks for, capped at BIG_MAX_CHARS. */
export function composeBig(d: BigDirective): string {
  const text = d.kind === 'word' ? bigWord(Math.min(d.n, BIG_MAX_CHARS)) : d.kind === 'text' ? bigText(Math.min(d.n, BIG_MAX_CHARS)) : bigTable(Math.min(d.n, 200_000));
  return text.slice(0, BIG_MAX_CHARS);
}

/** A big reply's deltas: pieces of STREAM_PIECE characters, never splitting a surrogate pair. */
export function bigDeltas(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + STREAM_PIECE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** What a big reply bills: a quarter token per character (sandbox/README.md says so). */
export const bigTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * The most `[big:args:N]` arguments may hold: a hostile gateway's 30 MB call still fits the
 * studio's 32 MB limit on a streamed reply (chat shape, in STREAM_PIECE pieces).
 */
export const BIG_ARGS_MAX_CHARS = 31_000_000;
/**
 * Texts longer than this bill a quarter token per character, in a prompt too (a big reply or
 * big arguments sent back as context); arguments this long stream in STREAM_PIECE pieces. The
 * tokenizer takes time quadratic in an unbroken word's length: 27 s for 100,000 characters.
 */
export const BIG_TEXT_FROM = 64 * 1024;

/** `[big:args:N]`: each function call of the turn carries about N characters of arguments. */
export function bigArgsDirective(prompt: string): number | undefined {
  const m = /\[big:args:(\d{1,8})\]/i.exec(prompt);
  return m ? Math.min(Math.max(1, Number(m[1])), BIG_ARGS_MAX_CHARS) : undefined;
}

/**
 * `args` (a JSON object) grown to about `chars` characters: its first string value (or a
 * `padding` one) becomes one long word, so the arguments stay valid JSON that fits the schema.
 */
export function bigArguments(args: string, chars: number): string {
  const value = JSON.parse(args) as Record<string, unknown>;
  const key = Object.keys(value).find((k) => typeof value[k] === 'string') ?? 'padding';
  const rest = JSON.stringify({ ...value, [key]: '' }).length;
  return JSON.stringify({ ...value, [key]: bigWord(Math.max(1, chars - rest)) });
}
