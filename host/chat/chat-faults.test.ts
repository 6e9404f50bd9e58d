/**
 * Replies that do not go to plan, made real by the sandbox's fault routes: cuts, missing
 * terminators, stalls, refusals before the first byte, Stop, a closing studio and a killed one.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../index.js';
import { testPorts } from '../test/file-ports.js';
import { ConversationStore } from './conversation-store.js';
import { manualIdle, openChat } from './test/chat-harness.js';

const onDisk = (dataDir: string, id: string) => JSON.parse(readFileSync(join(dataDir, 'conversations', `${id}.json`), 'utf8'));

describe('a stream that breaks', () => {
  it('cut mid-reply: incomplete with the text kept; Continue sends that text back and appends to it', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.admin('faults/stream', { mode: 'cut', after_chunks: 8 });
    const { started, end } = await c.ask(conv.id, 'A long story [tokens:80]');
    const partial = end.message.choices[0].text;
    expect(partial.length).toBeGreaterThan(0);
    expect(c.streamed(started.streamId)).toEqual([partial]);
    expect(end).toMatchObject({ outcome: 'error', message: { status: 'incomplete', error: { code: 'unreachable', retryable: true } } });
    expect(end.message.error.message).toMatch(/connection dropped.*text so far is kept/);
    expect(onDisk(c.ports.dataDir, conv.id).messages[1].choices[0].text).toBe(partial);

    const more = await c.value('chat.continue', { conversationId: conv.id, messageId: end.message.id });
    expect(more.reply).toMatchObject({ id: end.message.id, status: 'streaming' });
    const done = await c.ended(more.streamId);
    expect(c.lastBody('/v1/chat/completions').messages.at(-1)).toEqual({ role: 'assistant', content: partial });
    expect(done).toMatchObject({ outcome: 'done', message: { status: 'complete', choices: [{ finishReason: 'stop' }] } });
    expect(done.message.error).toBeUndefined();
    expect(done.message.choices[0].text).toBe(partial + c.streamed(more.streamId)[0]);
    expect((await c.call('chat.continue', { conversationId: conv.id, messageId: end.message.id })).error.code).toBe('invalid_request');
  });

  it('a stream that gave its finish reason and usage but no [DONE] terminator is complete', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.admin('faults/stream', { mode: 'no-terminator', after_chunks: 10_000 });
    const { end } = await c.ask(conv.id, 'Short');
    expect(end).toMatchObject({ outcome: 'done', message: { status: 'complete', choices: [{ finishReason: 'stop' }], usage: { total: expect.any(Number) } } });
    expect(end.message.error).toBeUndefined();
  });

  it('a stream that stops before its finish reason, without [DONE], is incomplete', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.admin('faults/stream', { mode: 'no-terminator', after_chunks: 3 });
    const { end } = await c.ask(conv.id, 'Short [tokens:20]');
    expect(end).toMatchObject({ outcome: 'error', message: { status: 'incomplete', error: { code: 'bad_response', retryable: true } } });
    expect(end.message.choices[0].finishReason).toBeUndefined();
  });

  it('a native stream cut before its last event is incomplete', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'native', model: 'modelc-2.5-flash' });
    await c.admin('faults/stream', { mode: 'cut', after_chunks: 4 });
    const { end } = await c.ask(conv.id, 'Native [tokens:40]');
    expect(end.message).toMatchObject({ status: 'incomplete', api: 'native', error: { code: 'unreachable' } });
  });

  it('a stalled stream is given up after the idle limit, its text kept', async () => {
    // The limit is made to pass once the stall is seen, not waited for in real time.
    const idle = manualIdle();
    const c = await openChat({ chatTiming: { idleTimer: idle.timer } });
    const conv = await c.create();
    await c.admin('faults/stream', { mode: 'stall', after_chunks: 4 });
    const started = await c.send(conv.id, 'Stall [tokens:40]');
    await c.until(async () => (c.streamed(started.streamId)[0] ?? '').length > 0);
    expect(idle.fire()).toBe(1);
    const end = await c.ended(started.streamId);
    expect(end.message).toMatchObject({ status: 'incomplete', error: { code: 'timeout', retryable: true } });
    expect(end.message.error.message).toMatch(/stopped sending/);
  });
});

describe('refused before the first byte', () => {
  it('402: one terminal event, a failed reply with the error, the payment banner and a balance refresh', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.admin('faults/fail', { status: 402, match: '/v1/chat/completions' });
    const { started, end } = await c.ask(conv.id, 'Costly');
    expect(end).toMatchObject({ outcome: 'error', message: { status: 'failed', choices: [{ text: '' }], error: { code: 'payment_required', status: 402, retryable: false } } });
    expect(end.message.error.message).toMatch(/balance is too low/);
    await c.until(async () => c.events.some((e) => e.event === 'account.onDidChangeBalance'));
    expect(c.endsOf(started.streamId)).toHaveLength(1);
    expect(c.events.filter((e) => e.event === 'account.onDidRequirePayment')).toEqual([
      { event: 'account.onDidRequirePayment', payload: { profileId: 'sandbox', message: end.message.error.text } },
    ]);
    // A failed reply with no text is left out of the next request's context.
    await c.ask(conv.id, 'Try again');
    expect(c.lastBody('/v1/chat/completions').messages.map((m: any) => m.role)).toEqual(['user', 'user']);
  });

  it('a proxy\'s HTML error page becomes a message a creator can read', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.admin('faults/fail', { status: 502, format: 'html', match: '/v1/chat/completions' });
    const { end } = await c.ask(conv.id, 'x');
    expect(end.message).toMatchObject({ status: 'failed', error: { code: 'server_error', retryable: true } });
    expect(end.message.error.message).toMatch(/web page/);
  });
});

describe('while a reply streams', () => {
  const slowly = async () => {
    const c = await openChat();
    await c.admin('pace', { ms: 2000 });
    const conv = await c.create();
    const started = await c.send(conv.id, 'Slow story [tokens:400]');
    await c.until(async () => (c.streamed(started.streamId)[0] ?? '').length > 0);
    return { c, conv, started };
  };

  it('Stop ends it as stopped with the text kept; a second send meanwhile is refused as a conflict', async () => {
    const { c, conv, started } = await slowly();
    const busy = await c.call('chat.send', { conversationId: conv.id, text: 'Another' });
    expect(busy.error).toMatchObject({ code: 'conflict' });
    expect(busy.error.message).toMatch(/still being written/);
    await c.value('chat.stop', { streamId: started.streamId });
    const end = await c.ended(started.streamId);
    expect(end).toMatchObject({ outcome: 'aborted', message: { status: 'stopped' } });
    expect(end.message.error).toBeUndefined();
    expect(end.message.choices[0].text).toBe(c.streamed(started.streamId)[0]);
    expect(end.message.choices[0].text.length).toBeGreaterThan(0);
    await c.value('chat.stop', { streamId: started.streamId });
    expect(c.endsOf(started.streamId)).toHaveLength(1);
    await c.admin('pace', { ms: 0 });
    expect((await c.ask(conv.id, 'Now it is free')).end.outcome).toBe('done');
  });

  it('the partial reply is on disk while it streams, so a killed process keeps it (as incomplete)', async () => {
    const { c, conv, started } = await slowly();
    const file = join(c.ports.dataDir, 'conversations', `${conv.id}.json`);
    await c.until(async () => (JSON.parse(readFileSync(file, 'utf8')).messages[1].choices[0].text as string).length > 0);
    // What a process killed right now would leave: copy the folder as it is and open it.
    const copy = mkdtempSync(join(tmpdir(), 'chat-killed-'));
    try {
      cpSync(join(c.ports.dataDir, 'conversations'), copy, { recursive: true });
      const saved = onDisk(c.ports.dataDir, conv.id).messages[1];
      expect(saved.status).toBe('streaming');
      const store = new ConversationStore(copy, () => undefined);
      store.open();
      const reply = store.get(conv.id).messages[1];
      await store.close();
      expect(reply).toMatchObject({ status: 'incomplete', error: { message: 'The studio closed while this reply was streaming.' } });
      expect(reply.choices![0].text.length).toBeGreaterThan(0);
    } finally {
      rmSync(copy, { recursive: true, force: true });
      await c.value('chat.stop', { streamId: started.streamId });
    }
  });

  it('removing the conversation ends the reply without writing the file back', async () => {
    const { c, conv, started } = await slowly();
    await c.value('chat.remove', { id: conv.id });
    expect(c.endsOf(started.streamId)).toEqual([expect.objectContaining({ outcome: 'aborted' })]);
    expect(existsSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`))).toBe(false);
  });

  it('closing the studio ends the reply as incomplete, saved, with its terminal event', async () => {
    const ports = testPorts();
    try {
      const core = await createCore(ports);
      const ends: any[] = [];
      core.subscribe((event, payload) => void (event === 'chat.onDidEnd' && ends.push(payload)));
      const info = (await core.dispatch('app.info', {})) as any;
      await fetch(`${info.value.sandboxUrl}/_sandbox/pace`, { method: 'POST', body: JSON.stringify({ ms: 2000 }) });
      const conv = ((await core.dispatch('chat.create', {})) as any).value;
      const started = ((await core.dispatch('chat.send', { conversationId: conv.id, text: 'Closing [tokens:400]' })) as any).value;
      await core.close();
      expect(ends).toEqual([expect.objectContaining({ streamId: started.streamId, outcome: 'aborted', message: expect.objectContaining({ status: 'incomplete' }) })]);
      expect(onDisk(ports.dataDir, conv.id).messages[1]).toMatchObject({ status: 'incomplete', error: { message: 'The studio closed while this reply was streaming.' } });
    } finally {
      ports.cleanup();
    }
  });
});
