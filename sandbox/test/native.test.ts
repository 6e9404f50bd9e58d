import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { envelope, NativeResponse } from '@shared/gateway/index.js';
import { renderPromptImage } from '../media/image-render.js';
import { call, errorOf, readSse, useSandbox } from './harness.js';

const sandbox = useSandbox();
const url = () => sandbox().url;
const native = (model: string, body: Record<string, unknown>, method = 'generateContent', query = '') =>
  call(url(), `/v1beta/models/${model}:${method}${query}`, { body });
const ask = (text: string, extra: Record<string, unknown> = {}) => ({ contents: [{ role: 'user', parts: [{ text }] }], ...extra });

describe('native text models (spec 4.5, 2.9)', () => {
  it('answers in the envelope with candidates, promptFeedback and usageMetadata', async () => {
    const { data } = envelope(NativeResponse).parse(await (await native('modelc-2.5-flash', ask('Name three colours'))).json());
    expect(data.candidates[0].content.role).toBe('model');
    expect(data.candidates[0].finishReason).toBe('STOP');
    expect(data.candidates[0].index).toBe(0);
    expect(JSON.stringify(data.candidates[0].content.parts)).toContain('Name three colours');
    expect(data.promptFeedback?.safetyRatings.length).toBeGreaterThan(0);
    const u = data.usageMetadata;
    expect(u.totalTokenCount).toBe(u.promptTokenCount + u.candidatesTokenCount);
    expect(u.thoughtsTokenCount).toBeUndefined();
    expect(u.promptTokensDetails?.[0]).toMatchObject({ modality: 'TEXT' });
  });

  it('reports thoughtsTokenCount for the thinking model', async () => {
    const { data } = envelope(NativeResponse).parse(await (await native('modelc-2.5-pro-thinking', ask('Think hard'))).json());
    const u = data.usageMetadata;
    expect(u.thoughtsTokenCount).toBeGreaterThan(0);
    expect(u.totalTokenCount).toBe(u.promptTokenCount + u.candidatesTokenCount + u.thoughtsTokenCount!);
  });

  it('ends with MAX_TOKENS when maxOutputTokens is reached', async () => {
    const { data } = envelope(NativeResponse).parse(await (await native('modelc-2.5-pro', ask('Write a lot', { generationConfig: { maxOutputTokens: 5 } }))).json());
    expect(data.candidates[0].finishReason).toBe('MAX_TOKENS');
    expect(data.usageMetadata.candidatesTokenCount).toBe(5);
  });

  it.each(['MAX_TOKENS', 'SAFETY', 'RECITATION', 'OTHER'])('reaches finishReason %s through the [finish:%s] directive', async (reason) => {
    const { data } = envelope(NativeResponse).parse(await (await native('modelc-2.5-flash-lite', ask(`Test [finish:${reason}]`))).json());
    expect(data.candidates[0].finishReason).toBe(reason);
    if (reason === 'SAFETY') {
      expect(data.candidates[0].content.parts).toEqual([]);
      expect(data.candidates[0].safetyRatings?.some((r) => r.probability === 'HIGH')).toBe(true);
    }
  });

  it('streams as SSE with ?alt=sse, each event a 2.9 object, the last with finishReason', async () => {
    const whole = (await (await native('modelc-2.5-flash', ask('Stream me'))).json()).data;
    const { events } = await readSse(await native('modelc-2.5-flash', ask('Stream me'), 'streamGenerateContent', '?alt=sse'));
    expect(events.length).toBeGreaterThan(5);
    for (const e of events) NativeResponse.parse(e);
    expect(events.map((e) => e.candidates[0].content.parts.map((p: { text: string }) => p.text).join('')).join('')).toBe(whole.candidates[0].content.parts[0].text);
    expect(events.at(-1).candidates[0].finishReason).toBe('STOP');
    expect(events.at(-1).usageMetadata).toEqual(whole.usageMetadata);
  });

  it('streams a JSON array without alt=sse', async () => {
    const res = await native('modelc-2.5-flash', ask('Array me'), 'streamGenerateContent');
    const arr = JSON.parse(await res.text());
    expect(Array.isArray(arr)).toBe(true);
    expect(arr.length).toBeGreaterThan(5);
    for (const e of arr) NativeResponse.parse(e);
  });

  it('reads the system prompt from systemInstruction and ends at a stop sequence with STOP', async () => {
    const { data } = envelope(NativeResponse).parse(await (await native('modelc-2.5-flash', ask('Hello', {
      systemInstruction: { parts: [{ text: 'Answer like a pirate' }] },
      generationConfig: { stopSequences: ['Tip:'] },
    }))).json());
    const text = (data.candidates[0].content.parts[0] as { text: string }).text;
    expect(text).toContain('System prompt: "Answer like a pirate"');
    expect(text).not.toContain('Tip:');
    expect(data.candidates[0].finishReason).toBe('STOP');
    expect(await errorOf(await native('modelc-2.5-flash', ask('x', { systemInstruction: 'be brief' })))).toMatchObject({ status: 400, param: 'systemInstruction' });
  });

  it('refuses an unknown native model with 404 and a bad body with 400', async () => {
    expect((await errorOf(await native('modelc-9', ask('x')))).status).toBe(404);
    expect(await errorOf(await native('modelc-2.5-flash', { contents: [] }))).toMatchObject({ status: 400, param: 'contents' });
    expect(await errorOf(await native('modelc-2.5-flash', ask('x', { generationConfig: { responseModalities: ['AUDIO'] } })))).toMatchObject({ status: 400 });
  });
});

describe('native image models (spec 4.5: bare 2.9 object)', () => {
  const decode = (b64: string) => PNG.sync.read(Buffer.from(b64, 'base64'));

  it('returns a real PNG in inlineData plus a text part, without the envelope', async () => {
    const body = await (await native('modelc-2.5-flash-image-preview', { contents: [{ parts: [{ text: 'a lighthouse at dusk' }] }], generationConfig: { responseModalities: ['IMAGE', 'TEXT'] } })).json();
    expect(body.code).toBeUndefined();
    const r = NativeResponse.parse(body);
    const parts = r.candidates[0].content.parts as Array<{ text?: string; inlineData?: { mimeType: string; data: string } }>;
    const image = parts.find((p) => p.inlineData)!;
    expect(image.inlineData!.mimeType).toBe('image/png');
    const png = decode(image.inlineData!.data);
    expect([png.width, png.height]).toEqual([1024, 1024]);
    expect(parts.find((p) => p.text)?.text).toContain('a lighthouse at dusk');
  });

  it('edits the input image it was given: same size, visibly different pixels', async () => {
    const input = renderPromptImage({ prompt: 'a green field', width: 320, height: 200 });
    const body = await (await native('modelc-3-pro-image-preview', {
      contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: input.toString('base64') } }, { text: 'invert the colours' }] }],
      generationConfig: { responseModalities: ['IMAGE'] },
    })).json();
    const parts = NativeResponse.parse(body).candidates[0].content.parts as Array<{ inlineData?: { data: string } }>;
    const out = decode(parts.find((p) => p.inlineData)!.inlineData!.data);
    const src = PNG.sync.read(input);
    expect([out.width, out.height]).toEqual([320, 200]);
    let changed = 0;
    for (let i = 0; i < src.data.length; i += 4) if (Math.abs(src.data[i] - out.data[i]) > 40) changed++;
    expect(changed / (320 * 200)).toBeGreaterThan(0.5);
  });

  it('answers text only without IMAGE in responseModalities', async () => {
    const body = await (await native('modelc-3-pro-image-preview', { contents: [{ parts: [{ text: 'describe a cat' }] }] })).json();
    const parts = NativeResponse.parse(body).candidates[0].content.parts;
    expect(parts.every((p) => 'text' in p)).toBe(true);
  });
});
