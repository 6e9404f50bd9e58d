/**
 * A reply's terminal event is not a second copy of a long reply: its deltas carried the text
 * once, and a 10 MB end event held the page for a fifth of a second, twice over with a second
 * listener (docs/performance-findings.md, "Replies of any size"). Against the sandbox, over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { END_TEXT_CHARS } from './ended-message.js';
import { openChat } from './test/chat-harness.js';

describe('the end of a long reply', () => {
  it('leaves out a long text the deltas carried whole and says its length, which the stored reply and the deltas match', async () => {
    const c = await openChat();
    const conv = await c.create();
    const { started, end } = await c.ask(conv.id, '[big:text:300000] A long one, please.');
    expect(end.outcome).toBe('done');
    const [choice] = end.message.choices;
    expect(choice.text).toBeUndefined();
    expect(choice.finishReason).toBe('stop');
    // The whole event is small: everything else about the reply, nothing of its text.
    expect(JSON.stringify(end).length).toBeLessThan(2_000);
    const [streamed] = c.streamed(started.streamId);
    expect(streamed.length).toBeGreaterThanOrEqual(300_000);
    expect(choice.streamed).toBe(streamed.length);
    const stored = (await c.value('chat.get', { id: conv.id })).messages[1];
    expect(stored.choices[0].text).toBe(streamed);
    expect(stored).toMatchObject({ id: end.message.id, status: 'complete', usage: end.message.usage });
  });

  it('still carries a text under the limit, so a short reply\'s end stands on its own', async () => {
    const c = await openChat();
    const conv = await c.create();
    const { started, end } = await c.ask(conv.id, `[big:text:${END_TEXT_CHARS - 1_000}] Just under.`);
    expect(end.message.choices[0].text!.length).toBeGreaterThan(END_TEXT_CHARS - 1_000);
    expect(end.message.choices[0].text!.length).toBeLessThan(END_TEXT_CHARS);
    expect(end.message.choices[0].streamed).toBeUndefined();
    expect(c.streamed(started.streamId)).toEqual([end.message.choices[0].text]);
  });

  it('cut short, leaves out the part the deltas carried; Continue\'s end carries the whole, whose start no delta of its stream carried', async () => {
    const c = await openChat();
    const conv = await c.create();
    // 4,096 characters a chunk: eight are past the limit.
    await c.admin('faults/stream', { mode: 'cut', after_chunks: 8 });
    const first = await c.ask(conv.id, '[big:text:100000] Long enough.');
    expect(first.end).toMatchObject({ outcome: 'error', message: { status: 'incomplete' } });
    const [partial] = c.streamed(first.started.streamId);
    expect(partial.length).toBeGreaterThan(END_TEXT_CHARS);
    expect(first.end.message.choices[0]).toEqual({ streamed: partial.length });

    const go = await c.value('chat.continue', { conversationId: conv.id, messageId: first.end.message.id });
    const end = await c.ended(go.streamId);
    expect(end.outcome).toBe('done');
    expect(end.message.choices[0].text).toBe(partial + c.streamed(go.streamId)[0]);
    expect(end.message.choices[0].streamed).toBeUndefined();
  });
});
