/**
 * The layering check attacked from outside (docs/house-rules.md, "The folder names the runtime"):
 * files written into each folder import across the rules statically, with `import()`, by path
 * alias and by relative path, and the checker `npm run lint:layers` runs (.dependency-cruiser.mjs,
 * through dependency-cruiser's own API) must refuse each one, and let the allowed ones through.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

let options: ICruiseOptions;
let tsConfig: unknown;
beforeAll(async () => {
  options = await extractDepcruiseOptions('./.dependency-cruiser.mjs');
  tsConfig = extractTSConfig('./tsconfig.json');
});

/** Files and folders this test made, removed after each case (the tree is shared with others). */
const made: string[] = [];
afterEach(() => {
  for (const path of made.splice(0).reverse()) rmSync(path, { recursive: true, force: true });
});

/** Writes `code` at `<folder>/<name>`, under a name no one else uses; returns its path. */
function plant(folder: string, code: string, name = `layering-attack-${randomUUID()}.ts`): string {
  // Folders made here go too, after the file and deepest first (cleanup runs the list backwards).
  const parts = folder.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    if (existsSync(dir)) continue;
    mkdirSync(dir);
    made.push(dir);
  }
  const file = `${folder}/${name}`;
  writeFileSync(file, code);
  made.push(file);
  return file;
}

/**
 * The rules the checker says `files`' own imports break, by name. Only their own imports are
 * followed (depth 1; two files at once are a cycle's two ends, followed to each other), unless
 * `follow` asks for the files they import too: a longer cycle is seen only by following it round.
 */
async function broken(...files: string[]): Promise<string[]>;
async function broken(follow: { follow: true }, ...files: string[]): Promise<string[]>;
async function broken(...args: (string | { follow: true })[]): Promise<string[]> {
  const follow = typeof args[0] === 'object';
  const files = args.filter((a): a is string => typeof a === 'string');
  const result = await cruise(files, { ...options, validate: true, ...(follow ? {} : { maxDepth: files.length > 1 ? 2 : 1 }) }, {}, { tsConfig });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, got a report');
  return [...new Set(result.output.summary.violations.filter((v) => files.includes(v.from)).map((v) => v.rule.name))].sort();
}

describe('the layering check refuses', () => {
  it.each([
    // The host core reaching into the sandbox, every way an import can be written.
    ['host', "import { startSandbox } from '@sandbox/server.js';\nexport const a = startSandbox;\n", ['sandbox-only-from-shell-roots']],
    ['host', "export const a = async () => (await import('@sandbox/server.js')).startSandbox;\n", ['sandbox-only-from-shell-roots']],
    ['host', "export const a = () => import('../sandbox/server.js');\n", ['sandbox-only-from-shell-roots']],
    ['host/library', "export const a = () => import('../../sandbox/media/video-render.js');\n", ['sandbox-only-from-shell-roots']],
    ['host', "import type { Sandbox } from '@sandbox/server.js';\nexport type A = Sandbox;\n", ['sandbox-only-from-shell-roots']],
    ['host', "export { startSandbox } from '@sandbox/server.js';\n", ['sandbox-only-from-shell-roots']],
    // … into the renderer, the shells and Electron.
    ['host', "import { App } from '../renderer/src/app/App.js';\nexport const a = App;\n", ['core-stays-neutral']],
    ['host', "export const a = () => import('@renderer/main.js');\n", ['core-stays-neutral']],
    ['host', "export const a = () => import('../browser-shell/session.js');\n", ['core-stays-neutral']],
    ['host', "export const a = () => import('../electron/adapters/ipc.js');\n", ['core-stays-neutral']],
    ['host', "import { app } from 'electron';\nexport const a = app;\n", ['electron-only-in-adapters']],
    ['electron', "import { app } from 'electron';\nexport const a = app;\n", ['electron-only-in-adapters']],
    ['browser-shell', "export const a = () => import('electron');\n", ['electron-only-in-adapters']],
    // A test may start a sandbox, but it is still host code: no renderer.
    ['host', "export const a = () => import('@renderer/main.js');\n", ['core-stays-neutral'], 'x.test.tsx'],
    // Desktop adapters and the browser shell other than their composition roots.
    ['electron/adapters', "export const a = () => import('@sandbox/sticky-port.js');\n", ['sandbox-only-from-shell-roots']],
    ['browser-shell', "import { startSandbox } from '../sandbox/server.js';\nexport const a = startSandbox;\n", ['sandbox-only-from-shell-roots']],
    ['browser-shell', "export const a = () => import('@renderer/main.js');\n", ['host-not-into-renderer-or-adapters']],
    // The renderer: shared/ and npm packages only.
    ['renderer/src', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n", ['renderer-no-node']],
    ['renderer/src', "export const a = () => process.getBuiltinModule('fs');\n", ['renderer-no-node']],
    ['renderer/src', "export const a = () => import('@host/index.js');\n", ['renderer-only-shared']],
    ['renderer/src/features', "import { sniff } from '../../../media/sniff.js';\nexport const a = sniff;\n", ['renderer-only-shared']],
    ['renderer/src', "export const a = () => import('@sandbox/server.js');\n", ['renderer-only-shared', 'sandbox-only-from-shell-roots']],
    ['renderer/src', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n", ['electron-only-in-adapters']],
    // The sandbox: shared/ and media/ only.
    ['sandbox', "export const a = () => import('@host/index.js');\n", ['sandbox-only-shared-and-media']],
    ['sandbox/routes', "import { App } from '../../renderer/src/app/App.js';\nexport const a = App;\n", ['host-not-into-renderer-or-adapters', 'sandbox-only-shared-and-media']],
    ['sandbox', "import { app } from 'electron';\nexport const a = app;\n", ['electron-only-in-adapters']],
    // media/: shared/ only.
    ['media', "export const a = () => import('@sandbox/server.js');\n", ['media-only-shared', 'sandbox-only-from-shell-roots']],
    ['media', "import { coreError } from '../host/errors.js';\nexport const a = coreError;\n", ['media-only-shared']],
    ['media', "export const a = () => import('@host/errors.js');\n", ['media-only-shared']],
    // shared/: nothing else of ours, no Node, no React.
    ['shared', "import { readFileSync } from 'fs';\nexport const a = readFileSync;\n", ['shared-no-node']],
    ['shared/contract', "export const a = () => import('node:path');\n", ['shared-no-node']],
    ['shared', "import { useState } from 'react';\nexport const a = useState;\n", ['shared-no-react']],
    ['shared', "export const a = () => import('@media/sniff.js');\n", ['shared-depends-on-nothing']],
    ['shared', "import { app } from 'electron';\nexport const a = app;\n", ['electron-only-in-adapters']],
    // An alias the checker cannot resolve would slip past every rule.
    ['host', "export const a = () => import('@sandbx/server.js');\n", ['resolvable']],
  ])('%s importing %j', async (folder, code, rules, name?: string) => {
    expect(await broken(plant(folder, code, name && `layering-attack-${randomUUID()}.${name}`))).toEqual(rules);
  });
});

describe('the layering check allows', () => {
  it.each([
    ['host', "import { z } from 'zod';\nimport { readFileSync } from 'node:fs';\nimport { sniff } from '@media/sniff.js';\nimport { methods } from '@shared/contract/index.js';\nimport { coreError } from './errors.js';\nexport const a = [z, readFileSync, sniff, methods, coreError];\n"],
    ['host', "export const a = () => import('../media/ffmpeg-process.js');\n"],
    // Tests and test helpers may start a sandbox.
    ['host', "import { startSandbox } from '@sandbox/server.js';\nexport const a = startSandbox;\n", 'x.test.tsx'],
    ['host/test', "export const a = () => import('../../sandbox/server.js');\n"],
    ['electron/adapters', "import { app } from 'electron';\nexport const a = app;\n"],
    ['renderer/src', "import { useState } from 'react';\nimport { methods } from '@shared/contract/index.js';\nexport const a = [useState, methods];\n"],
    ['sandbox', "import { sniff } from '@media/sniff.js';\nimport { REFERENCE_IMAGE_MAX_BYTES } from '../shared/gateway/catalog.js';\nexport const a = [sniff, REFERENCE_IMAGE_MAX_BYTES];\n"],
    ['media', "import { spawn } from 'node:child_process';\nimport { fileTypeFromBuffer } from 'file-type';\nexport const a = [spawn, fileTypeFromBuffer];\n"],
  ])('%s importing %j', async (folder, code, name?: string) => {
    expect(await broken(plant(folder, code, name && `layering-attack-${randomUUID()}.${name}`))).toEqual([]);
  });

  it('the composition roots starting the sandbox, and nothing else of theirs', async () => {
    const roots = ['electron/main.ts', 'browser-shell/main.ts'];
    const result = await cruise(roots, { ...options, validate: true, maxDepth: 1 }, {}, { tsConfig });
    if (typeof result.output === 'string') throw new Error('expected a cruise result, got a report');
    expect(result.output.summary.violations).toEqual([]);
    // The allowance is used, so this passing means something.
    for (const root of roots) {
      const deps = result.output.modules.find((m) => m.source === root)?.dependencies.map((d) => d.resolved) ?? [];
      expect(deps.some((d) => d.startsWith('sandbox/'))).toBe(true);
    }
  });
});

/**
 * The renderer's inner layers (docs/architecture.md, "The renderer's layers"): app/ composes
 * features/<tab>/, which lean on components/, api/ and state/; below them nothing leans upward.
 */
describe("the renderer's layers refuse", () => {
  it.each([
    // A feature reaching into another, by relative path, by alias, lazily, for a type only.
    ['renderer/src/features/video', "import { DEFAULT_MODEL } from '../image/model/image-draft.js';\nexport const a = DEFAULT_MODEL;\n", ['renderer-feature-not-into-feature']],
    ['renderer/src/features/chat', "export const a = () => import('@renderer/features/settings/settings-tab.js');\n", ['renderer-feature-not-into-feature']],
    ['renderer/src/features/gallery', "import type { ImageDraft } from '../../features/image/model/image-draft.js';\nexport type A = ImageDraft;\n", ['renderer-feature-not-into-feature']],
    ['renderer/src/features/chat', "export { ShortcutList } from '../settings/settings-tab.js';\n", ['renderer-feature-not-into-feature']],
    // A feature reaching into the shell that composes it.
    ['renderer/src/features/gallery', "import { TABS } from '../../app/tab-registry.js';\nexport const a = TABS;\n", ['renderer-feature-not-into-app']],
    // components/ into a tab or the shell.
    ['renderer/src/components', "import { DEFAULT_MODEL } from '../features/image/model/image-draft.js';\nexport const a = DEFAULT_MODEL;\n", ['renderer-components-not-into-features-or-app']],
    ['renderer/src/components/use-in', "export const a = () => import('@renderer/app/App.js');\n", ['renderer-components-not-into-features-or-app']],
    // api/ into a store, a tab or the shell.
    ['renderer/src/api', "import { usePaymentStore } from '../state/payment-store.js';\nexport const a = usePaymentStore;\n", ['renderer-api-not-into-state-or-features']],
    ['renderer/src/api', "export const a = () => import('../features/chat/model/opening.js');\n", ['renderer-api-not-into-state-or-features']],
    ['renderer/src/api', "import { TABS } from '@renderer/app/tab-registry.js';\nexport const a = TABS;\n", ['renderer-api-not-into-state-or-features']],
    // state/ into a tab, the shell, the contract client.
    ['renderer/src/state', "import { DEFAULT_MODEL } from '../features/image/model/image-draft.js';\nexport const a = DEFAULT_MODEL;\n", ['renderer-state-not-into-features-or-app']],
    ['renderer/src/state', "export const a = () => import('../app/App.js');\n", ['renderer-state-not-into-features-or-app']],
    ['renderer/src/state', "import { mediaUrl } from '../api/session.js';\nexport const a = mediaUrl;\n", ['renderer-state-not-into-features-or-app']],
    // i18n/ assembling a feature's strings, or reading the shell's or a store: the app assembles.
    ['renderer/src/i18n', "import { chat } from '../features/chat/strings/en.js';\nexport const a = chat;\n", ['renderer-i18n-not-upwards']],
    ['renderer/src/i18n/zh-CN', "export const a = () => import('@renderer/features/gallery/strings/zh-CN.js');\n", ['renderer-i18n-not-upwards']],
    ['renderer/src/i18n', "export const a = () => import('../app/App.js');\n", ['renderer-i18n-not-upwards']],
    ['renderer/src/i18n', "import { useUiStore } from '../state/ui-store.js';\nexport const a = useUiStore;\n", ['renderer-i18n-not-upwards']],
    // A feature's model (stores, hooks, logic) reaching for its own components or its tab's entry.
    ['renderer/src/features/chat/model', "import { Composer } from '../ui/composer.js';\nexport const a = Composer;\n", ['renderer-feature-model-not-into-ui']],
    ['renderer/src/features/gallery/model', "export const a = () => import('../gallery-tab.js');\n", ['renderer-feature-model-not-into-ui']],
    ['renderer/src/features/image/model', "import type { ImageFields } from '@renderer/features/image/ui/image-fields.js';\nexport type A = typeof ImageFields;\n", ['renderer-feature-model-not-into-ui']],
    // A feature's catalog is data: it imports nothing but its English shape (a type).
    ['renderer/src/features/tasks/strings', "import { formatsFor } from '../../../i18n/format.js';\nexport const a = formatsFor;\n", ['renderer-feature-strings-are-data']],
  ])('%s importing %j', async (folder, code, rules) => {
    expect(await broken(plant(folder, code))).toEqual(rules);
  });

  it('two files of the renderer importing each other, in one layer or across two', async () => {
    const id = randomUUID();
    const a = plant('renderer/src/features/chat', `import { b } from './cycle-b-${id}.js';\nexport const a = () => b;\n`, `cycle-a-${id}.ts`);
    const b = plant('renderer/src/features/chat', `import { a } from './cycle-a-${id}.js';\nexport const b = () => a;\n`, `cycle-b-${id}.ts`);
    expect(await broken({ follow: true }, a, b)).toEqual(['renderer-no-cycles']);
    const c = plant('renderer/src/components', `export const c = () => import('../app/cycle-d-${id}.js');\n`, `cycle-c-${id}.ts`);
    const d = plant('renderer/src/app', `import { c } from '../components/cycle-c-${id}.js';\nexport const d = c;\n`, `cycle-d-${id}.ts`);
    expect(await broken({ follow: true }, c, d)).toEqual(['renderer-components-not-into-features-or-app', 'renderer-no-cycles']);
  });
});

describe("the renderer's layers allow", () => {
  it.each([
    // Downward: app/ composes the tabs; a tab leans on components/, api/, state/ and its own files.
    ['renderer/src/app', "import { DEFAULT_MODEL } from '../features/image/model/image-draft.js';\nimport { usePaymentStore } from '../state/payment-store.js';\nexport const a = [DEFAULT_MODEL, usePaymentStore];\n"],
    ['renderer/src/features/image', "import { DEFAULT_MODEL } from './model/image-draft.js';\nimport { useCall } from '../../api/client.js';\nimport { useHandoffStore } from '@renderer/state/handoff.js';\nimport { EmptyState } from '../../components/EmptyState.js';\nexport const a = [DEFAULT_MODEL, useCall, useHandoffStore, EmptyState];\n"],
    ['renderer/src/components', "import { useCall } from '../api/client.js';\nimport { useHandoffStore } from '../state/handoff.js';\nexport const a = [useCall, useHandoffStore];\n"],
    // A feature's ui/ uses its model/ and strings; its model/ uses api/, state/ and i18n/.
    ['renderer/src/features/chat/ui', "import { useStreamStore } from '../model/stream-store.js';\nimport '../strings/register.js';\nexport const a = useStreamStore;\n"],
    ['renderer/src/features/chat/model', "import { call } from '../../../api/client.js';\nimport { i18n } from '../../../i18n/index.js';\nexport const a = [call, i18n];\n"],
    // The app assembles every feature's catalogs; a feature's Chinese takes its English shape.
    ['renderer/src/app/strings', "import { chat } from '../../features/chat/strings/en.js';\nexport const a = () => [chat, import('../../features/chat/strings/zh-CN.js')];\n"],
    ['renderer/src/features/chat/strings', "import type { chat } from './en.js';\nimport type { Translation } from '../../../i18n/translation.js';\nexport type A = Translation<typeof chat>;\n"],
    // A test mounts what app/ composes: a tab with another tab's pieces, to check the seam.
    ['renderer/src/features/image', "import { INITIAL_VIDEO_DRAFT } from '../video/model/video-draft.js';\nexport const a = INITIAL_VIDEO_DRAFT;\n", 'x.test.ts'],
    ['renderer/src/components/use-in', "import { ReferenceImages } from '../../features/image/ui/reference-images.js';\nexport const a = ReferenceImages;\n", 'x.test.tsx'],
    // The renderer's test helpers drive several tabs at once.
    ['renderer/src/test', "import { DEFAULT_MODEL } from '../features/image/model/image-draft.js';\nimport { TABS } from '../app/tab-registry.js';\nexport const a = [DEFAULT_MODEL, TABS];\n"],
  ])('%s importing %j', async (folder, code, name?: string) => {
    expect(await broken(plant(folder, code, name && `layering-attack-${randomUUID()}.${name}`))).toEqual([]);
  });
});

/**
 * The host's own layers (docs/architecture.md, "Inside the host"): the ports name no service, no
 * import cycle runs through the host, and nothing that ships imports a test helper.
 */
describe('inside the host, the layering check refuses', () => {
  it.each([
    // A ports file reaching for a service, a domain module, or the host's options.
    ["import type { ChatService } from './chat/chat-service.js';\nexport type A = ChatService;\n"],
    ["import type { McpLimits } from './mcp/mcp-host.js';\nexport type A = McpLimits;\n"],
    ["import type { CoreOptions } from './options.js';\nexport type A = CoreOptions;\n"],
  ])('a ports file importing %j', async (code) => {
    expect(await broken(plant('host', code, `ports-layering-attack-${randomUUID()}.ts`))).toEqual(['host-ports-are-leaves']);
  });

  it('two host files importing each other, type-only included', async () => {
    const id = randomUUID();
    const a = plant('host', `import type { B } from './chat/cycle-b-${id}.js';\nexport type A = { b?: B };\n`, `cycle-a-${id}.ts`);
    const b = plant('host/chat', `import type { A } from '../cycle-a-${id}.js';\nexport type B = { a?: A };\n`, `cycle-b-${id}.ts`);
    expect(await broken(a, b)).toEqual(['host-no-cycles']);
  });

  it.each([
    ['host', "import { pngBytes } from './library/test/fixtures.js';\nexport const a = pngBytes;\n"],
    ['host/tasks', "export const a = () => import('../test/open-core.js');\n"],
    ['browser-shell', "export const a = () => import('@host/test/file-ports.js');\n"],
    ['media', "export const a = () => import('../e2e/fixtures.js');\n", ['media-only-shared', 'no-test-helpers-in-code']],
  ])('%s (not a test) importing %j', async (folder, code, rules = ['no-test-helpers-in-code']) => {
    expect(await broken(plant(folder, code))).toEqual(rules);
  });
});

describe('inside the host, the layering check allows', () => {
  it('the ports importing shared/ and npm packages only', async () => {
    const code = "import type { AppHealth } from '@shared/contract/app.js';\nimport type { z } from 'zod';\nexport type A = [AppHealth, z.ZodType];\n";
    expect(await broken(plant('host', code, `ports-layering-attack-${randomUUID()}.ts`))).toEqual([]);
  });

  it.each([
    ['host/library', "import { pngBytes } from './test/fixtures.js';\nexport const a = pngBytes;\n", 'x.test.ts'],
    ['host/library/test', "import { pngBytes } from './fixtures.js';\nexport const a = pngBytes;\n"],
  ])('a test or a test helper in %s importing %j', async (folder, code, name?: string) => {
    expect(await broken(plant(folder, code, name && `layering-attack-${randomUUID()}.${name}`))).toEqual([]);
  });

  it('the host as it is: no cycle, no test helper in what ships, ports that are leaves', async () => {
    const result = await cruise(['host'], { ...options, validate: true }, {}, { tsConfig });
    if (typeof result.output === 'string') throw new Error('expected a cruise result, got a report');
    expect(result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });
});
