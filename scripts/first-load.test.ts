/**
 * What the renderer's first load may hold (docs/performance.md, "Start-up"): every module that
 * main.tsx reaches by static, run-time imports is evaluated before the first screen, and a
 * returning user's first screen waits for the open conversation's pane and Markdown as well. zod is the
 * largest library the host and the forms need and the first screen does not: reached statically,
 * it costs ~90 kB of minified JS and its evaluation on every start. The check follows the imports
 * as the bundler does (dependency-cruiser's graph, without `import type` and without `import()`),
 * and is attacked here with entries that reach zod in the ways a change could.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type IModule } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

let options: ICruiseOptions;
let tsConfig: unknown;
beforeAll(async () => {
  options = await extractDepcruiseOptions('./.dependency-cruiser.mjs');
  tsConfig = extractTSConfig('./tsconfig.renderer.json');
});

const planted: string[] = [];
afterEach(() => {
  for (const file of planted.splice(0)) rmSync(file, { force: true });
});

/** Types are erased and `import()` makes a chunk of its own: neither is in the first load. */
const atRunTime = (types: string[]) => !types.includes('dynamic-import') && !types.some((t) => t.startsWith('type-'));

/** The packages and files `entry` reaches before any `import()`, as the bundler puts them in its chunk. */
async function firstLoad(entry: string): Promise<Set<string>> {
  const result = await cruise([entry], { ...options, validate: false, skipAnalysisNotInRules: false }, {}, { tsConfig });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, got a report');
  const byName = new Map<string, IModule>(result.output.modules.map((m) => [m.source, m]));
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length) {
    for (const dep of byName.get(queue.shift()!)?.dependencies ?? []) {
      if (!atRunTime(dep.dependencyTypes) || seen.has(dep.resolved)) continue;
      seen.add(dep.resolved);
      queue.push(dep.resolved);
    }
  }
  return seen;
}

const reachesZod = (modules: Set<string>) => [...modules].some((m) => /(^|\/)node_modules\/zod\//.test(m));

function plant(code: string): string {
  const file = `renderer/src/first-load-attack-${randomUUID()}.ts`;
  writeFileSync(file, code);
  planted.push(file);
  return file;
}

describe("the renderer's first load", () => {
  it('holds no zod', async () => {
    const modules = await firstLoad('renderer/src/main.tsx');
    // The walk reached the app itself, so an empty answer cannot pass for a clean one.
    expect(modules.has('renderer/src/app/App.tsx')).toBe(true);
    expect([...modules].filter((m) => m.includes('zod') || /^shared\/.*(schemas?|wire)\.ts$/.test(m))).toEqual([]);
  });

  it("holds no zod in the open conversation's code either", async () => {
    // A returning user's first screen waits for the pane, the sidebar's window and the Markdown too (app/first-screen.ts):
    // the pane once brought zod's ~95 kB in through two constants of the contract.
    for (const entry of ['renderer/src/features/chat/ui/conversation-pane.tsx', 'renderer/src/features/chat/ui/conversation-window.tsx', 'renderer/src/components/markdown/markdown.tsx']) {
      const modules = await firstLoad(entry);
      expect(modules.size).toBeGreaterThan(20);
      expect([...modules].filter((m) => m.includes('zod') || /^shared\/.*(schemas?|wire)\.ts$/.test(m))).toEqual([]);
    }
  });

  it('holds no virtualizer: the lists drawn as windows bring it in chunks of their own', async () => {
    const modules = await firstLoad('renderer/src/main.tsx');
    expect(modules.has('renderer/src/features/chat/ui/conversation-list.tsx')).toBe(true);
    expect([...modules].filter((m) => m.includes('@tanstack/react-virtual') || m.includes('@tanstack/virtual-core'))).toEqual([]);
  });

  it.each([
    ['a schema imported directly', "import { ErrorData } from '@shared/contract/result.js';\nexport const a = ErrorData;\n"],
    ['zod itself', "import { z } from 'zod';\nexport const a = z;\n"],
    ['a schema re-exported', "export { BalanceView } from '@shared/contract/account.js';\n"],
  ])('is caught reaching zod through %s', async (_, code) => {
    expect(reachesZod(await firstLoad(plant(code)))).toBe(true);
  });

  it.each([
    ['a type', "import type { ErrorData } from '@shared/contract/result.js';\nexport type A = ErrorData;\n"],
    ['an import() of the forms', "export const a = () => import('@shared/contract/result.js');\n"],
  ])('may name zod through %s', async (_, code) => {
    expect(reachesZod(await firstLoad(plant(code)))).toBe(false);
  });
});
