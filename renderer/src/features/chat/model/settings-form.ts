/**
 * The settings panel's form: what the creator typed (numbers as text, so "0." or an empty box
 * survive), turned into the conversation's ChatSettings with a message per field at fault.
 * Only a field that checks out is saved; an empty number box means "the gateway's default".
 * Messages are in the studio's language: the caller passes its `t` (from useTranslation('chat')).
 */
import type { TFunction } from 'i18next';
import type { ChatSettings, ChatTools, FunctionToolSpec } from '@shared/contract/chat.js';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat-defaults.js';
import { apiTakes, CHAT_MODELS, RESPONSES_MODELS, TEXT_LIMITS, textModel, TEXT_MODELS } from '@shared/gateway/catalog.js';
import { checkFunctionName, checkSchema } from './schema-check.js';

export const NUMBER_FIELDS = ['temperature', 'top_p', 'max_tokens', 'frequency_penalty', 'presence_penalty'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

export interface FunctionDraft {
  /** Stable key of the editor row (names change as they are typed). */
  key: string;
  name: string;
  description: string;
  schema: string;
}

export interface SettingsForm {
  model: string;
  /** The model box is free text ("Custom model id…"), not the list. */
  customModel: boolean;
  api: ChatSettings['api'];
  responsesModel: ChatSettings['responsesModel'];
  systemPrompt: string;
  stream: boolean;
  numbers: Record<NumberField, string>;
  stop: string[];
  n: string;
  webSearch: boolean;
  fileSearch: boolean;
  functions: FunctionDraft[];
  mcpEnabled: boolean;
  mcpUrl: string;
  /** The studio's MCP servers this conversation offers (ChatTools.mcpServers). */
  mcpServers: string[];
  /** Rounds of function calls one turn may take (as typed, like the other numbers). */
  toolRounds: string;
}

export type SettingsErrors = Partial<Record<string, string>>;

/** Each number's label, as a key of the chat strings. */
export const NUMBER_LABEL = {
  temperature: 'params.temperature',
  top_p: 'params.topP',
  max_tokens: 'params.maxTokens',
  frequency_penalty: 'params.frequencyPenalty',
  presence_penalty: 'params.presencePenalty',
} as const satisfies Record<NumberField, string>;

/** Range and default of each number, from the catalog (spec 4.3). */
export const NUMBER_RANGE: Record<NumberField, { min: number; max?: number; default?: number; step: number; integer?: boolean }> = {
  temperature: { ...TEXT_LIMITS.temperature, step: 0.1 },
  top_p: { ...TEXT_LIMITS.top_p, step: 0.05 },
  max_tokens: { min: 1, step: 1, integer: true },
  frequency_penalty: { ...TEXT_LIMITS.frequency_penalty, step: 0.1 },
  presence_penalty: { ...TEXT_LIMITS.presence_penalty, step: 0.1 },
};

const pretty = (schema: unknown) => JSON.stringify(schema, null, 2);

/** The bounds of `ChatSettings.toolRounds` (shared/contract/chat.ts). */
export const TOOL_ROUNDS = { min: 1, max: 50, default: DEFAULT_CHAT_SETTINGS.toolRounds } as const;

export function formFromSettings(s: ChatSettings): SettingsForm {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, s[f] === undefined ? '' : String(s[f])])) as Record<NumberField, string>;
  return {
    model: s.model,
    customModel: !CHAT_MODELS.includes(s.model) && !TEXT_MODELS.some((m) => m.id === s.model),
    api: s.api,
    responsesModel: s.responsesModel,
    systemPrompt: s.systemPrompt,
    stream: s.stream,
    numbers,
    stop: [...s.stop],
    n: String(s.n),
    webSearch: s.tools.webSearch,
    fileSearch: s.tools.fileSearch,
    functions: s.tools.functions.map((f, i) => ({ key: `saved-${i}`, name: f.name, description: f.description, schema: pretty(f.parameters) })),
    mcpEnabled: s.tools.mcp.enabled,
    mcpUrl: s.tools.mcp.url,
    mcpServers: [...(s.tools.mcpServers ?? [])],
    // A conversation saved before the setting existed holds none: it gets the default.
    toolRounds: String(s.toolRounds ?? TOOL_ROUNDS.default),
  };
}

function checkNumber(field: NumberField, raw: string, t: TFunction<'chat'>): { value?: number; error?: string } {
  const text = raw.trim();
  if (!text) return {};
  const r = NUMBER_RANGE[field];
  const value = Number(text);
  const label = t(NUMBER_LABEL[field]);
  if (!Number.isFinite(value)) return { error: t('check.notNumber', { label }) };
  if (r.integer && !Number.isInteger(value)) return { error: t('check.wholeNumber', { label }) };
  if (value < r.min || (r.max !== undefined && value > r.max)) {
    return { error: r.max === undefined ? t('check.atLeast', { label, min: r.min }) : t('check.between', { label, min: r.min, max: r.max }) };
  }
  return { value };
}

function checkFunctions(drafts: readonly FunctionDraft[], errors: SettingsErrors, t: TFunction<'chat'>): FunctionToolSpec[] {
  const valid: FunctionToolSpec[] = [];
  drafts.forEach((d, i) => {
    const name = d.name.trim();
    const nameError = checkFunctionName(name, drafts.slice(0, i).map((o) => o.name.trim()), t);
    const schema = checkSchema(d.schema, t);
    if (nameError) errors[`fn:${d.key}:name`] = nameError;
    if (!schema.ok) errors[`fn:${d.key}:schema`] = schema.message;
    if (d.description.length > 2000) errors[`fn:${d.key}:description`] = t('check.descriptionTooLong');
    if (!nameError && schema.ok && d.description.length <= 2000) {
      valid.push({ name, description: d.description, parameters: schema.schema as FunctionToolSpec['parameters'] });
    }
  });
  return valid;
}

/** The settings the form holds, as far as they check out, and what is wrong with the rest. */
export function settingsFromForm(form: SettingsForm, t: TFunction<'chat'>): { settings: Partial<ChatSettings>; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const settings: Partial<ChatSettings> = {
    api: apiFor(form.api, form.model),
    responsesModel: form.responsesModel,
    systemPrompt: form.systemPrompt,
    stream: form.stream,
  };
  const model = form.model.trim();
  if (!model) errors.model = t('check.modelRequired');
  else if (model.length > 200) errors.model = t('check.modelTooLong');
  else settings.model = model;
  if (form.systemPrompt.length > 100_000) errors.systemPrompt = t('check.systemPromptTooLong');

  for (const field of NUMBER_FIELDS) {
    const { value, error } = checkNumber(field, form.numbers[field], t);
    if (error) errors[field] = error;
    // undefined is kept as a key on purpose: an emptied box clears the saved value.
    else settings[field] = value;
  }

  const stop = form.stop.filter((s) => s !== '');
  if (stop.length > TEXT_LIMITS.stopSequences) errors.stop = t('check.tooManyStops', { max: TEXT_LIMITS.stopSequences });
  else if (stop.some((s) => s.length > 200)) errors.stop = t('check.stopTooLong');
  else settings.stop = stop;

  const n = Number(form.n.trim());
  if (!form.n.trim() || !Number.isInteger(n) || n < TEXT_LIMITS.n.min || n > TEXT_LIMITS.n.max) {
    errors.n = t('check.n', { min: TEXT_LIMITS.n.min, max: TEXT_LIMITS.n.max });
  } else settings.n = n;

  const rounds = Number(form.toolRounds.trim());
  if (!form.toolRounds.trim() || !Number.isInteger(rounds) || rounds < TOOL_ROUNDS.min || rounds > TOOL_ROUNDS.max) {
    errors.toolRounds = t('check.toolRounds', { min: TOOL_ROUNDS.min, max: TOOL_ROUNDS.max });
  } else settings.toolRounds = rounds;

  const functions = checkFunctions(form.functions, errors, t);
  const url = form.mcpUrl.trim();
  if (form.mcpEnabled && !/^https?:\/\/[^\s/]+/i.test(url)) errors.mcpUrl = t('check.mcpUrl');
  const tools: ChatTools = { webSearch: form.webSearch, fileSearch: form.fileSearch, functions, mcp: { enabled: form.mcpEnabled && !errors.mcpUrl, url }, mcpServers: form.mcpServers };
  settings.tools = tools;
  return { settings, errors };
}

export type ChatApi = 'chat' | 'responses' | 'native';

/** How an API is named in sentences: "chat completions" and "responses" are names, kept in every language; "native" is a word. */
export const apiLabel = (api: ChatApi, t: TFunction<'chat'>): string =>
  api === 'chat' ? 'chat completions' : api === 'responses' ? 'responses' : t('apiNative');

export const toolsOn = (t: ChatTools) => t.webSearch || t.fileSearch || t.functions.length > 0 || t.mcp.enabled || t.mcpServers.length > 0;

/**
 * Which API a turn goes through: native when chosen (for a native text model); else the
 * responses API when it carries images or tools (the chat completions API takes neither);
 * else chat completions.
 */
export function effectiveApi(s: Pick<ChatSettings, 'api' | 'model' | 'tools'>, hasImages: boolean): ChatApi {
  if (s.api !== 'auto') return s.api;
  return hasImages || toolsOn(s.tools) ? 'responses' : 'chat';
}

/**
 * The API kept when the model changes: the chosen one if the new model takes it, else the first
 * the model has (chat completions for every chat model), shown at once in the API box. An older
 * conversation's Auto stays Auto until the creator picks an API.
 */
export function apiFor(api: ChatSettings['api'], model: string): ChatSettings['api'] {
  const id = model.trim();
  if (api === 'auto' || !id || apiTakes(api, id)) return api;
  return textModel(id).apis[0] ?? 'chat';
}

/** What the API of a turn cannot carry that the turn has (spec 2.4, 4.4, 4.5): said before sending. */
export function apiLacks(api: ChatApi, s: Pick<ChatSettings, 'tools'>, hasImages: boolean): 'images' | 'tools' | undefined {
  if (hasImages && api === 'chat') return 'images';
  if (toolsOn(s.tools) && api !== 'responses') return 'tools';
  return undefined;
}

/** The model a responses-API turn uses: the conversation's own when the responses API has it. */
export function responsesModelOf(s: Pick<ChatSettings, 'model' | 'responsesModel'>): string {
  return (RESPONSES_MODELS as readonly string[]).includes(s.model) ? s.model : s.responsesModel;
}

/** Parameters an API does not take (spec 4.4 and 2.8), so the panel can say they are ignored. */
const IGNORED: Record<ChatApi, readonly string[]> = {
  chat: ['tools'],
  responses: ['frequency_penalty', 'presence_penalty', 'stop', 'n'],
  native: ['frequency_penalty', 'presence_penalty', 'stop', 'n', 'tools'],
};

export const ignoredBy = (api: ChatApi, field: string) => IGNORED[api].includes(field);
