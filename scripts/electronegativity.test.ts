import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOWED, judge, report, scan, type Allowed, type Finding } from './electronegativity.js';

const finding = (over: Partial<Finding>): Finding => ({
  check: 'OPEN_EXTERNAL_JS_CHECK', severity: 'MEDIUM', confidence: 'TENTATIVE', file: 'electron/adapters/window.ts',
  line: 80, sample: 'if (external) shell.openExternal(external).catch(() => undefined);', description: 'Review the use of openExternal', ...over,
});
const allowOpen: Allowed = { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'electron/adapters/window.ts', sample: 'shell.openExternal(external)', why: 'checked' };

describe('the electronegativity gate', () => {
  it('fails on a medium or high finding nobody reviewed, and passes low ones', () => {
    const verdict = judge([
      finding({ check: 'NODE_INTEGRATION_JS_CHECK', severity: 'HIGH', sample: 'nodeIntegration: true' }),
      finding({ check: 'CSP_GLOBAL_CHECK', severity: 'LOW', sample: '' }),
    ], []);
    expect(verdict.failing.map((f) => f.check)).toEqual(['NODE_INTEGRATION_JS_CHECK']);
    expect(verdict.low.map((f) => f.check)).toEqual(['CSP_GLOBAL_CHECK']);
    expect(report(verdict, [], () => undefined)).toBe(1);
    expect(report(judge([finding({ severity: 'LOW' })], []), [], () => undefined)).toBe(0);
  });

  it('accepts a reviewed finding only for its check, file and line of code', () => {
    expect(judge([finding({})], [allowOpen]).accepted).toHaveLength(1);
    for (const other of [
      finding({ sample: 'shell.openExternal(url)' }), // a second, unchecked call in the same file
      finding({ file: 'electron/main.ts' }),
      finding({ check: 'PRELOAD_JS_CHECK' }),
    ]) {
      expect(judge([other], [allowOpen]).failing, JSON.stringify(other)).toHaveLength(1);
    }
  });

  it('fails on an allow-list entry that no longer matches anything, and on a file it could not read', () => {
    const log: string[] = [];
    expect(report(judge([], [allowOpen]), [], (l) => log.push(l))).toBe(1);
    expect(log.join('\n')).toContain('matches no finding any more');
    expect(report(judge([], []), ['electron/x.ts: Unexpected token'], () => undefined)).toBe(1);
  });

  it('explains every accepted finding', () => {
    for (const entry of ALLOWED) expect(entry.why.length, entry.check).toBeGreaterThan(80);
  });

  describe('on a deliberately insecure app, through the real tool', () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-insecure-app-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports its findings and fails, so a passing run means the checks really ran on TypeScript', async () => {
      mkdirSync(join(dir, 'electron'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'insecure', devDependencies: { electron: '~41.7.1' } }));
      writeFileSync(join(dir, 'electron', 'window.ts'), [
        "import { BrowserWindow, shell } from 'electron';",
        'export function open(url: string): BrowserWindow {',
        '  const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false } });',
        '  win.webContents.setWindowOpenHandler(({ url: target }: { url: string }) => { void shell.openExternal(target); return { action: "deny" as const }; });',
        '  void win.loadURL(url);',
        '  return win;',
        '}',
      ].join('\n'));
      writeFileSync(join(dir, 'electron', 'broken.ts'), 'export const = ;');
      const { findings, unreadable } = await scan(dir);
      const failing = judge(findings).failing.map((f) => f.check);
      const expected = ['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'WEB_SECURITY_JS_CHECK', 'AUXCLICK_JS_CHECK', 'OPEN_EXTERNAL_JS_CHECK', 'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK', 'CSP_GLOBAL_CHECK'];
      for (const check of expected) {
        expect(failing, check).toContain(check);
      }
      expect(unreadable.join()).toContain('broken.ts');
      expect(report(judge(findings), unreadable, () => undefined)).toBe(1);
    });
  });
});
