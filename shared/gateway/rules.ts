/**
 * Building blocks for request schemas whose every rejection names the parameter and what it
 * allows, so a creator can correct the request from the message alone.
 */
import { z } from 'zod';

export const num = (name: string, min: number, max: number) => {
  const error = `'${name}' must be a number from ${min} to ${max}`;
  return z.number({ error }).min(min, { error }).max(max, { error });
};

export const int = (name: string, min: number, max?: number) => {
  const error = max === undefined
    ? `'${name}' must be a JSON integer of at least ${min}`
    : `'${name}' must be a JSON integer from ${min} to ${max} (a number, not a string)`;
  const base = z.number({ error }).int({ error }).min(min, { error });
  return max === undefined ? base : base.max(max, { error });
};

export const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T, context = '') =>
  z.enum(values, { error: `'${name}' must be one of ${values.join(', ')}${context}` });

export const text = (name: string, maxChars?: number) => {
  const base = z.string({ error: `'${name}' is required and must be a string` }).min(1, { error: `'${name}' must not be empty` });
  return maxChars === undefined ? base : base.max(maxChars, { error: `'${name}' must be at most ${maxChars} characters` });
};

export const bool = (name: string) => z.boolean({ error: `'${name}' must be true or false (a JSON boolean)` });

export const httpUrl = (name: string) =>
  z.string({ error: `'${name}' must be a URL string` }).refine((s) => /^https?:\/\/[^\s/]+/i.test(s), {
    error: `'${name}' must be a public http(s) URL`,
  });

/** A data URI of an image: `data:image/<format>;base64,<data>` (spec 2.7, 2.15). */
const DATA_URI = /^data:image\/([a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i;

export function parseImageDataUri(uri: string): { format: string; base64: string } | null {
  const m = DATA_URI.exec(uri);
  return m ? { format: m[1].toLowerCase(), base64: m[2].replace(/\s+/g, '') } : null;
}

export const imageRef = (name: string) =>
  z.string({ error: `'${name}' items must be strings` }).refine((s) => /^https?:\/\//i.test(s) || parseImageDataUri(s) !== null, {
    error: `'${name}' items must be a public http(s) URL or a data URI data:image/<format>;base64,<data>`,
  });

export interface Problem {
  param: string;
  message: string;
}

/** Zod issues as problems a creator (or a developer) can act on; the first one is the headline. */
export function problemsOf(error: z.ZodError): Problem[] {
  return error.issues.map((issue) => {
    const param = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '');
    let message = issue.message;
    if (issue.code === 'unrecognized_keys' && message.startsWith('Unrecognized')) message = `${issue.keys.map((k) => `'${k}'`).join(', ')} is not accepted here`;
    else if (message.startsWith('Invalid input') && param) message = `'${param}' is invalid: ${message}`;
    return { param, message };
  });
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export function check<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, problems: problemsOf(r.error) };
}
