import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// DESIGN §3.1: the folder names the runtime, and lint enforces it.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('lint guards the layering', () => {
  it.each([
    ['shared/gateway/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['shared/contract/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['shared/contract/y.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
    ['renderer/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['renderer/src/y.ts', "import { createCore } from '../../electron/core/index.js';\nexport const a = createCore;\n"],
    ['renderer/src/z.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n"],
    ['electron/core/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['electron/browser-shell/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['sandbox/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['electron/core/y.ts', "import { x } from '../../renderer/src/x.js';\nexport const a = x;\n"],
  ])('refuses %s importing across its runtime', async (file, code) => {
    expect(await ruleErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['electron/adapters/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['electron/main.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['electron/preload.ts', "import { contextBridge } from 'electron';\nexport const a = contextBridge;\n"],
    ['electron/core/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['renderer/src/x.ts', "import { methods } from '../../shared/contract/index.js';\nexport const a = methods;\n"],
    ['e2e/x.ts', "import { startBrowserShell } from '../electron/browser-shell/main.js';\nexport const a = startBrowserShell;\n"],
  ])('allows %s its own runtime', async (file, code) => {
    expect(await ruleErrors(file, code)).toEqual([]);
  });

  it('forbids raw HTML in the renderer', async () => {
    const errors = await ruleErrors('renderer/src/x.tsx', 'export const A = () => <div dangerouslySetInnerHTML={{ __html: "x" }} />;\n');
    expect(errors.join()).toMatch(/No raw HTML/);
  });
});
