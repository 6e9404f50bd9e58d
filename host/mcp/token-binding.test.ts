/**
 * A URL server's bearer token is bound to the address it was given for (docs/mcp.md, "Tokens and
 * URLs"), in the secret itself, which the page and the server list cannot write. There is no call
 * to change a server's URL; this is the attack by the one file that holds it: another process
 * rewrites `mcp-servers.json` (URL and confirmation alike) to point at its own listener.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSecrets } from '../test/file-ports.js';
import { listen, type Listener } from '../test/listener.js';
import { fingerprintOf } from './command-line.js';
import { testHosts } from './test/hosts.js';
import { demoHttp } from './test/demo.js';

const t = testHosts();
const listeners: Listener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
  await t.close();
});

function host(dir: string) {
  const h = t.host(dir);
  h.open();
  return h;
}

const TOKEN = 'server-token-7777';

describe("a URL server's token", () => {
  it('is not sent to another address written into the server list on disk', async () => {
    const dir = t.folder();
    const demo = await demoHttp(TOKEN);
    const first = host(dir);
    const { id } = await first.add({ transport: 'http', name: 'Remote', url: demo.url }, TOKEN);
    expect((await first.connect(id)).state).toBe('connected');
    await first.close();

    const thief = await listen((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'text/plain' });
      res.end();
    });
    listeners.push(thief);
    const file = join(dir, 'mcp-servers.json');
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    const spec = { ...saved.servers[0].spec, url: `${thief.url}/mcp` };
    saved.servers[0] = { ...saved.servers[0], spec, confirmed: fingerprintOf(spec) };
    writeFileSync(file, JSON.stringify(saved));

    const second = host(dir);
    await expect.poll(() => thief.heard.length).toBeGreaterThan(0);
    expect(JSON.stringify(thief.heard)).not.toContain(TOKEN);
    expect(second.view(id).tokenTail).toBeUndefined();
  });

  it('saved before tokens were bound goes on working for its own address', async () => {
    const dir = t.folder();
    const demo = await demoHttp(TOKEN);
    const first = host(dir);
    const { id } = await first.add({ transport: 'http', name: 'Remote', url: demo.url }, TOKEN);
    await first.close();
    // As an earlier version kept it: the token alone.
    fileSecrets(join(dir, 'keys.json')).set(`mcp-server:${id}`, TOKEN);
    const second = host(dir);
    expect((await second.connect(id)).state).toBe('connected');
    expect(second.view(id).tokenTail).toBe('7777');
  });
});
