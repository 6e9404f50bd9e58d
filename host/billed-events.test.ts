/**
 * The host's event bus seen from a subscriber (host/events.ts): every billable call of each kind,
 * made through the contract against the real sandbox gateway, is announced exactly once, by the
 * gateway client, with its profile, route and model; a refused one is not. A listener that throws
 * or never settles breaks neither a chat reply nor a job.
 */
import { describe, expect, it } from 'vitest';
import type { HostEvents } from './events.js';
import { openCore } from './test/open-core.js';

type Billed = HostEvents['billed'];

async function openWithBilled() {
  const c = await openCore();
  const billed: Billed[] = [];
  c.core.events.on('billed', (b) => void billed.push(b));
  return { ...c, billed };
}

const chatEnded = async (c: Awaited<ReturnType<typeof openCore>>, streamId: string) => {
  await c.until(async () => c.events.some((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === streamId));
  return c.events.find((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === streamId)!.payload;
};

describe('billed: one event per billable call, from the gateway client', () => {
  it('a streamed chat reply, and one that is not streamed, are each billed once with their model', async () => {
    const c = await openWithBilled();
    const conv = await c.value('chat.create', { settings: { model: 'modela-5' } });
    const started = await c.value('chat.send', { conversationId: conv.id, text: 'hello there' });
    expect((await chatEnded(c, started.streamId)).outcome).toBe('done');
    await c.until(async () => c.billed.length > 0);
    const still = await c.value('chat.create', { settings: { model: 'modela-5-mini', stream: false } });
    const second = await c.value('chat.send', { conversationId: still.id, text: 'hello again' });
    expect((await chatEnded(c, second.streamId)).outcome).toBe('done');
    await c.until(async () => c.billed.length > 1);
    // A balance read in between is no billed call.
    await c.value('account.balance', { refresh: true });
    expect(c.billed).toEqual([
      expect.objectContaining({ profileId: 'sandbox', route: 'chat', model: 'modela-5' }),
      expect.objectContaining({ profileId: 'sandbox', route: 'chat', model: 'modela-5-mini' }),
    ]);
    // Each its own call, with the units its answer reported and the reply it wrote.
    expect(new Set(c.billed.map((b) => b.callId)).size).toBe(2);
    expect(c.billed[0].units).toMatchObject({ kind: 'text', input: expect.any(Number), output: expect.any(Number) });
    expect(c.billed[1].units).toMatchObject({ kind: 'text' });
    expect(c.billed[0].links).toEqual({ conversationId: conv.id, replyId: expect.any(String) });
    expect(c.billed[1].links?.conversationId).toBe(still.id);
  });

  it('an image job, a video job on each route, a native image and speech are each billed once', async () => {
    const c = await openWithBilled();
    await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a kite', resolution: '1K' } });
    await c.value('tasks.submit', { route: 'video', request: { model: 'modelg3', prompt: 'a wave', duration: 5 } });
    await c.value('tasks.submit', { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'a fox' } });
    await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a red kite' });
    await c.value('speech.synthesize', { model: 'tts-1', input: 'Hello there', voice: 'alloy' });
    await c.until(async () => c.billed.length >= 5);
    expect(c.billed.map((b) => [b.route, b.model])).toEqual([
      ['image', 'seedream-4-0'], ['video-generations', 'modelg3'], ['video-multipart', 'wan2.5-t2v-preview'], ['native', 'modelc-2.5-flash-image-preview'], ['speech', 'tts-1'],
    ]);
    // A job's call is known by the job's id; each call has its units as sent or answered.
    const jobs = (await c.value('tasks.list')) as { id: string; model: string }[];
    expect(c.billed[0]).toMatchObject({ callId: jobs.find((j) => j.model === 'seedream-4-0')!.id, units: { kind: 'image', images: expect.any(Number), resolution: '1K' } });
    expect(c.billed[0].links?.jobId).toBe(c.billed[0].callId);
    expect(c.billed[1].units).toEqual({ kind: 'video', seconds: 5, size: '720p' });
    expect(c.billed[2].units).toMatchObject({ kind: 'video' });
    expect(c.billed[3].units).toMatchObject({ kind: 'native-image' });
    expect(c.billed[4].units).toEqual({ kind: 'speech', characters: 'Hello there'.length });
    expect(c.billed.every((b) => b.profileId === 'sandbox')).toBe(true);
    // The native answer reports its token counts (spec §2.9); they come with the event.
    expect(c.billed[3].usage).toMatchObject({ totalTokenCount: expect.any(Number) });
  });

  it('a call refused for the balance (402) is not billed, and names the profile it was refused for', async () => {
    const c = await openWithBilled();
    const url = (await c.value('app.info')).sandboxUrl;
    const { id } = await c.value('profiles.save', { name: 'Broke', baseUrl: url, apiKey: 'sk-sandbox-broke' });
    await c.value('profiles.activate', { id });
    expect((await c.call('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'unpaid' } })).error.code).toBe('payment_required');
    expect((await c.call('speech.synthesize', { model: 'tts-1', input: 'unpaid', voice: 'alloy' })).error.code).toBe('payment_required');
    const conv = await c.value('chat.create', { settings: { model: 'modela-5' } });
    const started = await c.value('chat.send', { conversationId: conv.id, text: 'unpaid' });
    expect((await chatEnded(c, started.streamId)).message.error.code).toBe('payment_required');
    // Then a paid call on the sandbox profile: the only one billed, so none of the above was.
    await c.value('profiles.activate', { id: 'sandbox' });
    await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'paid' });
    await c.until(async () => c.billed.length > 0);
    expect(c.billed).toEqual([expect.objectContaining({ profileId: 'sandbox', route: 'native' })]);
  });

  it('the balance widget still gets the new balance after a billed call', async () => {
    const c = await openWithBilled();
    const before = (await c.value('account.balance', { refresh: true })).cash.total_used;
    await c.value('speech.synthesize', { model: 'tts-1', input: 'Hello there', voice: 'alloy' });
    await c.until(async () => c.events.some((e) => e.event === 'account.onDidChangeBalance' && e.payload.cash.total_used > before));
  });
});

describe('a listener cannot hold up or break the code that emits', () => {
  it('a throwing and a never-settling listener leave a chat reply and a job to finish, and the failure is logged', async () => {
    const logs: string[] = [];
    const c = await openCore({ log: (l) => logs.push(l) });
    let calls = 0;
    c.core.events.on('billed', () => {
      calls++;
      throw new Error('a listener that breaks');
    });
    c.core.events.on('billed', () => new Promise(() => undefined));
    c.core.events.on('jobEnded', () => {
      throw new Error('a listener that breaks');
    });
    const conv = await c.value('chat.create', { settings: { model: 'modela-5' } });
    const started = await c.value('chat.send', { conversationId: conv.id, text: 'hello there' });
    expect((await chatEnded(c, started.streamId)).outcome).toBe('done');
    const job = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a kite', resolution: '1K' } });
    await c.until(async () => (await c.value('tasks.list')).some((t: { id: string; state: string }) => t.id === job.id && t.state === 'saved'));
    await c.until(async () => calls === 2 && logs.filter((l) => l.includes('a listener that breaks')).length === 3);
    expect(logs.find((l) => l.includes('a listener that breaks'))).toMatch(/billed listener failed/);
  });
});

describe('jobEnded and itemSaved / itemRemoved', () => {
  it('a job that ends saved is announced once, with the items it saved; a removed item is announced', async () => {
    const c = await openCore();
    const ended: HostEvents['jobEnded'][] = [];
    const saved: HostEvents['itemSaved'][] = [];
    const removed: HostEvents['itemRemoved'][] = [];
    c.core.events.on('jobEnded', (e) => void ended.push(e));
    c.core.events.on('itemSaved', (e) => void saved.push(e));
    c.core.events.on('itemRemoved', (e) => void removed.push(e));
    const job = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a heron', resolution: '1K' } });
    await c.until(async () => ended.length > 0);
    expect(ended).toEqual([expect.objectContaining({ id: job.id, profileId: 'sandbox', kind: 'image', model: 'seedream-4-0', state: 'saved' })]);
    expect(saved.map((s) => s.item.id)).toEqual(ended[0].libraryIds);
    expect(saved[0].item).toMatchObject({ prompt: 'a heron', model: 'seedream-4-0' });
    await c.value('library.remove', { id: saved[0].item.id });
    await c.until(async () => removed.length > 0);
    expect(removed).toEqual([{ id: saved[0].item.id }]);
    expect(ended).toHaveLength(1);
  });
});
