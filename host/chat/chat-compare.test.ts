/**
 * Several models at once (docs/chat-versions.md, "Side by side"), through the contract against
 * the sandbox: one message to a chat, a responses and a native model; the three replies stream at
 * once as versions of one turn; one failing leaves the others; the creator chooses one to go on
 * with, and only that one is the next request's context. Misuse is refused with nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { openChat } from './test/chat-harness.js';

const THREE = [
  { model: 'modelb-haiku-4-5-20251001', api: 'chat' },
  { model: 'modela-5', api: 'responses' },
  { model: 'modelc-2.5-flash', api: 'native' },
];
const textRequests = (c: Awaited<ReturnType<typeof openChat>>) =>
  c.sent.filter((s) => /chat\/completions|\/v1\/responses|:streamGenerateContent|:generateContent/.test(s.path));

describe('several models side by side', () => {
  it('streams three models at once through three APIs; choosing one makes it the context', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.admin('pace', { ms: 200 });
    const out = await c.value('chat.sendMany', { conversationId: conv.id, text: 'Compare otters and beavers', targets: THREE });
    expect(out.user.text).toBe('Compare otters and beavers');
    expect(out.reply.versions).toEqual({ shown: 0, count: 3, together: true });
    expect(out.reply.alongside.map((m: any) => m.model)).toEqual(['modela-5', 'modelc-2.5-flash']);
    expect([out.reply, ...out.reply.alongside].map((m: any) => m.status)).toEqual(['streaming', 'streaming', 'streaming']);
    expect(out.streams.map((s: any) => s.messageId)).toEqual([out.reply.id, ...out.reply.alongside.map((m: any) => m.id)]);
    // Busy while any of them writes: another message, a switch or a choice waits.
    expect((await c.call('chat.send', { conversationId: conv.id, text: 'too soon' })).error.code).toBe('conflict');
    expect((await c.call('chat.chooseVersion', { conversationId: conv.id, messageId: out.reply.id, to: 1 })).error.code).toBe('conflict');
    await c.admin('pace', { ms: 0 });
    const ends = await Promise.all(out.streams.map((s: any) => c.ended(s.streamId)));
    expect(ends.map((e: any) => [e.message.api, e.message.model, e.message.status])).toEqual(THREE.map((t) => [t.api, t.model, 'complete']));
    for (const e of ends) expect(e.message.usage.total).toBeGreaterThan(0);
    // The shown reply's end does not carry its neighbours as they were at that moment.
    expect(ends[0].message.versions).toEqual({ shown: 0, count: 3, together: true });
    expect(ends[0].message).not.toHaveProperty('alongside');
    // Each reply has its own cost, the native one's included (its stream is billed as the others).
    await c.until(async () => Object.keys((await c.value('ledger.costs', { replyIds: out.streams.map((s: any) => s.messageId) })).replies).length === 3);
    const costs = (await c.value('ledger.costs', { replyIds: out.streams.map((s: any) => s.messageId) })).replies;
    for (const e of ends) expect(costs[e.message.id].tokens).toMatchObject({ input: e.message.usage.prompt, output: expect.any(Number) });
    // Each went where its API goes, with the same question.
    const asked = textRequests(c);
    expect(asked.map((s) => s.path.replace(/\?.*/, ''))).toEqual([
      '/v1/chat/completions', '/v1/responses', expect.stringMatching(/modelc-2\.5-flash:streamGenerateContent$/),
    ]);
    expect(JSON.stringify(asked.map((s) => s.body))).toMatch(/(Compare otters and beavers[^]*){3}/);

    const got = await c.value('chat.get', { id: conv.id });
    expect(got.messageCount).toBe(2);
    expect(got.messages[1].alongside.map((m: any) => m.status)).toEqual(['complete', 'complete']);

    const chosen = await c.value('chat.chooseVersion', { conversationId: conv.id, messageId: out.reply.id, to: 2 });
    expect(chosen.from).toBe(1);
    expect(chosen.messages[0].id).toBe(out.streams[2].messageId);
    expect(chosen.messages[0].versions).toEqual({ shown: 2, count: 3 });
    expect(chosen.messages[0]).not.toHaveProperty('alongside');
    // The conversation goes on with the chosen reply only.
    const next = await c.ask(conv.id, 'And which swims faster?');
    const context = c.lastBody('/v1/chat/completions').messages.map((m: any) => m.content);
    expect(context).toEqual(['Compare otters and beavers', ends[2].message.choices[0].text, 'And which swims faster?']);
    expect(next.end.message.status).toBe('complete');
    // The others are versions still: the pager brings one back.
    const back = await c.value('chat.switchVersion', { conversationId: conv.id, messageId: chosen.messages[0].id, to: 0 });
    expect(back.messages.map((m: any) => m.id)).toEqual([out.reply.id]);
  });

  it('one model failing leaves the others; all are kept across a restart and can be chosen', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.admin('faults/fail', { status: 502, match: '/v1/responses' });
    const out = await c.value('chat.sendMany', { conversationId: conv.id, text: 'Name a colour', targets: THREE });
    const ends = await Promise.all(out.streams.map((s: any) => c.ended(s.streamId)));
    expect(ends.map((e: any) => e.message.status)).toEqual(['complete', 'failed', 'complete']);
    await c.core.close();

    const again = await openChat({ dataDir: c.ports.dataDir });
    const got = await again.value('chat.get', { id: conv.id });
    const slot = got.messages[1];
    expect(slot.versions).toEqual({ shown: 0, count: 3, together: true });
    expect(slot.alongside.map((m: any) => m.status)).toEqual(['failed', 'complete']);
    expect(slot.alongside[0].error.status).toBe(502);
    const chosen = await again.value('chat.chooseVersion', { conversationId: conv.id, messageId: slot.id, to: 0 });
    // The one shown already: it stays, without the columns.
    expect(chosen.messages[0]).toMatchObject({ id: slot.id, versions: { shown: 0, count: 3 } });
    expect(chosen.messages[0].versions).not.toHaveProperty('together');
    expect((await again.call('chat.chooseVersion', { conversationId: conv.id, messageId: slot.id, to: 1 })).error.code).toBe('invalid_request');
  });

  it('the next message without a choice goes on with the reply shown', async () => {
    const c = await openChat();
    const conv = await c.create();
    const out = await c.value('chat.sendMany', { conversationId: conv.id, text: 'First', targets: THREE.slice(0, 2) });
    const ends = await Promise.all(out.streams.map((s: any) => c.ended(s.streamId)));
    await c.ask(conv.id, 'Second');
    expect(c.lastBody('/v1/chat/completions').messages.map((m: any) => m.content)).toEqual(['First', ends[0].message.choices[0].text, 'Second']);
    const got = await c.value('chat.get', { id: conv.id });
    expect(got.messages[1].versions).toEqual({ shown: 0, count: 2 });
    expect(got.messages[1]).not.toHaveProperty('alongside');
  });

  it('refuses misuse as a whole, with nothing sent and nothing kept', async () => {
    const c = await openChat();
    const conv = await c.create();
    const before = textRequests(c).length;
    const refused = async (input: Record<string, unknown>) => (await c.call('chat.sendMany', { conversationId: conv.id, text: 'x', ...input })).error;
    expect((await refused({ targets: THREE.slice(0, 1) })).code).toBe('invalid_input');
    expect((await refused({ targets: [...THREE, ...THREE.slice(0, 2)] })).code).toBe('invalid_input');
    // An API that does not take the model.
    expect((await refused({ targets: [{ model: 'modela-5', api: 'native' }, THREE[0]] })).code).toBe('invalid_input');
    expect((await refused({ text: '   ', targets: THREE })).code).toBe('invalid_input');
    // An image the chat API cannot carry refuses all three, before any is sent.
    const png = renderPromptImage({ prompt: 'x', width: 32, height: 32 });
    const a = await c.value('attachments.add', { name: 'x.png', data: new Uint8Array(png) });
    const withImage = await refused({ images: [{ attachmentId: a.id }], targets: THREE });
    expect(withImage).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/image/i) });
    // Tools on: refused rather than sent without them.
    await c.value('chat.update', { id: conv.id, settings: { tools: { webSearch: true, fileSearch: false, functions: [], mcp: { enabled: false, url: '' } } } });
    expect((await refused({ targets: THREE })).message).toMatch(/tools/);
    expect(textRequests(c).length).toBe(before);
    const got = await c.value('chat.get', { id: conv.id });
    expect(got.messages).toEqual([]);
    // Nothing of the refused image stayed in the conversation's folder.
    expect(existsSync(join(c.ports.dataDir, 'library', 'chat-images'))).toBe(false);
    // A turn that is not side by side cannot be "chosen".
    await c.value('chat.update', { id: conv.id, settings: { tools: { webSearch: false, fileSearch: false, functions: [], mcp: { enabled: false, url: '' } } } });
    const plain = await c.ask(conv.id, 'plain');
    expect((await c.call('chat.chooseVersion', { conversationId: conv.id, messageId: plain.end.message.id, to: 0 })).error.code).toBe('invalid_request');
  });

  it('removing the conversation while three replies stream ends them all', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.admin('pace', { ms: 2000 });
    const out = await c.value('chat.sendMany', { conversationId: conv.id, text: 'Long answers please', targets: THREE });
    await c.value('chat.remove', { id: conv.id });
    await c.admin('pace', { ms: 0 });
    expect(existsSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`))).toBe(false);
    expect((await c.call('chat.get', { id: conv.id })).error.code).toBe('not_found');
    // No stream lives on to write a removed conversation back.
    await c.core.close();
    expect(existsSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`))).toBe(false);
    expect(out.streams).toHaveLength(3);
  });
});
