/**
 * The Chat defaults form as typed (numbers as text, so "0." or an empty box survive), checked
 * field by field into the ChatDefaults the host saves (shared/contract/chat.ts). An empty number
 * means the gateway's default; the API follows the model when the model does not take it.
 */
import type { ChatDefaults } from '@shared/contract/chat.js';
import { apiTakes, TEXT_LIMITS, textModel, type TextApiId } from '@shared/gateway/catalog.js';

export const DEFAULT_NUMBERS = ['temperature', 'top_p', 'max_tokens', 'frequency_penalty', 'presence_penalty'] as const;
export type DefaultNumber = (typeof DEFAULT_NUMBERS)[number];

export interface DefaultsDraft {
  model: string;
  api: TextApiId;
  systemPrompt: string;
  stream: boolean;
  numbers: Record<DefaultNumber, string>;
  n: string;
}

/** Each number's bounds (spec 4.3); max_tokens has no upper one (it differs per model). */
export const NUMBER_BOUNDS: Record<DefaultNumber, { min: number; max?: number; default?: number; integer?: boolean }> = {
  temperature: TEXT_LIMITS.temperature,
  top_p: TEXT_LIMITS.top_p,
  max_tokens: { min: 1, integer: true },
  frequency_penalty: TEXT_LIMITS.frequency_penalty,
  presence_penalty: TEXT_LIMITS.presence_penalty,
};

export type DefaultsProblem =
  | { field: 'model'; kind: 'required' }
  | { field: DefaultNumber; kind: 'notNumber' | 'between' | 'whole' }
  | { field: 'n'; kind: 'nRange' };

export function draftOfDefaults(d: ChatDefaults): DefaultsDraft {
  const numbers = Object.fromEntries(DEFAULT_NUMBERS.map((f) => [f, d[f] === undefined ? '' : String(d[f])])) as Record<DefaultNumber, string>;
  return { model: d.model, api: d.api, systemPrompt: d.systemPrompt, stream: d.stream, numbers, n: String(d.n) };
}

/** The API kept for a newly chosen model: the chosen one when the model takes it, else its first. */
export const defaultsApiFor = (api: TextApiId, model: string): TextApiId =>
  !model.trim() || apiTakes(api, model.trim()) ? api : (textModel(model.trim()).apis[0] ?? 'chat');

export function checkDefaults(draft: DefaultsDraft, saved: ChatDefaults): { defaults: ChatDefaults } | { problems: DefaultsProblem[] } {
  const problems: DefaultsProblem[] = [];
  const model = draft.model.trim();
  if (!model) problems.push({ field: 'model', kind: 'required' });
  const numbers: Partial<Record<DefaultNumber, number>> = {};
  for (const field of DEFAULT_NUMBERS) {
    const text = draft.numbers[field].trim();
    if (!text) continue;
    const value = Number(text);
    const b = NUMBER_BOUNDS[field];
    if (!Number.isFinite(value)) problems.push({ field, kind: 'notNumber' });
    else if (b.integer && (!Number.isInteger(value) || value < b.min)) problems.push({ field, kind: 'whole' });
    else if (value < b.min || (b.max !== undefined && value > b.max)) problems.push({ field, kind: 'between' });
    else numbers[field] = value;
  }
  const n = Number(draft.n.trim());
  if (!draft.n.trim() || !Number.isInteger(n) || n < TEXT_LIMITS.n.min || n > TEXT_LIMITS.n.max) problems.push({ field: 'n', kind: 'nRange' });
  if (problems.length) return { problems };
  return {
    defaults: { model, api: defaultsApiFor(draft.api, model), systemPrompt: draft.systemPrompt, stream: draft.stream, stop: saved.stop, n, ...numbers },
  };
}
