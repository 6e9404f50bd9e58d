/**
 * Deterministic replies that reflect the request, so a creator (or a test) can see what the
 * gateway received. Directives a prompt may carry (documented in sandbox/README.md):
 *   [tokens:N]        make the reply exactly N tokens long (e.g. for long-reply and stream tests)
 *   [finish:REASON]   native API only: end with MAX_TOKENS, SAFETY, RECITATION or OTHER
 */
import { countTokens, firstTokens } from './tokens.js';

export interface ReplyRequest {
  api: 'chat completions' | 'responses' | 'native generateContent';
  model: string;
  prompt: string;
  turns: number;
  system?: string;
  images: string[];
  tools: string[];
  choice: number;
  /** What the tools returned, one line each (sandbox/README.md, "Tool use"): quoted after the prompt. */
  toolLines?: string[];
  /**
   * The request ends with the assistant's own partial turn (the studio's Continue): the reply
   * carries on from it, as a model does, with whatever space or newline comes next in its text.
   */
  continues?: string;
}

const IDEAS = [
  'Try a wider aspect ratio for landscapes and a taller one for portraits.',
  'Short, concrete prompts with a subject, a setting and a light source work best.',
  'Reference images steer composition; the prompt steers style.',
  'Save results early: generated links stay valid for 24 hours.',
  'A lower temperature gives steadier wording; a higher one more surprises.',
];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function tokensDirective(prompt: string): number | undefined {
  const m = /\[tokens:(\d{1,7})\]/i.exec(prompt);
  return m ? Math.max(1, Number(m[1])) : undefined;
}

export function finishDirective(prompt: string): 'MAX_TOKENS' | 'SAFETY' | 'RECITATION' | 'OTHER' | undefined {
  const m = /\[finish:(MAX_TOKENS|SAFETY|RECITATION|OTHER)\]/i.exec(prompt);
  return m ? (m[1].toUpperCase() as 'MAX_TOKENS' | 'SAFETY' | 'RECITATION' | 'OTHER') : undefined;
}

function bodyPart(seed: number, i: number): string {
  // Each part's idea from the seed and its place: two prompts give two different long replies
  // throughout, as two real replies would, not one text shifted by a part or two.
  const idea = IDEAS[hash(`${seed}:${i}`) % IDEAS.length];
  return i % 4 === 3
    ? `\n\n\`\`\`ts\n// section ${i + 1}\nconst step${i} = ${i} * 2; // ${idea}\n\`\`\`\n\n`
    : i % 4 === 1
      ? `\n- Point ${i + 1}: ${idea}\n- Detail ${i + 1}: the sandbox repeats patterns deterministically.\n`
      : `\n\nParagraph ${i + 1}. ${idea} Each paragraph is numbered so a reader can follow a long stream.`;
}

/**
 * Enough varied Markdown (paragraphs, lists, code) to exercise a renderer; cut to size by the
 * caller. Counted part by part: counting the whole text again after every part was quadratic,
 * 1.3 s for 20,000 tokens, and in the studio's embedded sandbox that held the host's one event
 * loop (every other call waited). Tokens can merge across a joint, so the whole is counted once
 * at the end, and topped up in the rare case it came out short.
 */
function longBody(seed: number, tokens: number): string {
  const want = tokens + 8;
  const parts: string[] = [];
  let counted = 0;
  for (;;) {
    while (counted < want) {
      const part = bodyPart(seed, parts.length);
      parts.push(part);
      counted += countTokens(part);
    }
    const body = parts.join('');
    counted = countTokens(body);
    if (counted >= want) return body;
  }
}

export function composeReply(r: ReplyRequest): string {
  const seed = hash(`${r.model}\n${r.prompt}\n${r.choice}`);
  const lines = [
    `${r.choice > 0 ? `Alternative ${r.choice + 1}. ` : ''}Sandbox reply from \`${r.model}\` via the ${r.api} API.`,
    '',
    `You asked: "${clip(r.prompt.replace(/\s+/g, ' ').trim(), 240)}"`,
    '',
    ...(r.toolLines?.length ? [...r.toolLines, ''] : []),
    `- Conversation turns received: ${r.turns}`,
  ];
  if (r.system) lines.push(`- System prompt: "${clip(r.system, 120)}"`);
  if (r.images.length) lines.push(`- Images received: ${r.images.length} (${r.images.join('; ')})`);
  if (r.tools.length) lines.push(`- Tools offered: ${r.tools.join(', ')}`);
  lines.push('', `Tip: ${IDEAS[seed % IDEAS.length]}`);
  const reply = lines.join('\n');
  const want = tokensDirective(r.prompt);
  return carryOn(want === undefined ? reply : firstTokens(reply + longBody(seed, want), want), r.continues);
}

/**
 * The rest of `whole` after the partial turn it was cut from; a partial turn that is not its
 * beginning gets the whole reply after a paragraph break, never glued to its last word.
 */
function carryOn(whole: string, partial: string | undefined): string {
  if (partial === undefined) return whole;
  if (whole.startsWith(partial)) return whole.slice(partial.length);
  return `${/\s$/.test(partial) ? '' : '\n\n'}${whole}`;
}
