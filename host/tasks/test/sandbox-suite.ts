/**
 * The frame of a job test file: one fast sandbox gateway for the file (100 times the spec's
 * clock, unpaced streams), and clean-ups run after each test, last added first.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSandbox, type Sandbox } from '@sandbox/server.js';

export function sandboxSuite() {
  const suite = {
    sandbox: undefined as unknown as Sandbox,
    cleanups: [] as (() => Promise<unknown> | unknown)[],
    /** Posts to the sandbox's admin routes (faults, link expiry). */
    admin: (path: string, body: unknown = {}) =>
      fetch(`${suite.sandbox.url}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  };
  beforeAll(async () => { suite.sandbox = await startSandbox({ speed: 100, streamPaceMs: 0 }); });
  afterAll(async () => { await suite.sandbox.close(); });
  afterEach(async () => {
    for (const c of suite.cleanups.reverse()) await c();
    suite.cleanups = [];
  });
  return suite;
}
