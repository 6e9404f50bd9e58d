/** The one way a data file the host cannot read is kept: a dated backup beside it, byte for byte, never replacing another. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { DAMAGES } from './test/damage.js';
import { backupStamp, keepUnreadable, readDataFile } from './unreadable-file.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-unreadable-'));
  file = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = Date.UTC(2026, 10, 25, 22, 10, 0, 512);

describe('keepUnreadable', () => {
  it('names the backup after the file and the UTC second, in characters every file system accepts', () => {
    expect(backupStamp(AT)).toBe('2026-11-25T22-10-00Z');
    writeFileSync(file, DAMAGES['binary garbage']());
    expect(keepUnreadable(file, 'move', AT)).toBe('settings.json.unreadable-2026-11-25T22-10-00Z');
  });

  it('moves the original away byte for byte, so nothing reads or writes it again', () => {
    const bytes = DAMAGES['binary garbage']();
    writeFileSync(file, bytes);
    const backup = keepUnreadable(file, 'move', AT);
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(join(dir, backup)).equals(bytes)).toBe(true);
    writeFileAtomic(file, '{"version":1}');
    expect(readFileSync(join(dir, backup)).equals(bytes)).toBe(true);
  });

  it('never replaces an earlier backup, even one made in the same second', () => {
    const names = ['first', 'second', 'third'].map((text) => {
      writeFileSync(file, text);
      return keepUnreadable(file, 'move', AT);
    });
    expect(names).toEqual(['', '-2', '-3'].map((n) => `settings.json.unreadable-2026-11-25T22-10-00Z${n}`));
    expect(names.map((n) => readFileSync(join(dir, n), 'utf8'))).toEqual(['first', 'second', 'third']);
  });

  it('copies when the store still uses the file, and the copy is not touched by rewriting the original in place', () => {
    writeFileSync(file, '{"version":1,"jobs":[{"id":"kept"},{"broken":true}]}');
    const backup = keepUnreadable(file, 'copy', AT);
    expect(readdirSync(dir).sort()).toEqual(['settings.json', backup]);
    // Even a writer that truncates and rewrites the same file (no rename) leaves the backup whole.
    writeFileSync(file, '{"version":1,"jobs":[{"id":"kept"}]}');
    expect(readFileSync(join(dir, backup), 'utf8')).toBe('{"version":1,"jobs":[{"id":"kept"},{"broken":true}]}');
  });

  it('throws when there is nothing to keep (the caller then writes nothing over it)', () => {
    expect(() => keepUnreadable(file)).toThrow(/ENOENT/);
  });
});

describe('readDataFile', () => {
  it('reads nothing from a missing file, and a document (a leading BOM dropped) from a valid one', () => {
    expect(readDataFile(file)).toBeUndefined();
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"ü"}')]));
    expect(readDataFile(file)).toEqual({ value: { a: 'ü' } });
  });

  it.each([
    ['truncated', DAMAGES.truncated('{"version":1,"profiles":[]}')],
    ['binary garbage', DAMAGES['binary garbage']()],
    // Decoded leniently this is valid JSON with a U+FFFD in a key: a save would write that back.
    ['not UTF-8', DAMAGES['not UTF-8']('{"version":1}')],
  ])('refuses a %s file instead of reading it as something else', (_kind, bytes) => {
    writeFileSync(file, bytes);
    expect(() => readDataFile(file)).toThrow();
  });

  it('refuses a folder under the file’s name', () => {
    mkdirSync(file);
    expect(() => readDataFile(file)).toThrow(/EISDIR/);
  });
});
