/**
 * The prompt library (docs/prompts.md): saved prompts with variables (`{subject}`), a description,
 * tags and per-model presets (the form's parameters kept with the prompt), searched by the palette
 * and the management dialog, linked to the jobs, replies and items they produced, and taken out
 * and brought back as JSON.
 */
import { z } from 'zod';
import { TextData } from '../messages/index.js';
import { LibraryItemView, TakeOutcome } from './library.js';

/** A variable's name: a letter or `_`, then letters, digits, `_` or `-`; at most 40. */
export const VARIABLE_NAME = /^[\p{L}_][\p{L}\p{N}_-]{0,39}$/u;
/** A `{name}` in a prompt's text; braces around anything else stay text. */
export const VARIABLE_PATTERN = /\{([\p{L}_][\p{L}\p{N}_-]{0,39})\}/gu;

export const PROMPT_LIMITS = {
  title: 200,
  text: 20_000,
  description: 2_000,
  tags: 20,
  tag: 40,
  presets: 50,
  /** One preset's parameters as JSON. */
  presetBytes: 8_000,
  /**
   * An import file's text: 10,000 prompts of 150 characters, and as a call's body (JSON, Chinese at
   * 3 bytes a character) still under the browser shell's 5 MiB limit.
   */
  importChars: 1_500_000,
  importPrompts: 10_000,
} as const;

/** The variables of a text, each once, in the order they first appear. */
export function promptVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(VARIABLE_PATTERN)) seen.add(m[1]);
  return [...seen];
}

/** The text with each `{name}` given a value replaced in one pass (a value is never expanded again). */
export function expandPrompt(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE_PATTERN, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : whole));
}

const Params = z.record(z.string().max(100), z.unknown()).refine((p) => JSON.stringify(p).length <= PROMPT_LIMITS.presetBytes, 'preset too large');

export const PromptFields = z.object({
  title: z.string().trim().min(1).max(PROMPT_LIMITS.title),
  text: z.string().min(1).max(PROMPT_LIMITS.text),
  description: z.string().max(PROMPT_LIMITS.description).default(''),
  tags: z.array(z.string().trim().min(1).max(PROMPT_LIMITS.tag)).max(PROMPT_LIMITS.tags).default([]),
  /** Model id -> the form's parameters for it. */
  presets: z.record(z.string().min(1).max(200), Params).refine((p) => Object.keys(p).length <= PROMPT_LIMITS.presets, 'too many presets').default({}),
});
export type PromptFields = z.input<typeof PromptFields>;

export const PromptView = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  presets: z.record(z.string(), z.record(z.string(), z.unknown())),
  variables: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Times it was used for a job, a reply or an item (each submission once). */
  uses: z.number().int().nonnegative(),
  lastUsedAt: z.number().optional(),
});
export type PromptView = z.infer<typeof PromptView>;

/** What an import did: each prompt not taken, with its place in the file and why. */
export const ImportReport = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  /** Already in the library as they are (a re-import). */
  unchanged: z.number().int(),
  skipped: z.array(z.object({ index: z.number().int(), title: z.string().optional(), reason: TextData })),
});
export type ImportReport = z.infer<typeof ImportReport>;

const id = z.object({ id: z.string().min(1).max(64) });
const ref = z.string().min(1).max(64);

export const promptMethods = {
  /** Newest used first; `query` searches title, text, description and tags; `tag` keeps one tag's. */
  'prompts.list': {
    input: z.object({
      query: z.string().max(200).optional(),
      tag: z.string().max(PROMPT_LIMITS.tag).optional(),
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(200).optional(),
    }),
    output: z.object({ items: z.array(PromptView), total: z.number().int(), tags: z.array(z.string()) }),
  },
  'prompts.get': { input: id, output: PromptView },
  /** Creates one (no `id`) or replaces one's fields. */
  'prompts.save': { input: PromptFields.extend({ id: ref.optional() }), output: PromptView },
  /** Removes one; `prompts.restore` brings it back (the dialog's undo) with its links. */
  'prompts.remove': { input: id, output: z.object({ removed: z.boolean() }) },
  'prompts.restore': { input: id, output: PromptView },
  /** A JSON file's text (the export's format, docs/prompts.md): checked whole, never duplicated on re-import. */
  'prompts.import': { input: z.object({ text: z.string().max(PROMPT_LIMITS.importChars) }), output: ImportReport },
  /** The library (or the prompts named) as JSON: Save as… on the desktop, a download link in the browser shell. */
  'prompts.export': { input: z.object({ ids: z.array(ref).max(PROMPT_LIMITS.importPrompts).optional() }), output: TakeOutcome },
  /** What one submission of the prompt made: the jobs, the chat reply, the items saved at once. */
  'prompts.link': {
    input: z.object({ id: ref, jobIds: z.array(ref).max(500).optional(), replyId: ref.optional(), itemIds: z.array(ref).max(500).optional() }),
    output: z.object({ linked: z.number().int() }),
  },
  /** The library items its jobs and calls saved, newest first, and how many replies it made. */
  'prompts.results': {
    input: id.extend({ limit: z.number().int().min(1).max(200).optional() }),
    output: z.object({ items: z.array(LibraryItemView), jobs: z.number().int(), replies: z.number().int() }),
  },
} as const;

export const promptEvents = {
  /** A prompt was saved, removed, restored, imported or used. */
  'prompts.onDidChange': z.object({ id: z.string().optional() }),
} as const;
