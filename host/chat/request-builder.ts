/**
 * Builds the gateway request for a reply from a conversation's settings and its turns, through
 * the API the creator chose for it: chat completions (4.3), the responses API (4.4) or the
 * native interface (4.5), each for the models it takes (catalog `apiTakes`). What an API cannot
 * carry is refused with the reason, never sent elsewhere: chat messages are text only (spec 2.4)
 * and tools travel through the responses API only. Conversations from before the choice hold
 * `auto`, which still picks as it did: the responses API when images or answered function calls
 * are in the context or a tool is on, else chat completions. Answered function calls go back to
 * the model as `function_call` items, each followed by its `function_call_output`
 * (docs/gateway-rules.md, "Tool calls").
 */
import { msg } from '@shared/messages/index.js';
import type { ChatImage, ChatMessageView, ChatSettings, ToolAnswer, ToolCall } from '@shared/contract/chat.js';
import { apiTakes, RESPONSES_MODELS } from '@shared/gateway/catalog.js';
import { coreError } from '../errors.js';
import type { FileImage } from './chat-images.js';
import type { TextApi } from './reply-reader.js';
import type { McpRoute } from '../mcp/mcp-host.js';

export interface BuiltRequest {
  api: TextApi;
  model: string;
  path: string;
  json: Record<string, unknown>;
  streamed: boolean;
  /** The MCP tools offered, as the model knows them: where its calls to them go. */
  mcpRoutes: McpRoute[];
}

export interface BuildInput {
  settings: ChatSettings;
  /** The context: user and assistant turns, oldest first, ending with the turn to answer. */
  turns: ChatMessageView[];
  dataUri(image: FileImage): string;
  mcpToken?: string;
  /** The tools of the conversation's MCP servers that are connected now (mcp-host.ts `offer`). */
  mcpRoutes?: McpRoute[];
  /** Continue: one alternative only, appended to the partial reply. */
  single?: boolean;
}

type Part = { kind: 'text'; text: string } | { kind: 'image'; image: ChatImage };

export const toolsOn = (s: ChatSettings) =>
  s.tools.webSearch || s.tools.fileSearch || s.tools.functions.length > 0 || s.tools.mcp.enabled || s.tools.mcpServers.length > 0;

/**
 * What the model reads for a call the creator declined: one fixed English sentence, whatever the
 * studio's language, as for any other text the studio writes to a model.
 */
export const DECLINED_OUTPUT = 'The user declined to run this tool.';

export const toolOutput = (answer: ToolAnswer): string => (answer.kind === 'result' ? answer.text : DECLINED_OUTPUT);

/**
 * The answered calls of an assistant turn's selected choice. A call left unanswered (the creator
 * wrote a new message instead) is not sent: an API refuses a call that has no output.
 */
export function answeredCalls(m: ChatMessageView): (ToolCall & { answer: ToolAnswer })[] {
  if (m.role !== 'assistant') return [];
  return (m.choices?.[m.selected ?? 0]?.toolCalls ?? []).filter((c): c is ToolCall & { answer: ToolAnswer } => c.answer !== undefined);
}

const hasImages = (turns: ChatMessageView[]) => turns.some((t) => t.role === 'user' && (t.images?.length ?? 0) > 0);

/** The API a reply goes through; throws, with what to change, when the chosen one cannot carry it. */
export function chooseApi(settings: ChatSettings, turns: ChatMessageView[]): TextApi {
  const { api, model } = settings;
  if (api === 'auto') {
    // Calls answered earlier travel as responses items only, even once the tools are turned off.
    const calls = turns.some((t) => answeredCalls(t).length > 0);
    return hasImages(turns) || calls || toolsOn(settings) ? 'responses' : 'chat';
  }
  if (!apiTakes(api, model)) throw coreError('invalid_input', msg('chat.request.apiModel', { api, model }), 'settings.api');
  if (api === 'chat' && hasImages(turns)) throw coreError('invalid_input', msg('chat.request.chatNoImages'), 'images');
  if (api !== 'responses' && toolsOn(settings)) throw coreError('invalid_input', msg('chat.request.toolsNeedResponses'), 'settings.tools');
  return api;
}

/** A user turn's parts in the creator's order (spec 4.4: text first unless they chose otherwise). */
function userParts(m: ChatMessageView): Part[] {
  const text: Part[] = m.text?.trim() ? [{ kind: 'text', text: m.text }] : [];
  const images: Part[] = (m.images ?? []).map((image) => ({ kind: 'image', image }));
  return m.imagesFirst ? [...images, ...text] : [...text, ...images];
}

/** The alternative that continues the conversation; replies without text are left out. */
function assistantText(m: ChatMessageView): string | undefined {
  return m.choices?.[m.selected ?? 0]?.text || undefined;
}

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function chatBody(b: BuildInput, streamed: boolean): Record<string, unknown> {
  const s = b.settings;
  const messages: { role: string; content: string }[] = s.systemPrompt.trim() ? [{ role: 'system', content: s.systemPrompt }] : [];
  for (const t of b.turns) {
    const content = t.role === 'user' ? t.text : assistantText(t);
    if (content) messages.push({ role: t.role, content });
  }
  return defined({
    model: s.model, messages, stream: streamed,
    temperature: s.temperature, top_p: s.top_p, max_tokens: s.max_tokens,
    frequency_penalty: s.frequency_penalty, presence_penalty: s.presence_penalty,
    stop: s.stop.length ? s.stop : undefined,
    n: !b.single && s.n > 1 ? s.n : undefined,
  });
}

function tools(b: BuildInput): unknown[] | undefined {
  const t = b.settings.tools;
  const out: unknown[] = [];
  if (t.webSearch) out.push({ type: 'web_search' });
  if (t.fileSearch) out.push({ type: 'file_search' });
  for (const f of t.functions) out.push({ type: 'function', function: { name: f.name, description: f.description, parameters: f.parameters } });
  for (const r of b.mcpRoutes ?? []) out.push({ type: 'function', function: { name: r.name, description: r.description ?? '', parameters: r.schema } });
  if (t.mcp.enabled) {
    if (!/^https?:\/\/[^\s/]+/i.test(t.mcp.url.trim())) throw coreError('invalid_input', msg('chat.request.mcpUrl'), 'settings.tools.mcp.url');
    out.push({ type: 'remote_mcp', remote_mcp: { url: t.mcp.url.trim(), auth_token: b.mcpToken ?? '' } });
  }
  return out.length ? out : undefined;
}

function responsesBody(b: BuildInput, streamed: boolean): Record<string, unknown> {
  const s = b.settings;
  const input: unknown[] = s.systemPrompt.trim() ? [{ role: 'system', content: s.systemPrompt }] : [];
  for (const t of b.turns) {
    if (t.role === 'assistant') {
      const text = assistantText(t);
      if (text) input.push({ role: 'assistant', content: text });
      for (const call of answeredCalls(t)) {
        input.push({ type: 'function_call', call_id: call.id, name: call.name, arguments: call.arguments });
        input.push({ type: 'function_call_output', call_id: call.id, output: toolOutput(call.answer) });
      }
      continue;
    }
    const content = userParts(t).map((p) => (p.kind === 'text'
      ? { type: 'input_text', text: p.text }
      : { type: 'input_image', image_url: p.image.kind === 'url' ? p.image.url : b.dataUri(p.image) }));
    if (content.length) input.push({ role: 'user', content });
  }
  // Only `auto` swaps in the responses model; a chosen API was checked to take the model.
  const model = (RESPONSES_MODELS as readonly string[]).includes(s.model) ? s.model : s.responsesModel;
  return defined({ model, input, stream: streamed, temperature: s.temperature, top_p: s.top_p, max_tokens: s.max_tokens, tools: tools(b) });
}

function inlineData(b: BuildInput, image: ChatImage) {
  if (image.kind === 'url') {
    throw coreError('invalid_input', msg('chat.request.nativeNoLinks', { url: image.url.slice(0, 80) }), 'images');
  }
  const [, mimeType, data] = /^data:([^;]+);base64,(.*)$/s.exec(b.dataUri(image)) ?? [];
  return { inlineData: { mimeType, data } };
}

function nativeBody(b: BuildInput): Record<string, unknown> {
  const s = b.settings;
  const contents: unknown[] = [];
  // Function calls answered earlier are not carried: the studio offers tools through the
  // responses API only, so here a turn with calls contributes its text alone.
  for (const t of b.turns) {
    if (t.role === 'assistant') {
      const text = assistantText(t);
      if (text) contents.push({ role: 'model', parts: [{ text }] });
      continue;
    }
    const parts = userParts(t).map((p) => (p.kind === 'text' ? { text: p.text } : inlineData(b, p.image)));
    if (parts.length) contents.push({ role: 'user', parts });
  }
  const generationConfig = defined({ temperature: s.temperature, topP: s.top_p, maxOutputTokens: s.max_tokens, stopSequences: s.stop.length ? s.stop : undefined });
  return defined({
    contents,
    systemInstruction: s.systemPrompt.trim() ? { parts: [{ text: s.systemPrompt }] } : undefined,
    generationConfig: Object.keys(generationConfig).length ? generationConfig : undefined,
  });
}

export function buildRequest(b: BuildInput): BuiltRequest {
  const api = chooseApi(b.settings, b.turns);
  const streamed = b.settings.stream;
  if (api === 'native') {
    const model = b.settings.model;
    const method = streamed ? 'streamGenerateContent?alt=sse' : 'generateContent';
    return { api, model, path: `/v1beta/models/${encodeURIComponent(model)}:${method}`, json: nativeBody(b), streamed, mcpRoutes: [] };
  }
  if (api === 'responses') {
    const json = responsesBody(b, streamed);
    return { api, model: json.model as string, path: '/v1/responses', json, streamed, mcpRoutes: b.mcpRoutes ?? [] };
  }
  return { api, model: b.settings.model, path: '/v1/chat/completions', json: chatBody(b, streamed), streamed, mcpRoutes: [] };
}
