import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// electron-store as conf underneath, the real file logic (test/electron-store-as-conf.ts).
vi.mock('electron-store', () => import('./test/electron-store-as-conf.js'));

const { createSettingsStore } = await import('./settings-store.js');

let cwd: string;
beforeEach(() => { cwd = mkdtempSync(join(tmpdir(), 'studio-settings-')); });
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

describe('settings store', () => {
  it('reads undefined before anything was written', () => {
    expect(createSettingsStore({ cwd }).read()).toBeUndefined();
  });

  it('persists the whole document across instances', () => {
    const doc = { version: 1, theme: 'dark', profiles: [{ id: 'p1', name: 'Work', baseUrl: 'https://gw.example' }] };
    createSettingsStore({ cwd }).write(doc);
    expect(createSettingsStore({ cwd }).read()).toEqual(doc);
  });

  it('replaces rather than merges the document', () => {
    const store = createSettingsStore({ cwd });
    store.write({ a: 1, b: 2 });
    store.write({ a: 3 });
    expect(createSettingsStore({ cwd }).read()).toEqual({ a: 3 });
  });

  it('refuses a corrupt file instead of starting empty, keeps it aside byte for byte, then starts empty', () => {
    writeFileSync(join(cwd, 'settings.json'), '{oops');
    const store = createSettingsStore({ cwd });
    expect(() => store.read()).toThrow(SyntaxError);
    const backup = store.setAside()!;
    expect(backup).toMatch(/^settings\.json\.unreadable-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(store.read()).toBeUndefined();
    store.write({ a: 1 });
    expect(createSettingsStore({ cwd }).read()).toEqual({ a: 1 });
    expect(readFileSync(join(cwd, backup), 'utf8')).toBe('{oops');
  });

  it('returns a foreign JSON file whole, for the core to refuse, and nothing for an empty one', () => {
    writeFileSync(join(cwd, 'settings.json'), JSON.stringify({ theme: 'dark' }));
    expect(createSettingsStore({ cwd }).read()).toEqual({ theme: 'dark' });
    writeFileSync(join(cwd, 'settings.json'), '{}');
    expect(createSettingsStore({ cwd }).read()).toBeUndefined();
  });
});
