/**
 * A start that fails part-way leaves nothing running (docs/robust-host.md, "Start and shutdown"):
 * an outsider's data folder where the conversations folder is a file. Before, the sandbox gateway
 * the core had started kept listening. (The browser shell's own case: browser-shell/start-failure.test.ts.)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '@sandbox/server.js';
import { createCore } from './index.js';
import { listening } from './test/listening.js';
import { testPorts } from './test/file-ports.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});


describe('a start that fails part-way', () => {
  it('closes the sandbox gateway the core had started when its data folder cannot be opened', async () => {
    let url: string | undefined;
    const ports = testPorts({
      startSandbox: async () => {
        const s = await startSandbox({ speed: 100 });
        url = s.url;
        return s;
      },
    });
    cleanups.push(() => ports.cleanup());
    writeFileSync(join(ports.dataDir, 'conversations'), 'not a folder');
    await expect(createCore(ports)).rejects.toThrow(/EEXIST|conversations/);
    expect(url).toBeDefined();
    expect(await listening(url!)).toBe(false);
  });

});
