/**
 * Words for creators (docs/house-rules.md, "Languages"): one message, read two ways. A message
 * whose own text is technical (a request rule naming `'n'` and a JSON type, a failure with its
 * HTTP status) has a plain counterpart at `plain.<its code>` (en/plain.ts). The creator reads the
 * plain one first, in the field's own label; the technical one stays the message itself (what
 * logs keep and the sandbox gateway answers with), shown behind "Details".
 *
 * Nothing about a message changes on the wire or on disk: the plain reading is derived where it
 * is shown, so an old record's stored error reads plainly too.
 */
import { en } from './en/index.js';
import { isMessageCode, msg, translate, type Lookup, type Message, type MessageCode, type Param, type Text, decodeMessage } from './message.js';

/** Wire names of the request rules (and `ErrorData.param`) → the label their field has. */
const FIELDS: Readonly<Record<string, keyof typeof en.rules.field>> = {
  n: 'count', size: 'size', resolution: 'resolution', prompt: 'prompt', model: 'model', watermark: 'watermark',
  sequential_image_generation: 'sequential', image_urls: 'references', duration: 'duration', seconds: 'duration',
  aspect_ratio: 'aspectRatio', image_url: 'startImage', input: 'text', voice: 'voice', response_format: 'format',
  speed: 'speed', temperature: 'temperature', top_p: 'topP', topP: 'topP', presence_penalty: 'presencePenalty',
  frequency_penalty: 'frequencyPenalty', max_tokens: 'maxTokens', maxOutputTokens: 'maxTokens', stream: 'stream',
  stop: 'stop', stopSequences: 'stop', 'remote_mcp.url': 'mcpUrl',
};

/**
 * The label of the field a wire name stands for: its form's label when known, else the name in
 * words ('response_format' → "Response format"); "one of the settings" when none was named.
 */
export function labelOf(name: string | undefined): Param {
  const wire = name?.replace(/^request\./, '').trim();
  if (!wire) return msg('rules.field.setting');
  const key = FIELDS[wire] ?? FIELDS[wire.split('.')[0]];
  if (key) return msg(`rules.field.${key}`);
  const words = wire.split('.')[0].replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : msg('rules.field.setting');
}

const plainCode = (code: MessageCode): MessageCode | undefined => {
  const p = `plain.${code}`;
  return isMessageCode(p) ? p : undefined;
};

/**
 * The message as a creator reads it first: its plain counterpart, and so on for every message
 * inside it. `param` is the parameter at fault when the message does not name one itself (an
 * ErrorData's `param`, say). The same object when nothing in it has plainer words.
 */
export function plainOf(text: Message, param?: string): Message {
  let changed = false;
  const params: Record<string, Param> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) {
    const inner = typeof value === 'object' ? plainOf(value) : value;
    changed ||= inner !== value;
    params[name] = inner;
  }
  const code = isMessageCode(text.code) ? plainCode(text.code) : undefined;
  if (!code) return changed ? { ...text, params } : text;
  const named = [text.params?.name, text.params?.param, param].find((p): p is string => typeof p === 'string' && p !== '');
  // The untyped form of `msg`: the code is known only at run time, and `label` is added to its parameters.
  return (msg as (code: MessageCode, params?: Record<string, Param>) => Message)(code, { ...params, label: labelOf(named) });
}

/** A message read two ways: `first` what a creator reads, `detail` the technical text (absent when the same). */
export interface Worded {
  readonly first: string;
  readonly detail?: string;
}

/** `text` in the lookup's language, plainly first and technically behind Details. */
export function worded(text: Text | undefined, lookup: Lookup, param?: string): Worded {
  const message = typeof text === 'string' ? decodeMessage(text) : text;
  if (!message) return { first: translate(text, lookup) };
  const plain = plainOf(message, param);
  const first = translate(plain, lookup);
  if (plain === message) return { first };
  const detail = translate(message, lookup);
  return detail === first ? { first } : { first, detail };
}
