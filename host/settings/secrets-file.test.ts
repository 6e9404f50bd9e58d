/**
 * The keys' file as the host uses it all day (secrets-file.ts): every status check of every job
 * asks for its profile's key. Lookups answer from memory, so a slow or hung disk cannot hold the
 * host's loop on them, and a key the other shell (or a second studio) saves or removes is still
 * taken up within a second.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSecretsFile, SECRETS_FILE, SECRETS_RECHECK_MS, type KeyProtection } from './secrets-file.js';

/** Every read of the file, however made: on the loop (`sync`) or off it (`async`). */
const { reads, counting } = vi.hoisted(() => {
  const reads = { sync: 0, async: 0, file: '' };
  const counting = <F,>(read: F, kind: 'sync' | 'async'): F =>
    ((path: unknown, ...rest: unknown[]) => {
      if (path === reads.file) reads[kind] += 1;
      return (read as (...a: unknown[]) => unknown)(path, ...rest);
    }) as F;
  return { reads, counting };
});
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const readFileSync = counting(fs.readFileSync, 'sync');
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const readFile = counting(fs.readFile, 'async');
  return { ...fs, default: { ...fs, readFile }, readFile };
});

const plain: KeyProtection = {
  opens: ['file'],
  protect: (secret) => ({ protection: 'file', value: secret }),
  unprotect: (entry) => entry.value,
};

let dir: string;
let clock = 0;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-secrets-'));
  reads.file = join(dir, SECRETS_FILE);
  reads.sync = 0;
  reads.async = 0;
  clock = 1_000_000;
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

let logged: string[] = [];
const open = () => openSecretsFile({ file: join(dir, SECRETS_FILE), protection: plain, now: () => clock, log: (line) => logged.push(line) });

describe('the keys all day', () => {
  it('answers thousands of lookups without reading the file on the host’s loop', () => {
    const studio = open();
    studio.set('gateway', 'sk-live-1234');
    const before = { ...reads };
    for (let i = 0; i < 5_000; i++) expect(studio.get('gateway')).toBe('sk-live-1234');
    clock += 10 * SECRETS_RECHECK_MS;
    for (let i = 0; i < 5_000; i++) studio.get('gateway');
    expect(reads.sync).toBe(before.sync);
  });

  it('takes up a key the other shell saves or removes within a second, reading it once', async () => {
    const studio = open();
    const other = open();
    expect(studio.get('gateway')).toBeUndefined();
    other.set('gateway', 'sk-live-1234');
    clock += SECRETS_RECHECK_MS;
    studio.get('gateway');
    await vi.waitFor(() => expect(studio.get('gateway')).toBe('sk-live-1234'));
    expect(reads.async).toBe(1);

    other.delete('gateway');
    clock += SECRETS_RECHECK_MS;
    studio.get('gateway');
    await vi.waitFor(() => expect(studio.get('gateway')).toBeUndefined());
    expect(studio.heldElsewhere?.('gateway')).toBe(false);
  });

  it('keeps the keys it knows when the file turns unreadable, and keeps that file aside at the next save', async () => {
    const studio = open();
    studio.set('gateway', 'sk-live-1234');
    // A key pasted into it by hand: a parser's message would quote it.
    writeFileSync(join(dir, SECRETS_FILE), 'sk-live-9876 pasted in by hand');
    clock += SECRETS_RECHECK_MS;
    studio.get('gateway');
    await vi.waitFor(() => expect(reads.async).toBe(1));
    expect(studio.get('gateway')).toBe('sk-live-1234');
    // Looked at again a second later, still unreadable: said once in the log, not every second.
    clock += SECRETS_RECHECK_MS;
    studio.get('gateway');
    await vi.waitFor(() => expect(reads.async).toBe(2));
    await vi.waitFor(() => expect(logged.filter((l) => l.includes('could not be looked at again'))).toHaveLength(1));
    clock += SECRETS_RECHECK_MS;
    studio.get('gateway');
    await vi.waitFor(() => expect(reads.async).toBe(3));
    expect(logged.filter((l) => l.includes('could not be looked at again'))).toHaveLength(1);
    // The log names the problem, never what the file holds.
    expect(logged.join('\n')).not.toContain('sk-live');
    studio.set('other', 'sk-other-5678');
    expect(studio.unreadable?.()).toHaveLength(1);
    expect(open().get('other')).toBe('sk-other-5678');
  });
});
