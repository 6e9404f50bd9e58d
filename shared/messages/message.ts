/**
 * Messages are data (docs/house-rules.md, "Languages"): every error and notice the host writes is
 * `{ code, params, message }`: `code` a key of the English catalog (en/index.ts), `params` the
 * parts that vary, `message` the English text, for logs and as the fallback. Shown to a creator,
 * it is translated with i18next from this one catalog: in the renderer (renderer/src/i18n,
 * `useMessageText`) and in the desktop shell's notifications (translator.ts).
 *
 * How to write one:
 * - `msg('jobs.task.gone')`; with parameters, `msg('gateway.download.failed', { status: 404 })`;
 *   the type checks the code and that every `{{placeholder}}` of its English text has a value.
 * - A parameter is a string or number (shown as it is: a file name, a gateway's own words,
 *   verbatim), or a message of its own (a reason, a fragment such as `gateway.failure.said`),
 *   translated in turn.
 * - Errors: `coreError('not_found', msg('jobs.task.gone'))` (host/errors.ts) and
 *   `new GatewayFailure(code, msg(…), …)` carry it into ErrorData's `text`.
 * - zod checks: `.min(1, zodMessage('rules.chat.title'))`; the issue's message is then the code
 *   (with its parameters), which `messageOfIssue` turns back into a message.
 * - Stored records written before messages were data hold plain English strings (`Text`):
 *   `translate` shows them as they are.
 *
 * Free of zod, so the renderer's first load can build and show messages (docs/performance.md,
 * "Start-up"); the contract's schemas of them (MessageData, TextData) are in index.ts.
 */
import { en } from './en/index.js';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type At<T, C extends string> = C extends `${infer H}.${infer R}` ? (H extends keyof T ? At<T[H], R> : never) : C extends keyof T ? T[C] : never;
type Names<S> = S extends `${string}{{${infer N}}}${infer R}` ? N | Names<R> : never;

/** Every message the host can write: a dotted key of the English catalog. */
export type MessageCode = Leaves<typeof en>;
/** The placeholders of a message's English text. */
export type ParamsOf<C extends MessageCode> = { readonly [N in Names<At<typeof en, C>>]: Param };

export type Param = string | number | Message;

export interface Message {
  readonly code: MessageCode;
  readonly params?: Readonly<Record<string, Param>>;
  /** The English text, for logs and as the fallback (a code this version does not know). */
  readonly message: string;
}

/** What a stored record may hold: a message, or (written by an older version) plain English. */
export type Text = Message | string;

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

function englishOf(code: string): string | undefined {
  let node: unknown = en;
  for (const key of code.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export const isMessageCode = (code: string): code is MessageCode => englishOf(code) !== undefined;

const fill = (template: string, params: Readonly<Record<string, Param>> | undefined, show: (p: Param) => string) =>
  template.replace(PLACEHOLDER, (whole, name: string) => (params && name in params ? show(params[name]) : whole));

const english = (p: Param): string => (typeof p === 'object' ? p.message : String(p));

/** A message: its code, its parameters, and its English text. */
export function msg<C extends MessageCode>(code: C, ...args: [Names<At<typeof en, C>>] extends [never] ? [] : [ParamsOf<C>]): Message {
  const params = args[0] as Record<string, Param> | undefined;
  return { code, ...(params ? { params } : {}), message: fill(englishOf(code)!, params, english) };
}

/**
 * A language's text for a code with its parameters already shown as strings, or undefined when
 * the language has none (the renderer and translator.ts pass i18next's `t`).
 */
export type Lookup = (code: MessageCode, params: Record<string, string>) => string | undefined;

/** Where a message stops being translated inside itself (a record could nest without end). */
const MAX_DEPTH = 6;

/** A message (or an old record's plain text) in the lookup's language; English when it has none. */
export function translate(text: Text | undefined, lookup: Lookup, depth = 0): string {
  if (text === undefined) return '';
  if (typeof text === 'string') {
    const coded = decodeMessage(text);
    return coded ? translate(coded, lookup, depth) : text;
  }
  if (depth >= MAX_DEPTH || !isMessageCode(text.code)) return text.message;
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) shown[name] = typeof value === 'object' ? translate(value, lookup, depth + 1) : String(value);
  return lookup(text.code, shown) ?? fill(englishOf(text.code)!, shown, String);
}

/** The English text of a message or an old record's plain text (for logs, and English tests). */
export const englishText = (text: Text | undefined): string => (text === undefined ? '' : typeof text === 'string' ? (decodeMessage(text)?.message ?? text) : text.message);

// zod checks carry the code (and its parameters) as their message: `code` or `code {json}`.
const CODED = /^([a-zA-Z_]+(?:\.[a-zA-Z_]+)+)(?: (\{.*\}))?$/s;

/** A zod check's message: the code, with its parameters (see `messageOfIssue`). */
export function zodMessage<C extends MessageCode>(code: C, ...args: [Names<At<typeof en, C>>] extends [never] ? [] : [ParamsOf<C>]): string {
  return args[0] ? `${code} ${JSON.stringify(args[0])}` : code;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Parameters as MessageData (index.ts) accepts them, checked without zod; nested as deep as `translate` goes. */
function isParams(v: unknown, depth: number): v is Record<string, Param> {
  if (!isRecord(v) || depth > MAX_DEPTH) return false;
  return Object.values(v).every((p) => typeof p === 'string' || typeof p === 'number' || (isRecord(p) && typeof p.code === 'string' && p.code.length > 0 && typeof p.message === 'string' && (p.params === undefined || isParams(p.params, depth + 1))));
}

/** The message a zod check's coded message stands for; undefined for any other text. */
export function decodeMessage(text: string): Message | undefined {
  const m = CODED.exec(text);
  if (!m || !isMessageCode(m[1])) return undefined;
  let params: Record<string, Param> | undefined;
  try {
    params = m[2] ? (JSON.parse(m[2]) as Record<string, Param>) : undefined;
  } catch {
    return undefined;
  }
  if (params !== undefined && !isParams(params, 0)) return undefined;
  return (msg as (code: MessageCode, params?: Record<string, Param>) => Message)(m[1], params);
}

/** A zod issue as a message: ours by its code; zod's own wording kept verbatim, naming the field. */
export function messageOfIssue(issue: { message: string; path: readonly PropertyKey[] } | undefined): Message {
  if (!issue) return msg('app.calls.invalidInput');
  const coded = decodeMessage(issue.message);
  if (coded) return coded;
  const param = issue.path.map(String).join('.');
  return param ? msg('rules.param.invalid', { param, message: issue.message }) : msg('app.calls.invalidInput');
}

export { en } from './en/index.js';
export type { Catalog } from './en/index.js';

/** The same message with every string in it passed through `f` (a key masked in a gateway's words). */
export function mapStrings(text: Message, f: (s: string) => string): Message {
  const params = text.params && Object.fromEntries(Object.entries(text.params).map(([k, v]) => [k, typeof v === 'string' ? f(v) : typeof v === 'number' ? v : mapStrings(v, f)]));
  return { ...text, ...(params ? { params } : {}), message: f(text.message) };
}
