/** Request schemas of the text APIs: chat completions (4.3), responses (4.4), native (4.5). */
import { z } from 'zod';
import { RESPONSES_MODELS, TEXT_LIMITS } from './catalog.js';
import { zodMessage } from '../messages/index.js';
import { bool, httpUrl, int, num, oneOf, text, imageRef } from './rules.js';

const L = TEXT_LIMITS;

const sampling = {
  temperature: num('temperature', L.temperature.min, L.temperature.max).optional(),
  top_p: num('top_p', L.top_p.min, L.top_p.max).optional(),
  max_tokens: int('max_tokens', 1).optional(),
  stream: bool('stream').optional(),
};

export const ChatMessage = z.object({
  role: oneOf('role', ['system', 'user', 'assistant']),
  content: z.string({ error: zodMessage('rules.request.contentString') }),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

const stopError = zodMessage('rules.request.stop', { max: L.stopSequences });

export const ChatRequest = z.looseObject({
  model: text('model'),
  messages: z.array(ChatMessage, { error: zodMessage('rules.request.messagesArray') }).min(1, { error: zodMessage('rules.request.messagesMin') }),
  ...sampling,
  frequency_penalty: num('frequency_penalty', L.frequency_penalty.min, L.frequency_penalty.max).optional(),
  presence_penalty: num('presence_penalty', L.presence_penalty.min, L.presence_penalty.max).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(L.stopSequences)], { error: stopError }).optional(),
  n: int('n', L.n.min, L.n.max).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

export const InputPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input_text'), text: z.string({ error: zodMessage('rules.request.text') }) }),
  z.object({ type: z.literal('input_image'), image_url: imageRef('image_url') }),
], { error: zodMessage('rules.request.contentParts') });
export type InputPart = z.infer<typeof InputPart>;

export const InputItem = z.object({
  role: oneOf('role', ['system', 'user', 'assistant']),
  content: z.union([z.string(), z.array(InputPart)], { error: zodMessage('rules.request.contentStringOrParts') }),
});
export type InputItem = z.infer<typeof InputItem>;

/**
 * A tool loop's follow-up items (docs/gateway-rules.md, "Tool calls"): the function call the
 * model made, sent back as it was, and the client's answer to it, matched by `call_id`.
 */
export const FunctionCallItem = z.object({
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
});
export const FunctionCallOutputItem = z.object({ type: z.literal('function_call_output'), call_id: z.string().min(1), output: z.string() });

/**
 * One item of `input`: a message (spec 2.7; `type: "message"` may be said or left out, and a
 * message keeps the same rejections as before) or a tool loop's item, chosen by `type`.
 */
export const ResponsesInputItem = z.discriminatedUnion('type', [
  InputItem.extend({ type: z.literal('message').optional() }),
  FunctionCallItem,
  FunctionCallOutputItem,
], { error: zodMessage('rules.request.inputItem') });
export type ResponsesInputItem = z.infer<typeof ResponsesInputItem>;

const JsonSchemaObject = z.looseObject({
  type: z.literal('object', { error: zodMessage('rules.request.parametersType') }),
  properties: z.record(z.string(), z.unknown(), { error: zodMessage('rules.request.parametersProperties') }),
  required: z.array(z.string(), { error: zodMessage('rules.request.parametersRequired') }).optional(),
});

export const Tool = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('web_search') }),
  z.looseObject({ type: z.literal('file_search') }),
  z.object({
    type: z.literal('function'),
    function: z.object({
      name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: zodMessage('rules.request.functionName') }),
      description: z.string({ error: zodMessage('rules.request.functionDescription') }),
      parameters: JsonSchemaObject,
    }),
  }),
  z.object({
    type: z.literal('remote_mcp'),
    remote_mcp: z.object({ url: httpUrl('remote_mcp.url'), auth_token: z.string({ error: zodMessage('rules.request.mcpToken') }) }),
  }),
], { error: zodMessage('rules.request.toolsType') });
export type Tool = z.infer<typeof Tool>;

export const ResponsesRequest = z.looseObject({
  model: oneOf('model', RESPONSES_MODELS),
  input: z.union([z.string().min(1), z.array(ResponsesInputItem).min(1)], { error: zodMessage('rules.request.input') }),
  ...sampling,
  tools: z.array(Tool).optional(),
});
export type ResponsesRequest = z.infer<typeof ResponsesRequest>;

export const NativeRequestPart = z.union([
  z.object({ text: z.string() }),
  z.object({ inlineData: z.object({ mimeType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/i, { error: zodMessage('rules.request.mimeType') }), data: z.string().regex(/^[A-Za-z0-9+/=\s]*$/, { error: zodMessage('rules.request.base64') }) }) }),
], { error: zodMessage('rules.request.partsItems') });

export const NativeRequest = z.looseObject({
  contents: z.array(z.object({
    role: oneOf('role', ['user', 'model']).optional(),
    parts: z.array(NativeRequestPart).min(1, { error: zodMessage('rules.request.partsEmpty') }),
  }), { error: zodMessage('rules.request.contentsArray') }).min(1, { error: zodMessage('rules.request.contentsEmpty') }),
  /** Not in spec 2.8 (its table is not exhaustive); the common native form of a system prompt. */
  systemInstruction: z.object({
    role: z.string().optional(),
    parts: z.array(z.object({ text: z.string({ error: zodMessage('rules.request.systemParts') }) })).min(1),
  }, { error: zodMessage('rules.request.systemInstruction') }).optional(),
  generationConfig: z.looseObject({
    responseModalities: z.array(oneOf('responseModalities', ['IMAGE', 'TEXT'])).optional(),
    maxOutputTokens: int('maxOutputTokens', 1).optional(),
    temperature: num('temperature', 0, 2).optional(),
    topP: num('topP', 0, 1).optional(),
    stopSequences: z.array(z.string(), { error: zodMessage('rules.request.stopSequences') }).max(L.stopSequences + 1).optional(),
  }).optional(),
  safetySettings: z.array(z.unknown()).optional(),
});
export type NativeRequest = z.infer<typeof NativeRequest>;
