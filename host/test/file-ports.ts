/** Real on-disk ports for tests of the core (plain JSON files in a temp folder). */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@sandbox/server.js';
import type { CorePorts, SecretsPort, SettingsPort } from '../ports.js';
import { keepUnreadable, readDataFile } from '../unreadable-file.js';

export function jsonFilePort(file: string): SettingsPort {
  return {
    read: () => readDataFile(file)?.value,
    write: (v) => writeFileSync(file, JSON.stringify(v)),
    setAside: () => (existsSync(file) ? keepUnreadable(file) : undefined),
  };
}

export function fileSecrets(file: string, backend: SecretsPort['backend'] extends () => infer B ? B : never = 'file'): SecretsPort {
  const all = (): Record<string, string> => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
  return {
    backend: () => backend,
    get: (id) => all()[id],
    set: (id, s) => writeFileSync(file, JSON.stringify({ ...all(), [id]: s }), { mode: 0o600 }),
    delete: (id) => {
      const next = all();
      delete next[id];
      writeFileSync(file, JSON.stringify(next), { mode: 0o600 });
    },
  };
}

export function testPorts(overrides: Partial<CorePorts> = {}): CorePorts & { cleanup(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-core-'));
  return {
    shell: 'browser',
    mediaBase: '/media/',
    version: '0.0.0-test',
    platform: process.platform,
    dataDir,
    settings: jsonFilePort(join(dataDir, 'settings.json')),
    secrets: fileSecrets(join(dataDir, 'keys.json')),
    startSandbox: () => startSandbox({ dataDir: join(dataDir, 'sandbox'), speed: 100, streamPaceMs: 0 }),
    // A creator who says yes to every move: tests of the move's refusals pass their own (the
    // shells' real ports have their tests; without a port the core declines every move).
    confirmOutside: async () => 'confirmed',
    ...overrides,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
