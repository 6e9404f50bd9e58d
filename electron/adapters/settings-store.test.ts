import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// electron-store needs a running Electron to find userData; underneath it is `conf`, which it
// configures exactly like this (name → configName, cwd = the folder). So the real file logic runs.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  class ElectronStore extends Conf {
    constructor({ name = 'config', ...rest }: any = {}) {
      super({ ...rest, configName: name, projectName: 'gateway-studio-test' });
    }
  }
  return { default: ElectronStore };
});

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

  it('starts empty instead of failing when the file is corrupt', () => {
    writeFileSync(join(cwd, 'settings.json'), '{oops');
    expect(createSettingsStore({ cwd }).read()).toBeUndefined();
  });
});
