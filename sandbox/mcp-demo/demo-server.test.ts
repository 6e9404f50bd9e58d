/**
 * The demo server as a host meets it: through the SDK client, over a real stdio child process
 * (the command a creator types into Settings) and over Streamable HTTP, including the misuses a
 * host must be able to count on being refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { startDemoHttp } from './http.js';
import { MAX_REPEAT_CHARS } from './demo-server.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
// `--import tsx` resolves from the child's cwd, so it runs in the project folder, as in Settings.
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NOTES = fileURLToPath(new URL('./notes/', import.meta.url));
const TOOLS = ['count_words', 'list_notes', 'read_note', 'repeat', 'search_notes', 'wait'];
const TOKEN = 'demo-token-1234';

const cleanups: (() => Promise<unknown>)[] = [];
const closeAll = async () => {
  // Newest first: clients close before the servers they talk to.
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
};
afterEach(closeAll);

type CallResult = { content: { type: string; text?: string }[]; isError?: boolean };
const textOf = (result: unknown) => (result as CallResult).content.map((c) => c.text ?? '').join('');
const isError = (result: unknown) => (result as CallResult).isError === true;

async function stdioClient() {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', CLI], cwd: PROJECT_ROOT, stderr: 'pipe' });
  let stderr = '';
  const stderrWaiters: (() => void)[] = [];
  transport.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    stderrWaiters.splice(0).forEach((wake) => wake());
  });
  const client = new Client({ name: 'demo-test', version: '1.0.0' });
  cleanups.push(() => client.close());
  await client.connect(transport);
  // What the server put on the wire, seen before the SDK's own bookkeeping can drop any of it.
  const wire: { method?: string; params?: Record<string, unknown>; result?: unknown }[] = [];
  const deliver = transport.onmessage!;
  transport.onmessage = (message) => {
    wire.push(message as (typeof wire)[number]);
    deliver(message);
  };
  /** Resolves once the server has logged `text`: proof of what it did, with no clock involved. */
  const stderrIncludes = async (text: string) => {
    while (!stderr.includes(text)) await new Promise<void>((wake) => stderrWaiters.push(wake));
  };
  return { client, stderrIncludes, wire };
}

async function httpServer(token?: string, log?: (line: string) => void) {
  const demo = await startDemoHttp({ token, log });
  cleanups.push(() => demo.close());
  return demo;
}

async function httpClient(url: string, authorization?: string) {
  const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'demo-test', version: '1.0.0' });
  cleanups.push(() => client.close());
  await client.connect(transport);
  return client;
}

async function wordsIn(name: string) {
  return (await readFile(`${NOTES}${name}.md`, 'utf8')).split(/\s+/).filter(Boolean).length;
}

describe('demo MCP server over stdio', () => {
  // One child for the whole block: starting node with the tsx loader takes over a second, and the
  // server keeps no state between calls. Its own cleanup list, so afterEach leaves it running.
  let stdio: Awaited<ReturnType<typeof stdioClient>>;
  const stdioCleanups: typeof cleanups = [];
  beforeAll(async () => {
    stdio = await stdioClient();
    stdioCleanups.push(...cleanups.splice(0));
  });
  afterAll(async () => {
    while (stdioCleanups.length) await stdioCleanups.pop()!().catch(() => {});
  });

  it('lists its six tools, each described, and reads a note', async () => {
    const { client } = stdio;
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(tools.find((t) => t.name === 'read_note')!.inputSchema.required).toEqual(['name']);

    const list = await client.callTool({ name: 'list_notes', arguments: {} });
    expect(textOf(list).split('\n')).toEqual(expect.arrayContaining(['lighting', 'storyboard', 'voice-over']));

    const note = await client.callTool({ name: 'read_note', arguments: { name: 'lighting' } });
    expect(isError(note)).toBe(false);
    expect(textOf(note)).toBe(await readFile(`${NOTES}lighting.md`, 'utf8'));
    // A name written as its file name is the same note.
    expect(textOf(await client.callTool({ name: 'read_note', arguments: { name: 'lighting.md' } }))).toBe(textOf(note));
  });

  it('answers an unknown note with a tool error naming the notes that exist', async () => {
    const { client } = stdio;
    const result = await client.callTool({ name: 'read_note', arguments: { name: 'budget' } });
    expect(isError(result)).toBe(true);
    expect(textOf(result)).toContain('budget');
    expect(textOf(result)).toContain('lighting');
  });

  it('refuses names that try to leave the notes folder, without reading anything', async () => {
    const { client } = stdio;
    const packageJson = await readFile(`${PROJECT_ROOT}package.json`, 'utf8');
    const attempts = ['../../package.json', '..\\..\\package.json', `${PROJECT_ROOT}package.json`, 'notes/../lighting', '..', '../notes/lighting'];
    for (const name of attempts) {
      for (const tool of ['read_note', 'count_words']) {
        const result = await client.callTool({ name: tool, arguments: { name } });
        expect(isError(result), `${tool}(${name})`).toBe(true);
        expect(textOf(result)).not.toContain('gateway-studio"');
        expect(textOf(result)).not.toContain(packageJson.slice(0, 40));
        expect(textOf(result)).not.toMatch(/\d+ words/);
      }
    }
  });

  it('reports count_words progress, one step per line, to a caller that asks for it', async () => {
    const { client, wire } = stdio;
    wire.length = 0;
    const steps: Progress[] = [];
    const result = await client.callTool({ name: 'count_words', arguments: { name: 'storyboard' } }, undefined, {
      onprogress: (p) => steps.push(p),
    });
    expect(textOf(result)).toBe(`${await wordsIn('storyboard')} words`);
    const lines = (await readFile(`${NOTES}storyboard.md`, 'utf8')).split(/\r?\n/).length;
    const sent = wire.filter((m) => m.method === 'notifications/progress').map((m) => m.params!);
    expect(sent.map((p) => p.progress)).toEqual(Array.from({ length: lines }, (_, i) => i + 1));
    expect(sent.every((p) => p.total === lines && typeof p.message === 'string')).toBe(true);
    // Every step precedes the result on the wire.
    expect(wire.findLastIndex((m) => m.method === 'notifications/progress')).toBeLessThan(wire.findIndex((m) => m.result !== undefined && 'content' in (m.result as object)));
    // The client's onprogress gets them in order; a step the SDK read together with the result
    // may be dropped on a stalled client (see demo-server.ts, count_words), so not all are required.
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((s, i) => s.total === lines && (i === 0 || s.progress > steps[i - 1].progress))).toBe(true);

    // Without a token the same call is silent.
    wire.length = 0;
    await client.callTool({ name: 'count_words', arguments: { name: 'storyboard' } });
    expect(wire.filter((m) => m.method === 'notifications/progress')).toEqual([]);
  });

  it('stops a wait when the caller aborts it, and keeps serving', async () => {
    const { client, stderrIncludes } = stdio;
    const stop = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: { seconds: 600 } }, undefined, { signal: stop.signal, timeout: 700_000 });
    // The abort has to follow the request out; when exactly does not matter.
    setTimeout(() => stop.abort(new Error('Stop pressed')), 100);
    await expect(call).rejects.toThrow(/Stop pressed/);
    // The server saw the cancellation and dropped its timer: a 600 s wait would never log this.
    await stderrIncludes('wait cancelled');
    expect(textOf(await client.callTool({ name: 'wait', arguments: { seconds: 0 } }))).toBe('waited 0 s');
  });

  it('refuses arguments outside the schemas', async () => {
    const { client } = stdio;
    const bad = [
      { name: 'wait', arguments: { seconds: 601 } },
      { name: 'wait', arguments: { seconds: -1 } },
      { name: 'search_notes', arguments: { query: '' } },
      { name: 'repeat', arguments: { text: 'a', times: 0 } },
      { name: 'repeat', arguments: { text: 'a', times: 1.5 } },
      { name: 'read_note', arguments: {} },
    ];
    for (const call of bad) {
      // The SDK answers a schema failure as a tool error result; a protocol error would do as well.
      const outcome = await client.callTool(call).then((r) => isError(r), () => true);
      expect(outcome, JSON.stringify(call)).toBe(true);
    }
  });
});

describe('demo MCP server over Streamable HTTP', () => {
  it('refuses a client without the right bearer token', async () => {
    const demo = await httpServer(TOKEN);
    await expect(httpClient(demo.url)).rejects.toThrow();
    await expect(httpClient(demo.url, 'Bearer wrong-token')).rejects.toThrow();
    await expect(httpClient(demo.url, TOKEN)).rejects.toThrow();
  });

  it('serves tool calls to a client with the right token', async () => {
    const demo = await httpServer(TOKEN);
    const client = await httpClient(demo.url, `Bearer ${TOKEN}`);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);

    const hits = textOf(await client.callTool({ name: 'search_notes', arguments: { query: 'GOLDEN HOUR' } }));
    expect(hits).toMatch(/^lighting:\d+: .*Golden hour/);
    expect(textOf(await client.callTool({ name: 'search_notes', arguments: { query: 'zeppelin' } }))).toBe('No match');

    expect(textOf(await client.callTool({ name: 'repeat', arguments: { text: 'ab', times: 3 } }))).toBe('ababab');
    const big = textOf(await client.callTool({ name: 'repeat', arguments: { text: 'x', times: 1_000_000 } }));
    expect(big.length).toBe(1_000_000);
    const tooBig = await client.callTool({ name: 'repeat', arguments: { text: 'abcdefgh', times: 10_000_000 } });
    expect(isError(tooBig)).toBe(true);
    expect(textOf(tooBig)).toContain(String(MAX_REPEAT_CHARS));
  });

  it('streams count_words progress to the client', async () => {
    const demo = await httpServer();
    const client = await httpClient(demo.url);
    const steps: Progress[] = [];
    const result = await client.callTool({ name: 'count_words', arguments: { name: 'voice-over' } }, undefined, {
      onprogress: (p) => steps.push(p),
    });
    expect(textOf(result)).toBe(`${await wordsIn('voice-over')} words`);
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.at(-1)!.progress).toBe(steps.at(-1)!.total);
  });

  it('ends a wait on the server once the client hangs up', async () => {
    // Stateless HTTP: a cancel notification arrives as a new POST on a fresh server that never
    // saw the request, so what stops the work is the request's stream closing.
    let cancelled!: () => void;
    const serverCancelled = new Promise<void>((resolve) => { cancelled = resolve; });
    let started!: () => void;
    const serverStarted = new Promise<void>((resolve) => { started = resolve; });
    const demo = await httpServer(undefined, (line) => {
      if (line.startsWith('wait ')) started();
      if (line === 'wait cancelled') cancelled();
    });
    const client = await httpClient(demo.url);
    const call = client.callTool({ name: 'wait', arguments: { seconds: 600 } }, undefined, { timeout: 700_000 });
    await serverStarted;
    await client.close();
    await expect(call).rejects.toThrow();
    await serverCancelled;
  });

  it('answers only POST on /mcp, and only for a loopback Host', async () => {
    const demo = await httpServer();
    const { port } = new URL(demo.url);
    const status = (method: string, path: string, host = `127.0.0.1:${port}`) => new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers: { Host: host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(await status('GET', '/mcp')).toBe(405);
    expect(await status('POST', '/other')).toBe(404);
    // A page that rebinds its own domain to 127.0.0.1 still sends its domain as the Host.
    expect(await status('POST', '/mcp', `attacker.example:${port}`)).toBe(403);
  });
});
