/**
 * A chat reply read aloud records where its words came from (docs/library-files.md, "Lineage"):
 * `speech.synthesize` with a `chatMessage` source saves an audio item whose `madeFrom` holds it,
 * through the real core, the sandbox's speech and the real library; a source the contract does not
 * know is refused before anything is sent or billed.
 */
import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';

const reply = { kind: 'chatMessage', conversationId: 'conv-7', messageId: 'msg-42', name: 'Trip plans: the ferry leaves at nine' };

describe('speech made from a chat message', () => {
  it('saves an audio item whose "made from" names the message, listed and looked up alike', async () => {
    const c = await openCore();
    const r = await c.value('speech.synthesize', { model: 'tts-1', input: 'The ferry leaves at nine.', voice: 'nova', lineage: [reply] });
    expect(r.item).toMatchObject({ kind: 'audio', prompt: 'The ferry leaves at nine.', madeFrom: [reply] });
    // The parameters are the speech's own: the lineage is no parameter sent to the gateway.
    expect(Object.keys(r.item.params).sort()).toEqual(['response_format', 'speed', 'voice']);
    const listed = (await c.value('library.list', { kind: 'audio' })).items;
    expect(listed.map((i: { madeFrom?: unknown }) => i.madeFrom)).toEqual([[reply]]);
    const lineage = await c.value('library.lineage', { id: r.item.id });
    expect(lineage.madeFrom.map((m: { ref: unknown; item?: unknown }) => [m.ref, m.item])).toEqual([[reply, undefined]]);
  });

  it('without a source records none', async () => {
    const c = await openCore();
    const r = await c.value('speech.synthesize', { model: 'tts-1', input: 'Plain words.', voice: 'alloy' });
    expect(r.item.madeFrom).toBeUndefined();
  });

  it('refuses a source of an unknown kind, or a path for an item id, and saves nothing', async () => {
    const c = await openCore();
    const stolen = await c.call('speech.synthesize', { model: 'tts-1', input: 'Words.', voice: 'alloy', lineage: [{ kind: 'stolen' }] });
    expect(stolen.error.code).toBe('invalid_input');
    const path = await c.call('speech.synthesize', { model: 'tts-1', input: 'Words.', voice: 'alloy', lineage: [{ kind: 'chatMessage', itemId: '../../etc' }] });
    expect(path.error.code).toBe('invalid_input');
    expect((await c.value('library.list', {})).total).toBe(0);
  });
});
