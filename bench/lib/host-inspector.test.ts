/**
 * The studio's memory readings in bench/batch.ts (host-inspector.ts): a reading must leave out
 * the garbage a process has not collected yet, or a figure moves with the moment it was taken;
 * and a process started without the inspector must be said so, not waited on for ever.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChild, type Child } from './child.js';
import { connectHost, INSPECT_FLAG, type HostInspector } from './host-inspector.js';

/** A process that makes about 40 MB of garbage, keeps 1 MB, then prints a URL and waits. */
const SCRIPT = `
globalThis.kept = new Array(1000).fill(0).map((_, i) => 'kept ' + i + ' '.repeat(1000));
let junk = [];
for (let i = 0; i < 400; i++) junk.push(new Array(10000).fill(i).map(String));
junk = null;
console.log('http://127.0.0.1:1/ ready');
setInterval(() => {}, 60_000);
`;

const dirs: string[] = [];
const children: Child[] = [];
const sessions: HostInspector[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) s.close();
  for (const c of children.splice(0)) await c.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(flags: string[]): Promise<Child> {
  const dir = mkdtempSync(join(tmpdir(), 'host-inspector-'));
  dirs.push(dir);
  const entry = join(dir, 'garbage.mjs');
  writeFileSync(entry, SCRIPT);
  const child = await startChild(entry, [], 30_000, flags);
  children.push(child);
  return child;
}

describe('the studio process read through its inspector', () => {
  it('reads the heap after its garbage is collected, and the same again when nothing changed', async () => {
    const host = await connectHost(await start([INSPECT_FLAG]));
    sessions.push(host);
    const before = await host.heapUsed();
    await host.collectGarbage();
    const after = await host.heapUsed();
    // The tens of MB of arrays let go are gone; what the process keeps is still counted.
    expect(before - after).toBeGreaterThan(10 * 1_048_576);
    expect(after).toBeGreaterThan(1_000_000);
    await host.collectGarbage();
    expect(Math.abs((await host.heapUsed()) - after)).toBeLessThan(1_048_576);
  });

  it('fails a reading when the studio exits under it, rather than waiting for ever', async () => {
    const child = await start([INSPECT_FLAG]);
    const host = await connectHost(child);
    sessions.push(host);
    child.proc.kill('SIGKILL');
    await expect(host.collectGarbage()).rejects.toThrow(/inspector closed/);
    await expect(host.heapUsed()).rejects.toThrow(/inspector closed/);
  });

  it('says the studio was started without the inspector rather than waiting for it', async () => {
    const child = await start([]);
    await expect(connectHost(child, 500)).rejects.toThrow(/no inspector address/);
  });
});
