/** Which API a reply uses, and the body each API gets (spec 4.3, 4.4, 4.5). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView, type ChatSettings } from '@shared/contract/chat.js';
import { ChatRequest, NativeRequest, ResponsesRequest } from '@shared/gateway/requests-text.js';
import { buildRequest, chooseApi } from './request-builder.js';
import type { FileImage } from './chat-images.js';

const PNG_URI = 'data:image/png;base64,iVBORw0KGgo=';
const settings = (s: Partial<ChatSettings> = {}): ChatSettings => ({ ...DEFAULT_CHAT_SETTINGS, ...s });
const tools = (t: Partial<ChatSettings['tools']>): ChatSettings['tools'] => ({ ...DEFAULT_CHAT_SETTINGS.tools, ...t });
const file: FileImage = { kind: 'file', file: 'chat-images/a.png', name: 'cat.png', mime: 'image/png' };
const user = (text: string, extra: Partial<ChatMessageView> = {}): ChatMessageView => ({ id: text, role: 'user', createdAt: 0, text, ...extra });
const reply = (texts: string[], extra: Partial<ChatMessageView> = {}): ChatMessageView =>
  ({ id: texts.join(), role: 'assistant', createdAt: 0, choices: texts.map((text) => ({ text })), selected: 0, status: 'complete', ...extra });

const history = [user('Hi'), reply(['Hello!', 'Hey!'], { selected: 1 }), user('Again'), reply([''], { status: 'failed' }), user('Tell me more')];
const build = (s: ChatSettings, turns = history, extra: { mcpToken?: string; single?: boolean } = {}) =>
  buildRequest({ settings: s, turns, dataUri: () => PNG_URI, ...extra });

describe('choosing the API', () => {
  const imageTurns = [user('look', { images: [{ kind: 'url', url: 'https://x.test/a.png' }] }), reply(['ok']), user('and now?')];

  it('sends through the API the creator chose, for a model it takes', () => {
    expect(chooseApi(settings({ api: 'chat', model: 'modelb-haiku-4-5-20251001' }), history)).toBe('chat');
    expect(chooseApi(settings({ api: 'responses', model: 'modela-5' }), history)).toBe('responses');
    expect(chooseApi(settings({ api: 'native', model: 'modelc-2.5-pro' }), history)).toBe('native');
    // Chosen on purpose: chat completions even for a native text model, responses even with no image or tool.
    expect(chooseApi(settings({ api: 'chat', model: 'modelc-2.5-pro' }), history)).toBe('chat');
    expect(build(settings({ api: 'responses', model: 'modela-5' }))).toMatchObject({ api: 'responses', model: 'modela-5', path: '/v1/responses' });
    // An id the catalog does not know is a chat model (the list is open-ended).
    expect(chooseApi(settings({ api: 'chat', model: 'modelx-next' }), history)).toBe('chat');
  });

  it('never switches API or model behind the creator\'s back: what the chosen API cannot carry is refused with what to change', () => {
    const refusal = (s: ChatSettings, turns = history) => {
      try {
        chooseApi(s, turns);
      } catch (e) {
        return e as { code: string; message: string; param?: string };
      }
      return undefined;
    };
    expect(refusal(settings({ api: 'chat' }), imageTurns)).toMatchObject({ code: 'invalid_input', param: 'images', message: expect.stringMatching(/chat completions API takes text only.*responses or native/) });
    expect(refusal(settings({ api: 'chat', tools: tools({ webSearch: true }) }))).toMatchObject({ code: 'invalid_input', param: 'settings.tools', message: expect.stringMatching(/responses API only/) });
    expect(refusal(settings({ api: 'responses', model: 'modelb-opus-4-1-20250805' }))).toMatchObject({ code: 'invalid_input', param: 'settings.api', message: expect.stringMatching(/responses API does not take modelb-opus-4-1-20250805/) });
    expect(refusal(settings({ api: 'native', model: 'modela-5' }))).toMatchObject({ code: 'invalid_input', param: 'settings.api', message: expect.stringMatching(/native API does not take modela-5/) });
    expect(refusal(settings({ api: 'chat', model: 'modela-4-vision' }))).toMatchObject({ param: 'settings.api' });
  });

  it('a conversation from before the choice (Auto) keeps choosing as it did: responses for images or any tool', () => {
    const auto = (s: Partial<ChatSettings> = {}) => settings({ api: 'auto', ...s });
    expect(chooseApi(auto(), history)).toBe('chat');
    expect(chooseApi(auto(), imageTurns)).toBe('responses');
    for (const t of [{ webSearch: true }, { fileSearch: true }, { mcp: { enabled: true, url: 'https://m.test' } }]) expect(chooseApi(auto({ tools: tools(t) }), history)).toBe('responses');
    expect(build(auto({ model: 'modelb-opus-4-1-20250805', responsesModel: 'modela-4-vision' }), imageTurns).model).toBe('modela-4-vision');
  });
});

describe('chat completions body', () => {
  it('sends the system prompt first, then the turns; replies use their selected choice; failed empty replies are skipped', () => {
    const r = build(settings({ systemPrompt: 'Be brief.', temperature: 0.3, max_tokens: 50, presence_penalty: 1, stop: ['END'], n: 3 }));
    expect(r).toMatchObject({ api: 'chat', model: 'modela-5', path: '/v1/chat/completions', streamed: true });
    expect(r.json).toEqual({
      model: 'modela-5', stream: true, temperature: 0.3, max_tokens: 50, presence_penalty: 1, stop: ['END'], n: 3,
      messages: [
        { role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hey!' },
        { role: 'user', content: 'Again' }, { role: 'user', content: 'Tell me more' },
      ],
    });
    expect(ChatRequest.safeParse(r.json).success).toBe(true);
  });

  it('leaves unset parameters out, and asks for one alternative when continuing', () => {
    const r = build(settings({ n: 2, stream: false }), [user('x')], { single: true });
    expect(r.json).toEqual({ model: 'modela-5', stream: false, messages: [{ role: 'user', content: 'x' }] });
  });
});

describe('responses body', () => {
  const withImages = [user('What is this?', { images: [file, { kind: 'url', url: 'https://x.test/b.jpg' }] }), reply(['A cat.']), user('', { images: [file], imagesFirst: true }), user('Colours?', { images: [file], imagesFirst: true })];

  it('sends parts in the creator\'s order, files as data URIs and links unchanged; only its own parameters', () => {
    const r = build(settings({ api: 'responses', model: 'modela-4-vision', systemPrompt: 'S', temperature: 1.5, top_p: 0.5, max_tokens: 9, frequency_penalty: 1, stop: ['x'], n: 2 }), withImages);
    expect(r).toMatchObject({ api: 'responses', model: 'modela-4-vision', path: '/v1/responses' });
    expect(r.json).toEqual({
      model: 'modela-4-vision', stream: true, temperature: 1.5, top_p: 0.5, max_tokens: 9,
      input: [
        { role: 'system', content: 'S' },
        { role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: PNG_URI }, { type: 'input_image', image_url: 'https://x.test/b.jpg' }] },
        { role: 'assistant', content: 'A cat.' },
        { role: 'user', content: [{ type: 'input_image', image_url: PNG_URI }] },
        { role: 'user', content: [{ type: 'input_image', image_url: PNG_URI }, { type: 'input_text', text: 'Colours?' }] },
      ],
    });
    expect(ResponsesRequest.safeParse(r.json).success).toBe(true);
  });

  it('uses the conversation\'s model when the responses API has it', () => {
    expect(build(settings({ api: 'responses', model: 'modela-4o-image' }), withImages).model).toBe('modela-4o-image');
  });

  it('offers every tool that is on, with the MCP token from the secrets', () => {
    const fn = { name: 'get_weather', description: 'Weather', parameters: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } };
    const r = build(settings({ api: 'responses', tools: { webSearch: true, fileSearch: true, functions: [fn], mcp: { enabled: true, url: ' https://mcp.test/sse ' }, mcpServers: [] } }), history, { mcpToken: 'tok-123' });
    expect(r.json.tools).toEqual([
      { type: 'web_search' }, { type: 'file_search' }, { type: 'function', function: fn },
      { type: 'remote_mcp', remote_mcp: { url: 'https://mcp.test/sse', auth_token: 'tok-123' } },
    ]);
    expect(ResponsesRequest.safeParse(r.json).success).toBe(true);
  });

  it('sends answered function calls back as items, each followed by its output; an unanswered call stays out', () => {
    const calls = reply([''], {
      choices: [{
        text: 'Let me look.',
        toolCalls: [
          { id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}', answer: { kind: 'result', text: 'Snow' }, answeredAt: 1 },
          { id: 'c2', name: 'get_time', arguments: '{}', answer: { kind: 'declined' }, answeredAt: 2 },
          { id: 'c3', name: 'get_tide', arguments: '{}' },
        ],
      }],
    });
    // Turned off since, the tools leave the calls to the responses API all the same (Auto too).
    expect(chooseApi(settings({ api: 'auto' }), [user('Weather?'), calls])).toBe('responses');
    const r = build(settings({ api: 'responses' }), [user('Weather?'), calls]);
    expect(r.json.input).toEqual([
      { role: 'user', content: [{ type: 'input_text', text: 'Weather?' }] },
      { role: 'assistant', content: 'Let me look.' },
      { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { type: 'function_call_output', call_id: 'c1', output: 'Snow' },
      { type: 'function_call', call_id: 'c2', name: 'get_time', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c2', output: 'The user declined to run this tool.' },
    ]);
    expect(ResponsesRequest.safeParse(r.json).success).toBe(true);
    expect(ResponsesRequest.safeParse({ ...r.json, input: [{ type: 'function_call_output', call_id: '', output: 'x' }] }).success).toBe(false);
    expect(ResponsesRequest.safeParse({ ...r.json, input: [{ type: 'unknown_item' }] }).success).toBe(false);
  });

  it('refuses an MCP server address that is not an http(s) URL', () => {
    expect(() => build(settings({ api: 'responses', tools: tools({ mcp: { enabled: true, url: 'mcp.test' } }) }))).toThrow(/http\(s\) URL/);
  });
});

describe('native body', () => {
  const native = (s: Partial<ChatSettings> = {}) => settings({ api: 'native', model: 'modelc-2.5-flash', ...s });

  it('sends user/model contents, the system prompt as systemInstruction, and generationConfig', () => {
    const r = build(native({ systemPrompt: 'Be kind.', temperature: 0.2, top_p: 0.9, max_tokens: 100, stop: ['###'], frequency_penalty: 1 }));
    expect(r).toMatchObject({ api: 'native', model: 'modelc-2.5-flash', path: '/v1beta/models/modelc-2.5-flash:streamGenerateContent?alt=sse' });
    expect(r.json).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }] }, { role: 'model', parts: [{ text: 'Hey!' }] },
        { role: 'user', parts: [{ text: 'Again' }] }, { role: 'user', parts: [{ text: 'Tell me more' }] },
      ],
      systemInstruction: { parts: [{ text: 'Be kind.' }] },
      generationConfig: { temperature: 0.2, topP: 0.9, maxOutputTokens: 100, stopSequences: ['###'] },
    });
    expect(NativeRequest.safeParse(r.json).success).toBe(true);
  });

  it('calls generateContent when streaming is off, and sends attached images as inlineData', () => {
    const r = build(native({ stream: false }), [user('Describe', { images: [file] })]);
    expect(r.path).toBe('/v1beta/models/modelc-2.5-flash:generateContent');
    expect(r.json).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Describe' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] }] });
  });

  it('refuses image links and tools with messages that say what to do', () => {
    expect(() => build(native(), [user('x', { images: [{ kind: 'url', url: 'https://x.test/a.png' }] })])).toThrow(/attached images only.*Attach the picture as a file/);
    expect(() => build(native({ tools: tools({ webSearch: true }) }))).toThrow(/responses API only/);
  });
});
