/**
 * Continue's seam, against the sandbox as a model that carries on from the text it is given: the
 * cut reply and its continuation join as one text, with the space (or newline) the model sent
 * there, never two words glued together.
 */
import { describe, expect, it } from 'vitest';
import { openChat } from './test/chat-harness.js';

describe('Continue after a cut reply', () => {
  it.each([3, 8, 13])('joins the continuation to the text kept with the model’s own seam (cut after %i chunks)', async (chunks) => {
    const c = await openChat();
    // What the model writes for this prompt when nothing breaks.
    const whole = await c.create();
    const { end: full } = await c.ask(whole.id, 'Tell me a story [tokens:80]');
    expect(full.message.status).toBe('complete');
    const expected = full.message.choices[0].text;

    const conv = await c.create();
    await c.admin('faults/stream', { mode: 'cut', after_chunks: chunks });
    const { end } = await c.ask(conv.id, 'Tell me a story [tokens:80]');
    const partial = end.message.choices[0].text;
    expect(end.message.status).toBe('incomplete');
    expect(expected.startsWith(partial) && partial.length < expected.length).toBe(true);

    const more = await c.value('chat.continue', { conversationId: conv.id, messageId: end.message.id });
    const done = await c.ended(more.streamId);
    expect(done.message.status).toBe('complete');
    // One text, as the model would have written it whole: the words at the seam are not glued.
    expect(done.message.choices[0].text).toBe(expected);
    expect(done.message.choices[0].text).not.toMatch(/\S(?:Sandbox reply)/);
  });
});
