/** The native interface's answers (spec 2.9, 4.5): SSE events, a streamed JSON array, a whole body. */
import { describe, expect, it } from 'vitest';
import { nativeEvents } from './native-chunks.js';
import { everySplit, receive, responseOf, sse, textOf } from './test/receive.js';

const SAFE = [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }];
const HIGH = [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH' }];
const meta = { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 41, thoughtsTokenCount: 24 };

const piece = (text: string | undefined, finishReason?: string, extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts: text === undefined ? [] : [{ text }] }, index: 0, safetyRatings: SAFE, ...(finishReason ? { finishReason } : {}) }],
  promptFeedback: { safetyRatings: SAFE },
  usageMetadata: meta,
  ...extra,
});

describe('native SSE (?alt=sse)', () => {
  it('joins the text of each event (a 2.9 object) and ends complete on finishReason', async () => {
    const r = await receive(responseOf(sse(piece('Bonjour'), piece(' à tous'), piece('', 'STOP'))), 'native');
    expect(textOf(r)).toBe('Bonjour à tous');
    expect(r.message.choices?.[0]).toMatchObject({ finishReason: 'STOP', safetyRatings: SAFE });
    expect(r.message.promptSafetyRatings).toEqual(SAFE);
    expect(r.message.usage).toEqual({ prompt: 12, completion: 5, total: 41, thoughts: 24 });
    expect(r.settled).toEqual({ outcome: 'done', status: 'complete' });
  });

  it('accepts enveloped events (the text models answer in the envelope)', async () => {
    const r = await receive(responseOf(sse({ code: 200, data: piece('Hi') }, { code: 200, data: piece(undefined, 'MAX_TOKENS') })), 'native');
    expect([textOf(r), r.message.choices?.[0].finishReason, r.settled.status]).toEqual(['Hi', 'MAX_TOKENS', 'complete']);
  });

  it('keeps a SAFETY stop with its ratings: complete, no text, the reason shown', async () => {
    const r = await receive(responseOf(sse({ candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'SAFETY', safetyRatings: HIGH }] })), 'native');
    expect(r.message.choices?.[0]).toEqual({ text: '', finishReason: 'SAFETY', safetyRatings: HIGH });
    expect(r.settled.status).toBe('complete');
  });

  it('a prompt blocked outright (promptFeedback.blockReason, no candidates) ends as SAFETY with the prompt ratings', () => {
    const events = nativeEvents({ promptFeedback: { blockReason: 'SAFETY', safetyRatings: HIGH } });
    expect(events).toEqual([{ type: 'promptSafety', ratings: HIGH }, { type: 'finish', choice: 0, reason: 'SAFETY' }]);
  });

  it('a stream that closes before any finishReason is incomplete, its text kept', async () => {
    const r = await receive(responseOf(sse(piece('So far'))), 'native');
    expect([textOf(r), r.settled.status, r.settled.error?.retryable]).toEqual(['So far', 'incomplete', true]);
  });

  it('leaves thought parts out of the answer', () => {
    const events = nativeEvents({ candidates: [{ content: { parts: [{ text: 'thinking…', thought: true }, { text: 'Answer' }] } }] });
    expect(events).toEqual([{ type: 'delta', choice: 0, text: 'Answer' }]);
  });

  it('an envelope with an error code is an error', async () => {
    const r = await receive(responseOf(sse({ code: 429, message: 'quota' })), 'native');
    expect(r.settled).toMatchObject({ status: 'failed', error: { code: 'rate_limited' } });
  });
});

describe('native streamed JSON array (no alt=sse)', () => {
  // Small objects keep the every-split loop quick; the shapes are the same as above.
  const small = (text: string, finishReason?: string) => ({ candidates: [{ content: { parts: [{ text }] }, ...(finishReason ? { finishReason } : {}) }] });
  const array = `[${JSON.stringify(small('{"brace": "}\\" ]'))},\r\n${JSON.stringify(small(' 日本 👋'))},\n${JSON.stringify(small('', 'STOP'))}]`;

  it('finds every object whatever byte the network splits at (inside strings, escapes, characters)', async () => {
    for (const chunks of everySplit(array)) {
      const r = await receive(responseOf(chunks, { contentType: 'application/json' }), 'native');
      expect(textOf(r)).toBe('{"brace": "}\\" ] 日本 👋');
      expect(r.settled.status).toBe('complete');
    }
  });

  it('reads an array arriving one byte at a time', async () => {
    const bytes = new TextEncoder().encode(array);
    const r = await receive(responseOf(Array.from(bytes, (b) => new Uint8Array([b])), { contentType: 'application/json' }), 'native');
    expect([textOf(r), r.settled.status]).toEqual(['{"brace": "}\\" ] 日本 👋', 'complete']);
  });

  it('without its closing ] the answer is incomplete (kept), and a cut connection says it dropped', async () => {
    const open = `[${JSON.stringify(piece('Start'))},\n${JSON.stringify(piece('', 'STOP'))}`;
    const r = await receive(responseOf([open], { contentType: 'application/json' }), 'native');
    expect([textOf(r), r.settled.status]).toEqual(['Start', 'incomplete']);
    const cut = await receive(responseOf([`[${JSON.stringify(piece('Before the cut'))},`], { contentType: 'application/json', cut: true }), 'native');
    expect([textOf(cut), cut.settled.status, cut.settled.error?.code]).toEqual(['Before the cut', 'incomplete', 'unreachable']);
    expect(cut.settled.error?.message).toMatch(/connection dropped.*text so far is kept/);
  });

  it('skips a malformed element, logs it, and reads on', async () => {
    const body = `[${JSON.stringify(piece('One'))},{"candidates": [oops]},${JSON.stringify(piece(' two', 'STOP'))}]`;
    const r = await receive(responseOf([body], { contentType: 'application/json' }), 'native');
    expect([textOf(r), r.settled.status]).toEqual(['One two', 'complete']);
    expect(r.logs).toEqual([expect.stringMatching(/skipped a malformed native stream event/)]);
  });
});

describe('native whole answer (generateContent)', () => {
  it('reads the enveloped text-model answer and the bare form alike', async () => {
    const enveloped = await receive(responseOf([JSON.stringify({ code: 200, data: piece('Whole', 'STOP') })], { contentType: 'application/json' }), 'native', false);
    expect([textOf(enveloped), enveloped.settled.status, enveloped.message.usage?.thoughts]).toEqual(['Whole', 'complete', 24]);
    const bare = await receive(responseOf([JSON.stringify(piece('Bare', 'STOP'))], { contentType: 'application/json' }), 'native', false);
    expect(textOf(bare)).toBe('Bare');
  });
});
