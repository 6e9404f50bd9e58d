import { describe, expect, it } from 'vitest';
import { envelope, ResponsesResult } from '@shared/gateway/index.js';
import { renderPromptImage } from '../media/image-render.js';
import { call, errorOf, pngDataUri, readSse, useSandbox } from './harness.js';

const sandbox = useSandbox();
const url = () => sandbox().url;
const responses = (body: Record<string, unknown>) => call(url(), '/v1/responses', { body: { model: 'modela-5', input: 'Hello there', ...body } });
const png = renderPromptImage({ prompt: 'tiny', width: 64, height: 48 });

describe('responses API (spec 4.4)', () => {
  it('answers a 2.6 result with object "response", from a plain string input', async () => {
    const { data } = envelope(ResponsesResult).parse(await (await responses({})).json());
    expect(data.object).toBe('response');
    expect(data.choices[0].message.content).toContain('Hello there');
  });

  it('reads images from data URIs by content and reports them, in order with the text', async () => {
    const res = await responses({
      model: 'modela-4-vision',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is in this picture?' }, { type: 'input_image', image_url: pngDataUri(png) }, { type: 'input_image', image_url: 'https://example.com/cat.jpg' }] }],
    });
    const { data } = envelope(ResponsesResult).parse(await res.json());
    const text = data.choices[0].message.content;
    expect(text).toContain('What is in this picture?');
    expect(text).toMatch(/Images received: 2 \(PNG 64×48 \(data URI\); image at example\.com\)/);
    // Images are billed as extra prompt tokens.
    const plain = (await (await responses({ model: 'modela-4-vision', input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is in this picture?' }] }] })).json()).data;
    expect(data.usage.prompt_tokens).toBeGreaterThan(plain.usage.prompt_tokens + 100);
  });

  it('lists the tools it was offered, and bills their definitions', async () => {
    const tools = [
      { type: 'web_search' },
      { type: 'file_search' },
      { type: 'function', function: { name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
      { type: 'remote_mcp', remote_mcp: { url: 'https://mcp.example.org/sse', auth_token: 'tok' } },
    ];
    const d = (await (await responses({ tools })).json()).data;
    expect(d.choices[0].message.content).toContain('Tools offered: web_search, file_search, function get_weather, remote MCP at mcp.example.org');
    const bare = (await (await responses({})).json()).data;
    expect(d.usage.prompt_tokens).toBeGreaterThan(bare.usage.prompt_tokens);
  });

  it('streams chat-style deltas ending in [DONE]', async () => {
    const { events, done } = await readSse(await responses({ stream: true }));
    expect(done).toBe(true);
    expect(events.map((e) => e.choices[0].delta.content ?? '').join('')).toContain('Hello there');
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['a model outside the three', { model: 'modela-5-mini' }, 'model'],
    ['an image part with a bad URL', { input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'ftp://x/y.png' }] }] }, 'input.0.content.0.image_url'],
    ['a data URI that is not an image', { input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'data:image/png;base64,aGVsbG8gd29ybGQ=' }] }] }, 'input.0.content.0.image_url'],
    ['an unknown tool type', { tools: [{ type: 'code_interpreter' }] }, 'tools.0.type'],
    ['a function tool without a schema object', { tools: [{ type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'string' } } }] }, 'tools.0.function.parameters.type'],
    ['a remote MCP without a URL', { tools: [{ type: 'remote_mcp', remote_mcp: { url: 'not a url', auth_token: 't' } }] }, 'tools.0.remote_mcp.url'],
    ['temperature above 2', { temperature: 3 }, 'temperature'],
    ['top_p below 0', { top_p: -1 }, 'top_p'],
  ];
  it.each(refused)('refuses %s with 400 naming the parameter', async (_n, body, param) => {
    const e = await errorOf(await responses(body));
    expect(e.status).toBe(400);
    expect(e.param).toBe(param);
  });
});
