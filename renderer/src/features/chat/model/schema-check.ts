/**
 * Checks a function tool's JSON-schema text as the creator types it (spec 4.4: a JSON-schema
 * object with type, properties, required). Hand-written rather than the contract's zod schema so
 * the Chat tab, loaded at startup, does not pull zod into the first-load bundle; the host checks
 * again with the contract's schema anyway.
 */
import type { TFunction } from 'i18next';
import { findJsonProblem } from './json-position.js';

export type SchemaCheck = { ok: true; schema: Record<string, unknown> } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "line 3, column 7" of a character offset, as an editor shows it. */
export function lineAndColumn(text: string, offset: number, t: TFunction<'chat'>): string {
  const before = text.slice(0, offset).split('\n');
  return t('schema.position', { line: before.length, column: before[before.length - 1].length + 1 });
}

function parseProblem(text: string, t: TFunction<'chat'>): string {
  const problem = findJsonProblem(text, t);
  return problem ? t('schema.invalidAt', { where: lineAndColumn(text, problem.offset, t), reason: problem.reason }) : t('schema.invalid');
}

/** Checks the schema text; its messages come from `t` (useTranslation('chat')). */
export function checkSchema(text: string, t: TFunction<'chat'>): SchemaCheck {
  if (!text.trim()) return { ok: false, message: t('schema.empty') };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: parseProblem(text, t) };
  }
  if (!isObject(value)) return { ok: false, message: t('schema.notObject') };
  if (value.type !== 'object') return { ok: false, message: t('schema.typeObject') };
  if (!isObject(value.properties)) return { ok: false, message: t('schema.properties') };
  if (value.required !== undefined) {
    if (!Array.isArray(value.required) || !value.required.every((r) => typeof r === 'string')) {
      return { ok: false, message: t('schema.requiredList') };
    }
    const unknown = value.required.filter((r) => !(r in (value.properties as object)));
    if (unknown.length) {
      const names = unknown.map((u) => `"${u}"`).join(t('listSeparator'));
      return { ok: false, message: t('schema.requiredUnknown', { count: unknown.length, names }) };
    }
  }
  return { ok: true, schema: value };
}

const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function checkFunctionName(name: string, others: readonly string[], t: TFunction<'chat'>): string | undefined {
  if (!name) return t('schema.nameRequired');
  if (!FUNCTION_NAME.test(name)) return t('schema.nameFormat');
  if (others.includes(name)) return t('schema.nameTaken');
  return undefined;
}
