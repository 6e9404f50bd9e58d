/**
 * "Always allow" kept by the host (docs/mcp.md, "Running a call"), with the demo server as a real
 * process: an approval is for a tool as it is listed, and a name alone (as older files kept it,
 * or as a damaged or crafted file holds it) approves nothing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandFingerprint } from './command-line.js';
import { demoStdio } from './test/demo.js';
import { testHosts } from './test/hosts.js';

const t = testHosts();
afterEach(t.close);
const host = t.host;
const folder = t.folder;

describe('an approval', () => {
  it('kept as a bare name in the file allows nothing: the tool asks again', async () => {
    const dir = folder();
    const spec = demoStdio();
    writeFileSync(join(dir, 'mcp-servers.json'), JSON.stringify({ version: 1, servers: [{ id: 's1', spec, enabled: true, confirmed: commandFingerprint(spec), alwaysAllowed: ['list_notes'] }] }));
    const h = host(dir);
    h.open();
    expect((await h.connect('s1')).state).toBe('connected');
    expect(h.alwaysAllowed('s1', 'list_notes')).toBe(false);
    expect(h.view('s1').alwaysAllowed).toEqual([]);
    h.setAlwaysAllow('s1', 'list_notes', true);
    expect(h.alwaysAllowed('s1', 'list_notes')).toBe(true);
    expect(h.view('s1').alwaysAllowed).toEqual(['list_notes']);
  });

  it('cannot be given for a tool the server does not list now', async () => {
    const h = host(folder());
    h.open();
    const { id } = await h.add(demoStdio());
    expect(() => h.setAlwaysAllow(id, 'list_notes', true)).toThrow(expect.objectContaining({ code: 'unreachable' }));
    await h.connect(id);
    expect(() => h.setAlwaysAllow(id, 'delete_everything', true)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(h.view(id).alwaysAllowed).toEqual([]);
  });
});
