/**
 * Function calls answered by hand, end to end: the real core against the real sandbox, in both
 * of its answer shapes, streamed and whole (docs/gateway-rules.md, "Tool calls").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../index.js';
import { testPorts } from '../test/file-ports.js';
import { openChat } from './test/chat-harness.js';

const fn = (name: string, properties: Record<string, unknown>) =>
  ({ name, description: `The ${name} tool`, parameters: { type: 'object', properties, required: Object.keys(properties) } });
const WEATHER = fn('get_weather', { city: { type: 'string' } });
const TIME = fn('get_time', { zone: { type: 'string', enum: ['UTC', 'CET'] } });
/** The sandbox does not follow `pattern`: its `sandbox-code` cannot fit. */
const STRICT = fn('check_code', { code: { type: 'string', pattern: '^[A-Z]{3}$' } });
const tools = (...functions: unknown[]) => ({ webSearch: false, fileSearch: false, functions, mcp: { enabled: false, url: '' } });

type Chat = Awaited<ReturnType<typeof openChat>>;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function open(shape: 'chat' | 'responses', settings: Record<string, unknown> = {}) {
  const c = await openChat();
  if (shape === 'responses') await c.admin('tools/shape', { shape: 'responses' });
  const conv = await c.create({ api: 'responses', tools: tools(WEATHER, TIME), ...settings });
  return { c, conv };
}

const answer = (c: Chat, conversationId: string, messageId: string, callId: string, a: unknown) =>
  c.call('chat.answerToolCall', { conversationId, messageId, callId, answer: a });

const callsOf = (m: any) => m.choices[m.selected ?? 0].toolCalls as any[];

describe.each([
  ['chat', true], ['chat', false], ['responses', true], ['responses', false],
] as const)('function calls answered by hand (%s shape, streamed: %s)', (shape, stream) => {
  it('a call answered with a result continues the reply in a new turn that quotes it', async () => {
    const { c, conv } = await open(shape, { stream });
    const { end } = await c.ask(conv.id, 'What does get_weather say for Paris?');
    expect(end).toMatchObject({ outcome: 'done', message: { status: 'complete' } });
    const [call] = callsOf(end.message);
    expect(call).toMatchObject({ name: 'get_weather', arguments: '{"city":"sandbox-city"}' });
    expect(call.problems).toBeUndefined();
    expect(call.answer).toBeUndefined();

    const r = await answer(c, conv.id, end.message.id, call.id, { kind: 'result', text: 'Sunny, 21 °C' });
    expect(r.ok).toBe(true);
    const started = r.value.started;
    expect(started).toMatchObject({ conversationId: conv.id, reply: { role: 'assistant', status: 'streaming' } });
    expect(started.user).toBeUndefined();
    const next = await c.ended(started.streamId);
    expect(next).toMatchObject({ outcome: 'done', message: { id: started.reply.id, status: 'complete' } });
    expect(next.message.choices[0].text).toContain('The tool get_weather returned: Sunny, 21 °C');
    expect(c.streamed(started.streamId)).toEqual([next.message.choices[0].text]);

    // The context: the user turn, the call as the model made it, the creator's answer.
    expect(c.lastBody('/v1/responses').input).toEqual([
      { role: 'user', content: [{ type: 'input_text', text: 'What does get_weather say for Paris?' }] },
      { type: 'function_call', call_id: call.id, name: 'get_weather', arguments: '{"city":"sandbox-city"}' },
      { type: 'function_call_output', call_id: call.id, output: 'Sunny, 21 °C' },
    ]);
    const saved = (await c.value('chat.get', { id: conv.id })).messages;
    expect(saved.map((m: any) => m.id)).toEqual([expect.any(String), end.message.id, started.reply.id]);
    expect(callsOf(saved[1])[0]).toMatchObject({ id: call.id, answer: { kind: 'result', text: 'Sunny, 21 °C' }, answeredAt: expect.any(Number) });
    // Each turn carries its own usage; the export adds them up.
    expect(saved[1].usage.total).toBeGreaterThan(0);
    expect(saved[2].usage.total).toBeGreaterThan(0);
    const { markdown } = await c.value('chat.exportMarkdown', { id: conv.id });
    expect(markdown).toContain(`_Tokens in this conversation: prompt ${saved[1].usage.prompt + saved[2].usage.prompt}`);
  });

  it('two calls in one turn are answered one by one; a declined one tells the model so', async () => {
    const { c, conv } = await open(shape, { stream });
    const { end } = await c.ask(conv.id, 'Check get_time first, then get_weather.');
    const [time, weather] = callsOf(end.message);
    expect([time.name, weather.name]).toEqual(['get_time', 'get_weather']);
    const first = await answer(c, conv.id, end.message.id, weather.id, { kind: 'result', text: 'Rain' });
    expect(first).toEqual({ ok: true, value: {} });
    expect(callsOf((await c.value('chat.get', { id: conv.id })).messages[1])[1].answer).toEqual({ kind: 'result', text: 'Rain' });
    const second = await answer(c, conv.id, end.message.id, time.id, { kind: 'declined' });
    const next = await c.ended(second.value.started.streamId);
    expect(next.message.choices[0].text).toContain('The tool get_time returned: The user declined to run this tool.');
    expect(next.message.choices[0].text).toContain('The tool get_weather returned: Rain');
    expect(c.lastBody('/v1/responses').input.slice(1).map((i: any) => [i.type, i.call_id])).toEqual([
      ['function_call', time.id], ['function_call_output', time.id], ['function_call', weather.id], ['function_call_output', weather.id],
    ]);
    // A call answers once.
    const again = await answer(c, conv.id, end.message.id, time.id, { kind: 'result', text: 'late' });
    expect(again.error).toMatchObject({ code: 'conflict', text: { code: 'chat.tools.alreadyAnswered' } });
  });

  it('arguments that do not fit the offered schema are kept with their problems', async () => {
    const { c, conv } = await open(shape, { stream, tools: tools(STRICT) });
    const { end } = await c.ask(conv.id, 'Please run check_code.');
    const [call] = callsOf(end.message);
    expect(call).toMatchObject({ name: 'check_code', arguments: '{"code":"sandbox-code"}' });
    expect(call.problems).toEqual([expect.objectContaining({ code: 'chat.tools.argumentMismatch', params: expect.objectContaining({ path: '/code' }) })]);
    expect(callsOf((await c.value('chat.get', { id: conv.id })).messages[1])[0].problems).toEqual(call.problems);
    // The creator still decides: a call with problems can be answered.
    const r = await answer(c, conv.id, end.message.id, call.id, { kind: 'declined' });
    expect((await c.ended(r.value.started.streamId)).outcome).toBe('done');
  });

  it('past the round limit the turn ends marked, its calls refused until the limit is raised', async () => {
    // Only get_weather is offered at first; once get_time is too, the next reply calls it: round 2.
    const { c, conv } = await open(shape, { stream, toolRounds: 1, tools: tools(WEATHER) });
    const { end } = await c.ask(conv.id, 'Use get_weather, then get_time.');
    expect(end.message.error).toBeUndefined();
    // A settings change that does not name the limit keeps it.
    expect((await c.value('chat.update', { id: conv.id, settings: { tools: tools(WEATHER, TIME) } })).settings.toolRounds).toBe(1);
    const r = await answer(c, conv.id, end.message.id, callsOf(end.message)[0].id, { kind: 'result', text: 'Fog' });
    const round2 = await c.ended(r.value.started.streamId);
    expect(round2.message).toMatchObject({
      status: 'complete', error: { code: 'conflict', retryable: false, text: { code: 'chat.tools.roundLimit', params: { rounds: 2, limit: 1 } } },
    });
    const [time] = callsOf(round2.message);
    expect(time.name).toBe('get_time');
    const refused = await answer(c, conv.id, round2.message.id, time.id, { kind: 'result', text: '12:00' });
    expect(refused.error).toMatchObject({ code: 'conflict', text: { code: 'chat.tools.roundLimit' } });
    expect(callsOf((await c.value('chat.get', { id: conv.id })).messages[2])[0].answer).toBeUndefined();

    await c.value('chat.update', { id: conv.id, settings: { toolRounds: 2 } });
    const allowed = await answer(c, conv.id, round2.message.id, time.id, { kind: 'result', text: '12:00' });
    const done = await c.ended(allowed.value.started.streamId);
    expect(done.message.choices[0].text).toContain('The tool get_time returned: 12:00');
    expect((await c.value('chat.get', { id: conv.id })).messages[2].error).toBeUndefined();
  });
});

describe('function calls: refusals, restarts and export', () => {
  it('refuses an answer while a reply is running, to a gone call, and to a turn the conversation went past', async () => {
    const { c, conv } = await open('chat');
    const { end } = await c.ask(conv.id, 'get_weather please');
    const [call] = callsOf(end.message);
    expect((await answer(c, conv.id, end.message.id, 'no-such-call', { kind: 'declined' })).error)
      .toMatchObject({ code: 'not_found', param: 'callId', text: { code: 'chat.tools.callGone' } });
    const user = (await c.value('chat.get', { id: conv.id })).messages[0];
    expect((await answer(c, conv.id, user.id, call.id, { kind: 'declined' })).error).toMatchObject({ code: 'not_found' });

    await c.admin('pace', { ms: 2000 });
    const slow = await c.send(conv.id, 'A long story meanwhile [tokens:400]');
    await c.until(async () => (c.streamed(slow.streamId)[0] ?? '').length > 0);
    const busy = await answer(c, conv.id, end.message.id, call.id, { kind: 'declined' });
    expect(busy.error).toMatchObject({ code: 'conflict', text: { code: 'chat.reply.stillWriting' } });
    await c.value('chat.stop', { streamId: slow.streamId });
    await c.ended(slow.streamId);
    await c.admin('pace', { ms: 0 });
    // The creator wrote on instead of answering: the call stays open, unsent, and unanswerable.
    const moved = await answer(c, conv.id, end.message.id, call.id, { kind: 'declined' });
    expect(moved.error).toMatchObject({ code: 'conflict', text: { code: 'chat.tools.movedOn' } });
    expect(callsOf((await c.value('chat.get', { id: conv.id })).messages[1])[0].answer).toBeUndefined();
    await c.ask(conv.id, 'And now?');
    expect(c.lastBody('/v1/responses').input.some((i: any) => i.type)).toBe(false);
  });

  it('Stop while the reply after an answer streams keeps what was written, and the answer stays given', async () => {
    const { c, conv } = await open('responses');
    const { end } = await c.ask(conv.id, 'get_weather for Oslo [tokens:400]');
    const [call] = callsOf(end.message);
    await c.admin('pace', { ms: 2000 });
    const r = await answer(c, conv.id, end.message.id, call.id, { kind: 'result', text: 'Snow' });
    const { streamId } = r.value.started;
    await c.until(async () => (c.streamed(streamId)[0] ?? '').length > 0);
    await c.value('chat.stop', { streamId });
    const stopped = await c.ended(streamId);
    await c.admin('pace', { ms: 0 });
    expect(stopped).toMatchObject({ outcome: 'aborted', message: { status: 'stopped' } });
    expect(stopped.message.choices[0].text.length).toBeGreaterThan(0);
    const saved = (await c.value('chat.get', { id: conv.id })).messages;
    expect(saved.map((m: any) => m.status ?? m.role)).toEqual(['user', 'complete', 'stopped']);
    expect(callsOf(saved[1])[0].answer).toEqual({ kind: 'result', text: 'Snow' });
    // The stopped reply goes on with Continue, the calls and the answer still in its context.
    const more = await c.value('chat.continue', { conversationId: conv.id, messageId: stopped.message.id });
    expect((await c.ended(more.streamId)).message.status).toBe('complete');
    expect(c.lastBody('/v1/responses').input.filter((i: any) => i.type === 'function_call_output')).toEqual([{ type: 'function_call_output', call_id: call.id, output: 'Snow' }]);
  });

  it('a call left open survives a restart of the core and is answered then', async () => {
    const ports = testPorts();
    cleanups.push(() => ports.cleanup());
    const run = async <T>(work: (value: (method: string, input: unknown) => Promise<any>, ended: (id: string) => Promise<any>) => Promise<T>) => {
      const core = await createCore(ports);
      const ends: any[] = [];
      core.subscribe((event, payload) => void (event === 'chat.onDidEnd' && ends.push(payload)));
      const value = async (method: string, input: unknown) => {
        const r = (await core.dispatch(method, input)) as any;
        if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
        return r.value;
      };
      const ended = async (streamId: string) => {
        while (!ends.some((e) => e.streamId === streamId)) await new Promise((r) => setTimeout(r, 20));
        return ends.find((e) => e.streamId === streamId);
      };
      try {
        return await work(value, ended);
      } finally {
        await core.close();
      }
    };
    const { convId, message } = await run(async (value, ended) => {
      const conv = await value('chat.create', { settings: { api: 'responses', tools: tools(WEATHER) } });
      const started = await value('chat.send', { conversationId: conv.id, text: 'get_weather for Oslo' });
      return { convId: conv.id as string, message: (await ended(started.streamId)).message };
    });
    const text = await run(async (value, ended) => {
      const [saved] = callsOf((await value('chat.get', { id: convId })).messages[1]);
      expect(saved).toEqual(callsOf(message)[0]);
      const r = await value('chat.answerToolCall', { conversationId: convId, messageId: message.id, callId: saved.id, answer: { kind: 'result', text: 'Snow' } });
      return (await ended(r.started.streamId)).message.choices[0].text as string;
    });
    expect(text).toContain('The tool get_weather returned: Snow');
  });

  it('exports each call with its arguments, answer or refusal, and problems', async () => {
    const { c, conv } = await open('responses', { tools: tools(WEATHER, TIME, STRICT) });
    const { end } = await c.ask(conv.id, 'Call get_weather, get_time and check_code.');
    const [weather, time, strict] = callsOf(end.message);
    await answer(c, conv.id, end.message.id, weather.id, { kind: 'result', text: 'Hail' });
    await answer(c, conv.id, end.message.id, time.id, { kind: 'declined' });
    const r = await answer(c, conv.id, end.message.id, strict.id, { kind: 'result', text: 'ok' });
    await c.ended(r.value.started.streamId);
    const { markdown } = await c.value('chat.exportMarkdown', { id: conv.id });
    expect(markdown).toContain(['**Function call: get_weather**', '', '```json', '{', '  "city": "sandbox-city"', '}', '```', '', 'Result:', '', '```', 'Hail', '```'].join('\n'));
    expect(markdown).toContain(['**Function call: get_time**', '', '```json', '{', '  "zone": "UTC"', '}', '```', '', '_Declined._'].join('\n'));
    expect(markdown).toMatch(/\*\*Function call: check_code\*\*[\s\S]*Problems with the arguments:\n\n- \/code: must match pattern/);
    expect(markdown).toContain('The tool get_weather returned: Hail');
  });
});
