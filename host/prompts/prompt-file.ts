/**
 * The prompt library's JSON file (docs/prompts.md, "Import and export"): what an export writes
 * and what an import accepts. An import file is untrusted: its size is capped by the contract,
 * every prompt is checked on its own (one bad prompt is skipped with its reason, the rest come
 * in), fields this version does not know are dropped, and ids are kept so a second import of
 * the same file adds nothing.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Message } from '@shared/messages/index.js';
import { msg } from '@shared/messages/index.js';
import { PROMPT_LIMITS, PromptFields, VARIABLE_NAME } from '@shared/contract/prompts.js';
import type { PromptView } from '@shared/contract/prompts.js';
import { coreError } from '../errors.js';
import { SOFTWARE } from '../library/file-metadata.js';

export const PROMPT_FILE_FORMAT = 'gateway-studio-prompts';

/** An id as this studio makes them; anything else in a file is not taken as an id. */
const PROMPT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface ImportedPrompt {
  index: number;
  id?: string;
  fields: {
    title: string;
    text: string;
    description: string;
    tags: string[];
    presets: Record<string, Record<string, unknown>>;
  };
  updatedAt?: number;
}

export interface ParsedImport {
  prompts: ImportedPrompt[];
  skipped: { index: number; title?: string; reason: Message }[];
}

/** The file's head: what wrote it and how to read it. */
export function exportHead(now: number): string {
  return JSON.stringify({ format: PROMPT_FILE_FORMAT, version: 1, software: SOFTWARE, exportedAt: new Date(now).toISOString() });
}

/** One prompt as the file holds it. */
export function exportRecord(p: PromptView): Record<string, unknown> {
  return {
    id: p.id,
    title: p.title,
    text: p.text,
    description: p.description,
    tags: p.tags,
    presets: p.presets,
    variables: p.variables,
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function time(v: unknown): number | undefined {
  const t = typeof v === 'string' ? Date.parse(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(t) ? t : undefined;
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  const where = issue?.path.map(String).join('.') ?? '';
  return `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}`.slice(0, 200);
}

/** Prompts checked per turn of the host's loop: a 10,000-prompt file took some 60 ms at once. */
const CHECK_PAGE = 500;

/**
 * Reads an import file's text, a page of prompts per turn of the loop; throws (nothing imported)
 * when the file as a whole is not one.
 */
export async function parseImport(text: string): Promise<ParsedImport> {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw coreError('invalid_request', msg('prompts.import.notJson', { detail: String((err as Error).message).slice(0, 200) }));
  }
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.prompts) ? data.prompts : undefined;
  if (!list) throw coreError('invalid_request', msg('prompts.import.notLibrary'));
  if (list.length > PROMPT_LIMITS.importPrompts) {
    throw coreError('invalid_request', msg('prompts.import.tooMany', { found: list.length, max: PROMPT_LIMITS.importPrompts }));
  }
  const out: ParsedImport = { prompts: [], skipped: [] };
  const ids = new Set<string>();
  for (let index = 0; index < list.length; index++) {
    if (index && index % CHECK_PAGE === 0) await nextTurn();
    checkOne(list[index], index, out, ids);
  }
  return out;
}

/** One prompt of the file: taken into `out.prompts`, or skipped with its reason. */
function checkOne(raw: unknown, index: number, out: ParsedImport, ids: Set<string>): void {
  if (!isObject(raw)) {
    out.skipped.push({ index, reason: msg('prompts.import.notObject') });
    return;
  }
  const title = typeof raw.title === 'string' ? raw.title.slice(0, PROMPT_LIMITS.title) : undefined;
  const skip = (reason: Message): void => {
    out.skipped.push({ index, ...(title ? { title } : {}), reason });
  };
  const fields = PromptFields.safeParse({ title: raw.title, text: raw.text, description: raw.description ?? '', tags: raw.tags ?? [], presets: raw.presets ?? {} });
  if (!fields.success) return skip(msg('prompts.import.invalid', { detail: firstIssue(fields.error) }));
  // The variables a file lists are a promise about the text: a name no prompt can use is refused.
  if (raw.variables !== undefined) {
    const named = Array.isArray(raw.variables) ? raw.variables : [raw.variables];
    const bad = named.find((v) => typeof v !== 'string' || !VARIABLE_NAME.test(v));
    if (bad !== undefined) return skip(msg('prompts.import.badVariable', { name: String(typeof bad === 'string' ? bad : JSON.stringify(bad)).slice(0, 60) }));
  }
  let id: string | undefined;
  if (raw.id !== undefined) {
    if (typeof raw.id !== 'string' || !PROMPT_ID.test(raw.id)) return skip(msg('prompts.import.invalid', { detail: 'id' }));
    if (ids.has(raw.id)) return skip(msg('prompts.import.duplicateId'));
    ids.add(raw.id);
    id = raw.id;
  }
  const updatedAt = time(raw.updatedAt);
  out.prompts.push({ index, ...(id ? { id } : {}), fields: fields.data, ...(updatedAt !== undefined ? { updatedAt } : {}) });
}
