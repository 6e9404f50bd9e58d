/**
 * The catalog through i18next (docs/house-rules.md, "Languages"): the renderer's instance and the
 * main process's (translator.ts) look messages up the same way.
 */
import type { i18n as I18n } from 'i18next';
import type { Lookup, MessageCode } from './message.js';

/** The catalog's i18next namespace. */
export const MESSAGES_NS = 'messages';

/**
 * A lookup through an i18next instance for the namespace above. Values go in as `replace`, so a
 * parameter named like an i18next option (`count`, `context`) stays a value; i18next does not
 * interpolate inside values, so a gateway's own words are shown as they came.
 */
export function i18nextLookup(i18n: Pick<I18n, 'exists' | 't'>, language: string): Lookup {
  // The key is a code known at run time, not a literal: i18next's typed `t` cannot check it (the
  // Message type already did).
  const t = i18n.t as unknown as (key: string, options: object) => string;
  const exists = i18n.exists as unknown as (key: string, options: object) => boolean;
  return (code: MessageCode, params: Record<string, string>) => {
    const options = { ns: MESSAGES_NS, lng: language };
    return exists(code, options) ? t(code, { ...options, replace: params, interpolation: { escapeValue: false } }) : undefined;
  };
}
