/**
 * How many tokens each chat model takes in one request (its context window), by family, and the
 * estimate of a text's tokens the studio sizes documents with (docs/chat-documents.md).
 *
 * The gateway spec names no context sizes (spec 4.3 leaves the model list open). These figures are
 * an assumption: the published windows of the vendors' models these families stand for, rounded
 * down, so a refusal errs on the safe side. A model of no known family gets the smallest.
 */
import { CHAT_MODEL_FAMILIES } from './catalog.js';

export const CONTEXT_TOKENS_BY_FAMILY: Record<keyof typeof CHAT_MODEL_FAMILIES, number> = {
  modela: 128_000,
  modelb: 200_000,
  modelc: 1_000_000,
  modeld: 128_000,
  modele: 256_000,
};

/** What a model of no known family is taken to hold. */
export const DEFAULT_CONTEXT_TOKENS = 128_000;

export function contextTokensOf(model: string): number {
  const family = /^[a-z]+/.exec(model)?.[0] ?? '';
  return (CONTEXT_TOKENS_BY_FAMILY as Record<string, number>)[family] ?? DEFAULT_CONTEXT_TOKENS;
}

/**
 * A text's size in tokens, estimated as a quarter of its characters: the studio counts no tokens
 * elsewhere (the sandbox's real tokenizer is for billing), and a quarter is the usual rule for
 * English prose and code. It is shown as "about"; CJK text counts fewer than it holds.
 */
export const estimateTokens = (text: string | number): number => Math.ceil((typeof text === 'number' ? text : text.length) / 4);
