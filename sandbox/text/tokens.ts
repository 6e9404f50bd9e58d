/** Token counting with a real BPE tokenizer (o200k), as billing needs. */
import { countTokens, decode, decodeGenerator, encode } from 'gpt-tokenizer';

export { countTokens };

/** Billed tokens for one image in a prompt (a flat rate, like low-detail vision pricing). */
export const IMAGE_PROMPT_TOKENS = 85;

export interface Limited {
  text: string;
  finish: 'stop' | 'length';
}

/** Applies `stop` (cut before the first occurrence) then `max_tokens` (finish `length`). */
export function applyLimits(full: string, opts: { stop?: string | string[]; maxTokens?: number }): Limited {
  let text = full;
  const stops = opts.stop === undefined ? [] : Array.isArray(opts.stop) ? opts.stop : [opts.stop];
  let cut = -1;
  for (const s of stops) {
    const at = s ? text.indexOf(s) : -1;
    if (at >= 0 && (cut < 0 || at < cut)) cut = at;
  }
  if (cut >= 0) text = text.slice(0, cut);
  if (opts.maxTokens !== undefined) {
    const tokens = encode(text);
    if (tokens.length > opts.maxTokens) return { text: decode(tokens.slice(0, opts.maxTokens)), finish: 'length' };
  }
  return { text, finish: 'stop' };
}

/** A reply as the model would stream it: one delta per token. */
export function tokenDeltas(text: string): string[] {
  return [...decodeGenerator(encode(text))];
}

/** The first `n` tokens of a text, exactly. */
export function firstTokens(text: string, n: number): string {
  return decode(encode(text).slice(0, n));
}
