/**
 * Building blocks for request schemas whose every rejection names the parameter and what it
 * allows, so a creator can correct the request from the message alone. A rejection is a message
 * code (shared/messages, `rules.param`): the host shows it translated, the sandbox gateway answers
 * with its English.
 */
import { z } from 'zod';
import { messageOfIssue, msg, zodMessage, type Message, type Param } from '../messages/index.js';

export const num = (name: string, min: number, max: number) => {
  const error = zodMessage('rules.param.number', { name, min, max });
  return z.number({ error }).min(min, { error }).max(max, { error });
};

export const int = (name: string, min: number, max?: number) => {
  const error = max === undefined
    ? zodMessage('rules.param.intAtLeast', { name, min })
    : zodMessage('rules.param.intRange', { name, min, max });
  const base = z.number({ error }).int({ error }).min(min, { error });
  return max === undefined ? base : base.max(max, { error });
};

/** `forModel`: the model the values are for (`rules.param.forModel`), when they depend on it. */
export const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T, forModel: Param = '') =>
  z.enum(values, { error: zodMessage('rules.param.oneOf', { name, values: values.join(', '), forModel }) });

export const text = (name: string, maxChars?: number) => {
  const base = z.string({ error: zodMessage('rules.param.required', { name }) }).min(1, { error: zodMessage('rules.param.notEmpty', { name }) });
  return maxChars === undefined ? base : base.max(maxChars, { error: zodMessage('rules.param.maxChars', { name, max: maxChars }) });
};

export const bool = (name: string) => z.boolean({ error: zodMessage('rules.param.boolean', { name }) });

export const httpUrl = (name: string) =>
  z.string({ error: zodMessage('rules.param.urlString', { name }) }).refine((s) => /^https?:\/\/[^\s/]+/i.test(s), {
    error: zodMessage('rules.param.publicUrl', { name }),
  });

/** A data URI of an image: `data:image/<format>;base64,<data>` (spec 2.7, 2.15). */
const DATA_URI = /^data:image\/([a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i;

export function parseImageDataUri(uri: string): { format: string; base64: string } | null {
  const m = DATA_URI.exec(uri);
  return m ? { format: m[1].toLowerCase(), base64: m[2].replace(/\s+/g, '') } : null;
}

/** `standIn`: what else the caller takes in place of a picture (the studio's own `attachment:<id>`, resolved in its host). */
export const imageRef = (name: string, standIn: (s: string) => boolean = () => false) =>
  z.string({ error: zodMessage('rules.param.itemsStrings', { name }) }).refine((s) => /^https?:\/\//i.test(s) || parseImageDataUri(s) !== null || standIn(s), {
    error: zodMessage('rules.param.itemsImages', { name }),
  });

/** Parameter names as a rejection lists them: 'a', 'b'. */
export const quoted = (keys: readonly string[]) => keys.map((k) => `'${k}'`).join(', ');

export interface Problem {
  param: string;
  /** The English (what the sandbox gateway answers with, and logs). */
  message: string;
  /** The same as message data, for the host to show translated. */
  text: Message;
}

/** Zod issues as problems a creator (or a developer) can act on; the first one is the headline. */
export function problemsOf(error: z.ZodError): Problem[] {
  return error.issues.map((issue) => {
    const param = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '');
    const text = issue.code === 'unrecognized_keys' && issue.message.startsWith('Unrecognized')
      ? msg('rules.param.notAccepted', { keys: quoted(issue.keys) })
      : messageOfIssue({ message: issue.message, path: param ? [param] : [] });
    return { param, message: text.message, text };
  });
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export function check<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, problems: problemsOf(r.error) };
}
