/** A real core on real files and a fast clock, for tests of the core through the contract. */
import { afterEach } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName } from '@shared/contract/index.js';
import { createCore, type CorePorts } from '../index.js';
import { splitOptions, type CoreOptions } from '../options.js';
import { testPorts } from './file-ports.js';

import { FAST_CADENCE } from '../tasks/test/job-harness.js';

export { FAST_CADENCE };

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** `overrides`: ports and options (options.ts) alike, in one bag. */
export async function openCore(overrides: Partial<CorePorts> & CoreOptions = {}) {
  const split = splitOptions(overrides);
  const ports = testPorts(split.ports);
  const core = await createCore(ports, { cadence: FAST_CADENCE, ...split.options });
  core.resumeWork();
  cleanups.push(() => ports.cleanup(), () => core.close());
  const events: { event: EventName; payload: any }[] = [];
  core.subscribe((event, payload) => events.push({ event, payload }));
  const call = (method: string, input: unknown = {}) => core.dispatch(method, input) as Promise<any>;
  const value = async (method: string, input: unknown = {}) => {
    const r = await call(method, input);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.value;
  };
  const until = async (pred: () => Promise<boolean>, ms = 30_000) => {
    const start = Date.now();
    while (!(await pred())) {
      if (Date.now() - start > ms) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const libraryFile = async (rel: string) => readFileSync(join((await value('settings.get')).libraryDir, rel));
  return { ports, core, events, call, value, until, libraryFile };
}
