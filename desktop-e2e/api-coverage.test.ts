/**
 * The emulation cannot silently fall behind the app (docs/desktop-harness.md, "Coverage"): every
 * Electron API the desktop code uses, derived from the code by the TypeScript checker
 * (electron-usage.ts), must exist in the emulation: as a member of the emulated object Electron's
 * types name (emulation/coverage-probe.ts), as an export of the emulated module, or, for the
 * preload, in the in-page `electron` (emulation/page/preload-world.js). Every event the code
 * listens for must be one the emulation emits, or one of the few only real Electron can show,
 * each with its reason. At run time, anything else is reported too (records.ts `guarded`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { desktopSources, electronUsage, type ElectronUsage } from './electron-usage.js';

const EMULATION = join(process.cwd(), 'desktop-e2e', 'emulation');

/** Events the app listens for that the emulation never emits, and why only real Electron can. */
const ONLY_REAL_ELECTRON: Record<string, string> = {
  'App#activate': 'macOS only: a click on the dock icon with no window open',
  'WebContents#will-attach-webview': 'the window has no <webview> tag (webviewTag: false); a Chromium page cannot attach one',
};

let usage: ElectronUsage;
let program: ts.Program;
let members: Map<string, Set<string>>;
let exported: Set<string>;

beforeAll(() => {
  const probe = join(EMULATION, 'coverage-probe.ts');
  const electron = join(EMULATION, 'electron.ts');
  usage = electronUsage(desktopSources());
  const config = ts.getParsedCommandLineOfConfigFile(join(process.cwd(), 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  program = ts.createProgram([probe, electron], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const api = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(probe)!)!).find((s) => s.name === 'EmulatedApi')!;
  members = new Map(checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(api)).map((p) => {
    const type = checker.getTypeOfSymbol(p);
    return [p.name, new Set(checker.getPropertiesOfType(type).map((m) => m.name))];
  }));
  exported = new Set(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(electron)!)!).map((s) => s.name));
}, 120_000);

/** Property names of an object literal assigned to `name` in a plain-JS file. */
function literalKeys(file: string, name: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const keys: string[] = [];
  const visit = (node: ts.Node) => {
    const named = (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) && node.name.getText() === name;
    const init = named ? (node as ts.VariableDeclaration | ts.PropertyAssignment).initializer : undefined;
    if (init && ts.isObjectLiteralExpression(init)) for (const p of init.properties) if (p.name) keys.push(p.name.getText());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

/** Every event name the emulation emits: the literal first argument of its `emit` and `preventable` calls. */
function emittedEvents(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(EMULATION).filter((f) => f.endsWith('.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(EMULATION, file), 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['emit', 'preventable'].includes(node.expression.name.text)) {
        const [first] = node.arguments;
        if (first && ts.isStringLiteralLike(first)) names.add(first.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

describe('the desktop emulation covers every Electron API the app uses', () => {
  it('derives a real list from the code (the derivation itself is not empty or blind)', () => {
    // Spot checks of what the code plainly calls: if these go missing, the derivation broke.
    expect([...usage.members]).toEqual(expect.arrayContaining(['App.requestSingleInstanceLock', 'WebContents.send', 'Protocol.handle', 'SafeStorage.encryptString', 'IpcRenderer.invoke', 'ContextBridge.exposeInMainWorld']));
    expect([...usage.events]).toEqual(expect.arrayContaining(['App#second-instance', 'WebContents#will-navigate']));
    expect(usage.members.size).toBeGreaterThan(40);
  });

  it('every value imported from electron is exported by the emulated module or the preload\'s', () => {
    const preload = literalKeys(join(EMULATION, 'page', 'preload-world.js'), 'api');
    const missing = [...usage.imports].filter((name) => !exported.has(name) && !preload.includes(name));
    expect(missing).toEqual([]);
  });

  it('every member the code uses exists on the emulated object Electron\'s types name', () => {
    const preload: Record<string, string[]> = {
      IpcRenderer: literalKeys(join(EMULATION, 'page', 'preload-world.js'), 'ipcRenderer'),
      ContextBridge: literalKeys(join(EMULATION, 'page', 'preload-world.js'), 'contextBridge'),
    };
    const missing = [...usage.members].filter((used) => {
      const [owner, member] = used.split('.');
      const has = members.get(owner) ?? (preload[owner] ? new Set(preload[owner]) : undefined);
      return !has?.has(member);
    });
    expect(missing, 'add these to desktop-e2e/emulation (and to coverage-probe.ts for a new kind of object)').toEqual([]);
  });

  it('every event the code listens for is emitted by the emulation, or is one only real Electron can show', () => {
    const emitted = emittedEvents();
    const missing = [...usage.events].filter((e) => !emitted.has(e.split('#')[1]) && !(e in ONLY_REAL_ELECTRON));
    expect(missing).toEqual([]);
    // The exceptions stay honest: each is still used by the app.
    for (const gap of Object.keys(ONLY_REAL_ELECTRON)) expect([...usage.events]).toContain(gap);
  });
});
