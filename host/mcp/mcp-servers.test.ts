/**
 * MCP servers through the contract, as a page (or a script in it) would drive them: a real core,
 * the demo MCP server as a real process and a real HTTP server (docs/mcp.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';
import { startDemoHttp } from '@sandbox/mcp-demo/http.js';
import { closeDemos, demoHttp, demoStdio } from './test/demo.js';

afterEach(closeDemos);

/** A local command that leaves a mark when it runs: proof that nothing started, or that it did. */
const marking = (marker: string) => ({
  transport: 'stdio' as const, name: 'Marker', command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`], env: {},
});

const stateOf = async (c: Awaited<ReturnType<typeof openCore>>, id: string) => (await c.value('mcp.list')).find((s: any) => s.id === id);

describe('a local command added by the page', () => {
  it('does not run without a confirmation outside the page, however often the page asks', async () => {
    const c = await openCore({ confirmOutside: undefined });
    const marker = join(c.ports.dataDir, 'ran.txt');
    const added = await c.value('mcp.add', { spec: marking(marker) });
    expect(added).toMatchObject({ state: 'unconfirmed', tools: [] });
    for (let i = 0; i < 3; i++) {
      const r = await c.call('mcp.connect', { id: added.id });
      expect(r.error).toMatchObject({ code: 'aborted', text: { code: 'mcp.server.declined' } });
    }
    // A code made up by the page confirms nothing either.
    expect((await c.call('mcp.connect', { id: added.id, confirmCode: '000000' })).ok).toBe(false);
    expect(existsSync(marker)).toBe(false);
    expect((await stateOf(c, added.id)).state).toBe('unconfirmed');
  });

  it('a confirmed command starts again with the studio; the same command with another environment is asked about again', async () => {
    const asked: string[] = [];
    const c = await openCore({ confirmOutside: async (r) => (asked.push(r.kind === 'mcp-command' ? r.commandLine : r.kind === 'mcp-url' ? r.url : r.to), 'confirmed') });
    const { id } = await c.value('mcp.add', { spec: demoStdio() });
    expect((await c.value('mcp.connect', { id })).state).toBe('connected');
    expect(asked).toHaveLength(1);
    await c.value('mcp.disable', { id });
    expect((await c.value('mcp.connect', { id })).state).toBe('connected');
    expect(asked).toHaveLength(1);

    // The same program with NODE_OPTIONS would run other code: a new line, a new question.
    const other = await c.value('mcp.add', { spec: demoStdio('Demo notes', { NODE_OPTIONS: '--require ./evil.js' }) });
    expect(other.state).toBe('unconfirmed');
    await c.value('mcp.remove', { id: other.id });
    expect(asked).toHaveLength(1);

    // A second core on the same data folder: the confirmed server starts on its own.
    const saved = JSON.parse(readFileSync(join(c.ports.dataDir, 'mcp-servers.json'), 'utf8'));
    expect(saved.servers).toHaveLength(1);
    const again = await openCore({ dataDir: c.ports.dataDir, confirmOutside: undefined } as never);
    await again.until(async () => (await stateOf(again, id))?.state === 'connected');
  });

  it('keeps environment values write-only: the page sees the names, the creator sees the line outside it', async () => {
    const asked: string[] = [];
    const c = await openCore({ confirmOutside: async (r) => (asked.push(r.kind === 'mcp-command' ? r.commandLine : ''), 'declined') });
    const added = await c.value('mcp.add', { spec: demoStdio('Notes', { GITHUB_TOKEN: 'ghp_secret_value_123' }) });
    expect(added.spec.env).toEqual({ GITHUB_TOKEN: '' });
    await c.call('mcp.connect', { id: added.id });
    expect(asked[0]).toContain('GITHUB_TOKEN=ghp_secret_value_123 ');
    expect(JSON.stringify(await c.value('mcp.list'))).not.toContain('ghp_secret');
    expect(JSON.stringify(c.events)).not.toContain('ghp_secret');
  });

  it('a program that is not there fails with the reason, and the studio goes on', async () => {
    const c = await openCore();
    const { id } = await c.value('mcp.add', { spec: { transport: 'stdio', name: 'Missing', command: 'no-such-program-for-mcp', args: [], env: {} } });
    const view = await c.value('mcp.connect', { id });
    expect(view).toMatchObject({ state: 'failed', error: { code: 'unreachable', text: { code: 'mcp.server.connectFailed' } } });
    expect(view.error.message).toMatch(/ENOENT|not found/i);
    expect((await c.value('app.info')).version).toBeTruthy();
  });

  it('refuses a spec a creator could not mean: a bad environment name, a non-http URL', async () => {
    const c = await openCore();
    expect((await c.call('mcp.add', { spec: { ...demoStdio(), env: { '1BAD': 'x' } } })).error).toMatchObject({ code: 'invalid_input' });
    expect((await c.call('mcp.add', { spec: { transport: 'http', name: 'X', url: 'file:///etc/passwd' } })).error).toMatchObject({ code: 'invalid_input' });
    expect(await c.value('mcp.list')).toEqual([]);
  });
});

describe('a URL server with a bearer token', () => {
  it('connects with the token, which never crosses the contract, and says so when the token is refused', async () => {
    const demo = await demoHttp('secret-token-9876');
    const c = await openCore();
    const saved = await c.value('mcp.add', { spec: { transport: 'http', name: 'Remote notes', url: demo.url }, token: 'secret-token-9876' });
    expect(saved).toMatchObject({ state: 'unconfirmed', tokenTail: '9876' });
    const added = await c.value('mcp.connect', { id: saved.id });
    expect(added).toMatchObject({ state: 'connected', tokenTail: '9876' });
    expect(added.tools).toHaveLength(6);
    expect(JSON.stringify(await c.value('mcp.list'))).not.toContain('secret-token');
    expect(JSON.stringify(c.events)).not.toContain('secret-token');

    const wrong = await c.value('mcp.setToken', { id: added.id, token: 'not-the-token' });
    expect(wrong).toMatchObject({ state: 'failed', tokenTail: 'oken', error: { code: 'unauthorized', text: { code: 'mcp.server.refusedToken' } } });
    expect(wrong.tools).toEqual([]);

    await c.value('mcp.remove', { id: added.id });
    expect(c.ports.secrets.get(`mcp-server:${added.id}`)).toBeUndefined();
    expect(await c.value('mcp.list')).toEqual([]);
  });

  it('a server that is not there fails with a reason; Restart connects once it is there', async () => {
    const c = await openCore();
    const demo = await demoHttp();
    const url = demo.url;
    await demo.close();
    const saved = await c.value('mcp.add', { spec: { transport: 'http', name: 'Later', url } });
    const added = await c.value('mcp.connect', { id: saved.id });
    expect(added).toMatchObject({ state: 'failed', error: { code: 'unreachable', text: { code: 'mcp.server.connectFailed' } } });
    const { port } = new URL(url);
    const back = await startDemoHttp({ port: Number(port), log: () => undefined });
    try {
      expect((await c.value('mcp.connect', { id: added.id })).state).toBe('connected');
    } finally {
      await back.close();
    }
  });
});

describe('two servers with the same tools', () => {
  it('offer them under different names', async () => {
    const c = await openCore();
    const a = await c.value('mcp.add', { spec: { transport: 'http', name: 'Notes', url: (await demoHttp()).url } });
    const b = await c.value('mcp.add', { spec: { transport: 'http', name: 'Notes', url: (await demoHttp()).url } });
    for (const { id } of [a, b]) await c.value('mcp.connect', { id });
    const [first, second] = (await c.value('mcp.list')) as any[];
    expect(first.id).toBe(a.id);
    expect(second.id).toBe(b.id);
    expect(first.tools[0].exposedName).toBe('Notes__list_notes');
    expect(second.tools[0].exposedName).toBe('Notes__list_notes_2');
  });
});
