import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfSettings, createFileSecrets, SECRETS_FILE } from './ports.js';

const posix = process.platform !== 'win32';

describe('browser shell ports', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shell-ports-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the settings document across instances, dotted keys intact', () => {
    expect(createConfSettings(dir).read()).toBeUndefined();
    const doc = { activeProfileId: 'sandbox', profiles: [{ id: 'a', baseUrl: 'https://g.example' }], 'a.b': 1 };
    createConfSettings(dir).write(doc);
    expect(createConfSettings(dir).read()).toEqual(doc);
  });

  it('stores keys in one 0600 file in the data dir, atomically, with no temp files left', () => {
    const secrets = createFileSecrets(join(dir, 'nested'));
    expect(secrets.backend()).toBe('file');
    expect(secrets.get('p1')).toBeUndefined();
    secrets.set('p1', 'sk-one');
    secrets.set('p2', 'sk-two');
    expect(secrets.get('p1')).toBe('sk-one');
    expect(createFileSecrets(join(dir, 'nested')).get('p2')).toBe('sk-two');
    secrets.delete('p1');
    expect(secrets.get('p1')).toBeUndefined();
    const file = join(dir, 'nested', SECRETS_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, entries: { p2: { protection: 'file', value: 'sk-two' } } });
    expect(readdirSync(join(dir, 'nested'))).toEqual([SECRETS_FILE]);
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps a key the desktop app put in the OS keychain as it is, names it, and drops it only when asked', () => {
    const file = join(dir, SECRETS_FILE);
    const keychain = { protection: 'os-keychain', value: 'RU5DOjAxMDI=' };
    writeFileSync(file, JSON.stringify({ version: 1, entries: { desk: keychain } }), { mode: 0o600 });
    const secrets = createFileSecrets(dir);
    expect(secrets.unreadable!()).toEqual([]);
    expect([secrets.get('desk'), secrets.heldElsewhere!('desk'), secrets.heldElsewhere!('none')]).toEqual([undefined, true, false]);
    secrets.set('p', 'sk-here');
    secrets.delete('p');
    expect(JSON.parse(readFileSync(file, 'utf8')).entries).toEqual({ desk: keychain });
    // Cleared here on purpose (a new address, the profile removed): the desktop must not use it either.
    secrets.delete('desk');
    expect(JSON.parse(readFileSync(file, 'utf8')).entries).toEqual({});
  });

  it.runIf(posix)('tightens a secrets file that others could read', () => {
    const file = join(dir, SECRETS_FILE);
    writeFileSync(file, JSON.stringify({ p: 'sk-x' }));
    chmodSync(file, 0o644);
    expect(createFileSecrets(dir).get('p')).toBe('sk-x');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('moves an unreadable secrets file aside instead of overwriting it', () => {
    writeFileSync(join(dir, SECRETS_FILE), '{ broken');
    const secrets = createFileSecrets(dir);
    expect(secrets.get('p')).toBeUndefined();
    secrets.set('p', 'sk-new');
    const names = readdirSync(dir);
    expect(names).toContain(SECRETS_FILE);
    const aside = names.find((n) => n.startsWith(`${SECRETS_FILE}.unreadable-`));
    expect(aside && readFileSync(join(dir, aside), 'utf8')).toBe('{ broken');
  });
});
