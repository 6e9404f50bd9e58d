/**
 * A broken stream on each of the three text APIs keeps the partial reply and says so. The chat
 * completions API has its own cases in chat-faults.test.ts; these are the responses API (a
 * conversation with a tool on) and the native streamGenerateContent (a native text model), each
 * cut, stalled, and ended without its terminator by the sandbox's stream faults.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manualIdle, openChat } from './test/chat-harness.js';

const APIS = {
  responses: { settings: { api: 'responses', tools: { webSearch: true, fileSearch: false, functions: [], mcp: { enabled: false, url: '' } } }, path: '/v1/responses' },
  native: { settings: { api: 'native', model: 'modelc-2.5-flash' }, path: ':streamGenerateContent' },
} as const;

const MODES = {
  cut: { code: 'unreachable', says: /connection dropped while the reply was streaming\. The text so far is kept\./ },
  stall: { code: 'timeout', says: /stopped sending the reply .* The text so far is kept\./ },
  'no-terminator': { code: 'bad_response', says: /stopped before the gateway said it was finished\. The text so far is kept\./ },
} as const;

const matrix = (Object.keys(APIS) as (keyof typeof APIS)[]).flatMap((api) => (Object.keys(MODES) as (keyof typeof MODES)[]).map((mode) => [api, mode] as const));

describe('a broken stream keeps its partial reply, on every text API', () => {
  it.each(matrix)('%s API, stream %s: status incomplete, the text so far kept on disk, a message that says so', async (api, mode) => {
    // The stall watch fires only once the stall is seen, so a slow moment elsewhere cannot end a stream early.
    const idle = manualIdle();
    const c = await openChat({ chatTiming: { idleTimer: idle.timer } });
    const conv = await c.create(APIS[api].settings);
    await c.admin('faults/stream', { mode, after_chunks: 4 });
    const started = await c.send(conv.id, 'Tell a long story [tokens:60]');
    if (mode === 'stall') {
      // The sandbox sent its first chunks and then nothing: the limit passing now is a stall.
      await c.until(async () => (c.streamed(started.streamId)[0] ?? '').length > 0);
      expect(idle.fire()).toBe(1);
    }
    const end = await c.ended(started.streamId);
    expect(c.lastBody(APIS[api].path)).toBeDefined();

    expect(end).toMatchObject({ outcome: 'error', message: { api, status: 'incomplete', error: { code: MODES[mode].code, retryable: true } } });
    expect(end.message.error.message).toMatch(MODES[mode].says);
    const partial: string = end.message.choices[0].text;
    expect(partial.length).toBeGreaterThan(0);
    // The renderer saw exactly what was kept.
    expect(c.streamed(started.streamId)).toEqual([partial]);
    expect(c.endsOf(started.streamId)).toHaveLength(1);

    const saved = JSON.parse(readFileSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`), 'utf8')).messages[1];
    expect(saved).toMatchObject({ status: 'incomplete', choices: [{ text: partial }], error: { code: MODES[mode].code } });

    // The conversation goes on: the next turn, without a fault, completes.
    expect((await c.ask(conv.id, 'Go on')).end.message.status).toBe('complete');
  });
});
