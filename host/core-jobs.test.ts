import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openCore } from './test/open-core.js';

const open = openCore;

describe('jobs and the library through the contract', () => {
  it('a submitted image job reports progress, saves its files to the library, and refreshes the balance', async () => {
    const c = await open();
    const before = (await c.value('account.balance', { refresh: true })).cash.total_used;
    const task = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a glass whale', n: 2, resolution: '1K' } });
    expect(task).toMatchObject({ state: 'queued', kind: 'image', model: 'seedream-4-0' });
    await c.until(async () => (await c.value('tasks.list')).find((t: any) => t.id === task.id)?.state === 'saved');
    const changes = c.events.filter((e) => e.event === 'tasks.onDidChange' && e.payload.id === task.id).map((e) => e.payload.state);
    expect(changes).toContain('completed');
    const lib = await c.value('library.list', {});
    expect(lib.total).toBe(2);
    expect(lib.models).toEqual(['seedream-4-0']);
    const [item] = lib.items;
    expect(item).toMatchObject({ kind: 'image', mime: 'image/png', prompt: 'a glass whale', model: 'seedream-4-0', width: 1024, height: 1024 });
    expect(item.file.startsWith('/')).toBe(false);
    expect(existsSync(join((await c.value('settings.get')).libraryDir, item.file))).toBe(true);
    expect(c.events.some((e) => e.event === 'library.onDidChange' && e.payload.reason === 'added')).toBe(true);
    await c.until(async () => c.events.filter((e) => e.event === 'account.onDidChangeBalance').some((e) => e.payload.cash.total_used > before));
    expect(JSON.stringify(await c.value('tasks.list'))).not.toContain('sk-sandbox');
  });

  it('refuses an invalid job at its field before any money is spent', async () => {
    const c = await open();
    const r = (await c.core.dispatch('tasks.submit', { route: 'video', request: { model: 'modelg3', prompt: 'x', duration: 20 } })) as any;
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'request.duration' });
    expect(await c.value('tasks.list')).toEqual([]);
  });

  it('a submission the gateway refuses (402) leaves no job, and says so', async () => {
    const c = await open();
    const url = (await c.value('app.info')).sandboxUrl;
    const { id } = await c.value('profiles.save', { name: 'Broke', baseUrl: url, apiKey: 'sk-sandbox-broke' });
    await c.value('profiles.activate', { id });
    const r = (await c.core.dispatch('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'unpaid' } })) as any;
    expect(r.error.code).toBe('payment_required');
    const submitting = c.events.find((e) => e.event === 'tasks.onDidChange' && e.payload.state === 'submitting');
    expect(c.events.find((e) => e.event === 'tasks.onDidRemove')?.payload).toEqual({ id: submitting!.payload.id });
    expect(await c.value('tasks.list')).toEqual([]);
  });

  it('searches, fetches and removes library items', async () => {
    const c = await open();
    const a = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'red fox', resolution: '1K' } });
    const b = await c.value('tasks.submit', { route: 'image', request: { model: 'modela-4o-image', prompt: 'blue heron', resolution: '1K' } });
    await c.until(async () => (await c.value('tasks.list')).filter((t: any) => [a.id, b.id].includes(t.id) && t.state === 'saved').length === 2);
    const found = await c.value('library.list', { text: 'HERON' });
    expect(found.items.map((i: any) => i.prompt)).toEqual(['blue heron']);
    expect((await c.value('library.list', { model: 'seedream-4-0' })).total).toBe(1);
    const item = await c.value('library.get', { id: found.items[0].id });
    expect(item.taskId).toBeTruthy();
    expect(await c.value('library.remove', { id: item.id })).toEqual({ removed: true });
    expect((await c.value('library.list', {})).total).toBe(1);
    expect(((await c.core.dispatch('library.reveal', { id: item.id })) as any).error.code).toBe('not_found');
  });
});
