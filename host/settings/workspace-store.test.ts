/**
 * The workspace the host keeps for the renderer (drafts, recent prompts, the open tab), through
 * the contract as a page would use it, and misuse it: kept across a restart, bounded in size, and
 * a damaged file kept aside without stopping the studio.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';
import { WORKSPACE_LIMITS } from './workspace-store.js';

describe('the workspace', () => {
  it('keeps what the page writes across a restart of the host, and forgets a key set to null', async () => {
    const a = await openCore();
    await a.value('app.keepWorkspace', { key: 'draft:image', value: { prompt: 'A lighthouse at dusk', n: 4 } });
    await a.value('app.keepWorkspace', { key: 'ui:tab', value: { tab: 'gallery' } });
    await a.value('app.keepWorkspace', { key: 'recent:video', value: { list: ['waves'] } });
    await a.value('app.keepWorkspace', { key: 'recent:video', value: null });
    await a.core.close();
    const b = await openCore({ dataDir: a.ports.dataDir } as never);
    expect(await b.value('app.workspace')).toEqual({ 'draft:image': { prompt: 'A lighthouse at dusk', n: 4 }, 'ui:tab': { tab: 'gallery' } });
  });

  it('refuses an entry too large, too many keys and odd key names, keeping what it had', async () => {
    const c = await openCore();
    const big = 'x'.repeat(WORKSPACE_LIMITS.entryBytes);
    expect((await c.call('app.keepWorkspace', { key: 'draft:chat', value: { text: big } })).error).toMatchObject({ code: 'invalid_input', text: { code: 'app.workspace.tooLarge' } });
    for (const key of ['../secrets', 'a b', '', 'k'.repeat(201)]) expect((await c.call('app.keepWorkspace', { key, value: 1 })).ok).toBe(false);
    for (let i = 0; i < WORKSPACE_LIMITS.keys; i++) await c.value('app.keepWorkspace', { key: `k${i}`, value: i });
    expect((await c.call('app.keepWorkspace', { key: 'one-more', value: 1 })).error).toMatchObject({ code: 'invalid_input' });
    // An existing key may still change.
    expect((await c.call('app.keepWorkspace', { key: 'k0', value: 'changed' })).ok).toBe(true);
    expect(Object.keys(await c.value('app.workspace'))).toHaveLength(WORKSPACE_LIMITS.keys);
  });

  it('a damaged workspace file is kept aside; the studio starts with an empty one and says so', async () => {
    const a = await openCore();
    const dir = a.ports.dataDir;
    await a.core.close();
    writeFileSync(join(dir, 'workspace.json'), '{"version": 1, "entries": ');
    const b = await openCore({ dataDir: dir } as never);
    expect(await b.value('app.workspace')).toEqual({});
    expect(await b.value('app.startupProblems')).toEqual([{ file: 'workspace', backup: expect.stringMatching(/^workspace\.json\.unreadable-/) }]);
    expect(readdirSync(dir).some((f) => f.startsWith('workspace.json.unreadable-'))).toBe(true);
    await b.value('app.keepWorkspace', { key: 'ui:tab', value: { tab: 'chat' } });
    await b.core.close();
    expect(existsSync(join(dir, 'workspace.json'))).toBe(true);
  });
});
