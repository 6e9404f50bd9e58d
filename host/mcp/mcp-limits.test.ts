/**
 * What one MCP server may cost the host (docs/mcp.md, "Limits"), with the demo server as a real
 * process and a real HTTP server: a call that does not end, one that is stopped, answers too large
 * to pass on or even to read, and a server that dies mid-call. Each ends with a reason the creator
 * reads, and the studio goes on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSecrets } from '../test/file-ports.js';
import { McpHost, type McpLimits } from './mcp-host.js';
import { closeDemos, demoHttp, demoStdio } from './test/demo.js';

const hosts: McpHost[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  await closeDemos();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function host(limits: Partial<McpLimits> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'studio-mcp-'));
  dirs.push(dir);
  const logs: string[] = [];
  const h = new McpHost({
    file: join(dir, 'mcp-servers.json'), secrets: fileSecrets(join(dir, 'keys.json')), confirm: async () => 'confirmed',
    language: () => 'en', version: 'test', emit: () => undefined, log: (l) => logs.push(l), onUnreadable: () => undefined, limits,
  });
  h.open();
  hosts.push(h);
  return { h, logs };
}

const run = (h: McpHost, serverId: string, tool: string, args: unknown, signal = new AbortController().signal, progress: unknown[] = []) =>
  h.run({ serverId, tool, arguments: JSON.stringify(args) }, { signal, onProgress: (p) => progress.push(p) });

async function stdioServer(h: McpHost) {
  const { id } = await h.add(demoStdio());
  const view = await h.connect(id);
  expect(view.state).toBe('connected');
  return id;
}

describe('a call that takes too long', () => {
  it('is stopped at the time limit, and the server answers the next call', async () => {
    const { h } = host({ callMs: 300 });
    const id = await stdioServer(h);
    await expect(run(h, id, 'wait', { seconds: 30 })).rejects.toMatchObject({ code: 'timeout', text: { code: 'mcp.call.timeout' } });
    expect(await run(h, id, 'list_notes', {})).toMatchObject({ isError: false, text: expect.stringContaining('lighting') });
  });

  it('ends at once when stopped, with its progress seen before', async () => {
    const { h } = host();
    const id = await stdioServer(h);
    const stop = new AbortController();
    const progress: unknown[] = [];
    const counting = run(h, id, 'count_words', { name: 'storyboard' }, stop.signal, progress);
    await expect(counting).resolves.toMatchObject({ text: expect.stringMatching(/^\d+ words$/) });
    expect(progress.length).toBeGreaterThan(0);
    const waiting = run(h, id, 'wait', { seconds: 600 }, stop.signal);
    setImmediate(() => stop.abort());
    await expect(waiting).rejects.toMatchObject({ code: 'aborted', text: { code: 'mcp.call.stopped' } });
  });
});

describe('an answer too large', () => {
  it('to pass on to the model is refused, not cut', async () => {
    const { h } = host({ maxResultChars: 1000 });
    const id = await stdioServer(h);
    await expect(run(h, id, 'repeat', { text: 'ab', times: 501 })).rejects.toMatchObject({ code: 'invalid_request', text: { code: 'mcp.call.tooLarge' } });
    expect((await run(h, id, 'repeat', { text: 'ab', times: 500 })).text).toHaveLength(1000);
  });

  it('to read, over HTTP, fails the call and leaves the server usable', async () => {
    const { h } = host({ maxMessageBytes: 64 * 1024 });
    const demo = await demoHttp();
    const { id } = await h.add({ transport: 'http', name: 'Remote', url: demo.url });
    await h.connect(id);
    await expect(run(h, id, 'repeat', { text: 'x', times: 200_000 })).rejects.toMatchObject({ code: 'invalid_request', text: { code: 'mcp.call.tooLarge', params: { limit: '64 KB' } } });
    expect((await run(h, id, 'repeat', { text: 'x', times: 10 })).text).toBe('x'.repeat(10));
  });

  it('to read, over stdio, ends that connection with a reason; Restart brings it back', async () => {
    const { h } = host({ maxMessageBytes: 64 * 1024 });
    const id = await stdioServer(h);
    await expect(run(h, id, 'repeat', { text: 'x', times: 200_000 })).rejects.toBeTruthy();
    await expect.poll(() => h.view(id).state).toBe('failed');
    expect(h.view(id).error?.text?.code).toBe('mcp.server.exited');
    await expect(run(h, id, 'list_notes', {})).rejects.toMatchObject({ code: 'unreachable', text: { code: 'mcp.call.notConnected' } });
    expect((await h.connect(id)).state).toBe('connected');
  });
});

describe('a tool the server no longer has, or arguments that are not JSON', () => {
  it('is refused before anything is sent', async () => {
    const { h } = host();
    const id = await stdioServer(h);
    await expect(run(h, id, 'format_disk', {})).rejects.toMatchObject({ code: 'not_found', text: { code: 'mcp.call.toolGone' } });
    await expect(h.run({ serverId: id, tool: 'read_note', arguments: '{not json' }, { signal: new AbortController().signal, onProgress: () => undefined }))
      .rejects.toMatchObject({ text: { code: 'mcp.call.argumentsInvalid' } });
  });
});
