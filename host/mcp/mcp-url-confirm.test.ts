/**
 * A URL server added by the page (docs/mcp.md, "Adding a URL server"): a script in the page could
 * point the studio at any local service, so nothing is sent to the address before the creator
 * confirmed that exact URL outside the page; and what a service that is not an MCP server answers
 * never reaches the page, only its status and content type. The services are real local
 * listeners that record every request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutsideRequest } from '../ports.js';
import { listen, type Listener } from '../test/listener.js';
import { fileSecrets } from '../test/file-ports.js';
import { openCore } from '../test/open-core.js';
import { McpHost } from './mcp-host.js';
import { closeDemos, demoHttp } from './test/demo.js';

const listeners: Listener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
  await closeDemos();
});

/** A local service with a secret in its answer, whatever it is asked. */
async function service(status: number, contentType: string, body: string): Promise<Listener> {
  const l = await listen((_req, res) => {
    res.writeHead(status, { 'Content-Type': contentType });
    res.end(body);
  });
  listeners.push(l);
  return l;
}

const stateOf = async (c: Awaited<ReturnType<typeof openCore>>, id: string) => (await c.value('mcp.list')).find((s: any) => s.id === id);

describe('a URL server added by a script in the page', () => {
  it('sends nothing to the address, token or not, until the creator confirms it outside the page', async () => {
    const target = await service(200, 'application/json', '{}');
    const c = await openCore({ confirmOutside: async () => 'declined' });
    const added = await c.value('mcp.add', { spec: { transport: 'http', name: 'Innocent', url: `${target.url}/mcp` }, token: 'tok-for-innocent' });
    expect(added).toMatchObject({ state: 'unconfirmed', tools: [] });
    for (let i = 0; i < 3; i++) {
      expect((await c.call('mcp.connect', { id: added.id })).error).toMatchObject({ code: 'aborted', text: { code: 'mcp.server.urlDeclined' } });
    }
    expect((await c.call('mcp.connect', { id: added.id, confirmCode: '000000' })).ok).toBe(false);
    // A new token is no way around the question.
    expect((await c.value('mcp.setToken', { id: added.id, token: 'another-token' })).state).toBe('unconfirmed');
    // A restart of the studio does not start it either.
    const again = await openCore({ dataDir: c.ports.dataDir, confirmOutside: undefined } as never);
    expect((await stateOf(again, added.id)).state).toBe('unconfirmed');
    expect(target.heard).toEqual([]);
  });

  it('is asked about with the exact URL; once confirmed it connects, and starts with the studio without asking', async () => {
    const demo = await demoHttp();
    const asked: OutsideRequest[] = [];
    const c = await openCore({ confirmOutside: async (r) => (asked.push(r), 'confirmed') });
    const added = await c.value('mcp.add', { spec: { transport: 'http', name: 'Remote notes', url: demo.url } });
    expect(added.state).toBe('unconfirmed');
    expect(asked).toEqual([]);
    expect((await c.value('mcp.connect', { id: added.id })).state).toBe('connected');
    expect(asked).toMatchObject([{ kind: 'mcp-url', server: 'Remote notes', url: new URL(demo.url).href }]);

    const again = await openCore({ dataDir: c.ports.dataDir, confirmOutside: undefined } as never);
    await again.until(async () => (await stateOf(again, added.id))?.state === 'connected');
  });
});

describe('a connection error', () => {
  const SECRET = 'password=hunter2';
  const answers: [number, string, string][] = [
    [401, 'text/html', `<html><body>Login failed. Last attempt: ${SECRET}</body></html>`],
    [404, 'text/plain', `no such page; ${SECRET}`],
    [500, 'text/html; charset=utf-8', `<pre>Traceback: db ${SECRET}</pre>`],
    [400, 'application/json', JSON.stringify({ error: 'bad', config: SECRET })],
    [200, 'text/html', `<html>${SECRET}</html>`],
  ];

  it.each(answers)('never quotes the body of a %i %s answer: the page reads the status and the content type', async (status, type, body) => {
    const target = await service(status, type, body);
    const c = await openCore({ confirmOutside: async () => 'confirmed' });
    const { id } = await c.value('mcp.add', { spec: { transport: 'http', name: 'Local service', url: `${target.url}/mcp` } });
    const view = await c.value('mcp.connect', { id });
    expect(view.state).toBe('failed');
    expect(target.heard.length).toBeGreaterThan(0);
    const seen = JSON.stringify([view, await c.value('mcp.list'), c.events]);
    expect(seen).not.toContain('hunter2');
    expect(view.error.message).toContain(String(status));
    if (status !== 401) {
      expect(view.error).toMatchObject({ text: { code: 'mcp.server.notMcp', params: { status, contentType: type.split(';')[0] } } });
    }
  });
});

describe('a call to a URL server', () => {
  it('that fails with a page that is not an MCP answer quotes its status and type, never its body', async () => {
    const demo = await demoHttp();
    // A server that connects like the demo, then answers a call with a service's error page.
    const front = await listen((req, res) => {
      if (req.body.includes('"tools/call"')) {
        res.writeHead(500, { 'Content-Type': 'text/html' });
        res.end('<pre>db password=hunter2</pre>');
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      void fetch(demo.url, { method: req.method, headers, ...(req.method === 'POST' ? { body: req.body } : {}) }).then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
        res.end(body);
      });
    });
    listeners.push(front);
    const dir = mkdtempSync(join(tmpdir(), 'studio-mcp-call-'));
    const h = new McpHost({
      file: join(dir, 'mcp-servers.json'), secrets: fileSecrets(join(dir, 'keys.json')), confirm: async () => 'confirmed',
      language: () => 'en', version: 'test', emit: () => undefined, log: () => undefined, onUnreadable: () => undefined,
    });
    try {
      h.open();
      const { id } = await h.add({ transport: 'http', name: 'Front', url: `${front.url}/mcp` });
      expect((await h.connect(id)).state).toBe('connected');
      const failed = await h.run({ serverId: id, tool: 'list_notes', arguments: '{}' }, { signal: new AbortController().signal, onProgress: () => undefined }).catch((e: unknown) => e);
      expect(failed).toMatchObject({ code: 'server_error', text: { code: 'mcp.server.notMcp', params: { status: 500, contentType: 'text/html' } } });
      expect(JSON.stringify(failed)).not.toContain('hunter2');
      expect((failed as Error).message).not.toContain('hunter2');
    } finally {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
