/** Request schemas of the text APIs: chat completions (4.3), responses (4.4), native (4.5). */
import { z } from 'zod';
import { RESPONSES_MODELS, TEXT_LIMITS } from './catalog.js';
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
  content: z.string({ error: `'content' must be a string` }),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

const stopError = `'stop' must be a string or an array of at most ${L.stopSequences} strings`;

export const ChatRequest = z.looseObject({
  model: text('model'),
  messages: z.array(ChatMessage, { error: `'messages' must be an array of { role, content }` }).min(1, { error: `'messages' must contain at least one message` }),
  ...sampling,
  frequency_penalty: num('frequency_penalty', L.frequency_penalty.min, L.frequency_penalty.max).optional(),
  presence_penalty: num('presence_penalty', L.presence_penalty.min, L.presence_penalty.max).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(L.stopSequences)], { error: stopError }).optional(),
  n: int('n', L.n.min, L.n.max).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

export const InputPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input_text'), text: z.string({ error: `'text' must be a string` }) }),
  z.object({ type: z.literal('input_image'), image_url: imageRef('image_url') }),
], { error: `content parts must be { type: 'input_text', text } or { type: 'input_image', image_url }` });
export type InputPart = z.infer<typeof InputPart>;

export const InputItem = z.object({
  role: oneOf('role', ['system', 'user', 'assistant']),
  content: z.union([z.string(), z.array(InputPart)], { error: `'content' must be a string or an array of parts` }),
});
export type InputItem = z.infer<typeof InputItem>;

const JsonSchemaObject = z.looseObject({
  type: z.literal('object', { error: `'parameters.type' must be "object"` }),
  properties: z.record(z.string(), z.unknown(), { error: `'parameters.properties' must be an object` }),
  required: z.array(z.string(), { error: `'parameters.required' must be an array of names` }).optional(),
});

export const Tool = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('web_search') }),
  z.looseObject({ type: z.literal('file_search') }),
  z.object({
    type: z.literal('function'),
    function: z.object({
      name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: `'function.name' must be 1-64 letters, digits, _ or -` }),
      description: z.string({ error: `'function.description' must be a string` }),
      parameters: JsonSchemaObject,
    }),
  }),
  z.object({
    type: z.literal('remote_mcp'),
    remote_mcp: z.object({ url: httpUrl('remote_mcp.url'), auth_token: z.string({ error: `'remote_mcp.auth_token' must be a string` }) }),
  }),
], { error: `'tools' items must have type web_search, file_search, function or remote_mcp` });
export type Tool = z.infer<typeof Tool>;

export const ResponsesRequest = z.looseObject({
  model: oneOf('model', RESPONSES_MODELS),
  input: z.union([z.string().min(1), z.array(InputItem).min(1)], { error: `'input' must be a string or a non-empty array of input items` }),
  ...sampling,
  tools: z.array(Tool).optional(),
});
export type ResponsesRequest = z.infer<typeof ResponsesRequest>;

export const NativeRequestPart = z.union([
  z.object({ text: z.string() }),
  z.object({ inlineData: z.object({ mimeType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/i, { error: `'inlineData.mimeType' must be a MIME type` }), data: z.string().regex(/^[A-Za-z0-9+/=\s]*$/, { error: `'inlineData.data' must be base64` }) }) }),
], { error: `'parts' items must be { text } or { inlineData: { mimeType, data } }` });

export const NativeRequest = z.looseObject({
  contents: z.array(z.object({
    role: oneOf('role', ['user', 'model']).optional(),
    parts: z.array(NativeRequestPart).min(1, { error: `'parts' must not be empty` }),
  }), { error: `'contents' must be an array of { role, parts }` }).min(1, { error: `'contents' must not be empty` }),
  /** Not in spec 2.8 (its table is not exhaustive); the common native form of a system prompt. */
  systemInstruction: z.object({
    role: z.string().optional(),
    parts: z.array(z.object({ text: z.string({ error: `'systemInstruction.parts' items must be { text }` }) })).min(1),
  }, { error: `'systemInstruction' must be { parts: [{ text }] }` }).optional(),
  generationConfig: z.looseObject({
    responseModalities: z.array(oneOf('responseModalities', ['IMAGE', 'TEXT'])).optional(),
    maxOutputTokens: int('maxOutputTokens', 1).optional(),
    temperature: num('temperature', 0, 2).optional(),
    topP: num('topP', 0, 1).optional(),
    stopSequences: z.array(z.string(), { error: `'stopSequences' must be an array of strings` }).max(L.stopSequences + 1).optional(),
  }).optional(),
  safetySettings: z.array(z.unknown()).optional(),
});
export type NativeRequest = z.infer<typeof NativeRequest>;
