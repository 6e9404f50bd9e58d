/**
 * The folders that may not hold the library, on this machine's real folders (with real symlinks)
 * and on macOS and Windows paths (their rules judged as written, without their disks).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertLibraryFolder, type FolderContext } from './library-folder.js';

const reasonFor = (dir: string, ctx: FolderContext): string | undefined => {
  try {
    assertLibraryFolder(dir, ctx);
    return undefined;
  } catch (err) {
    expect(err).toMatchObject({ code: 'invalid_input', param: 'libraryDir' });
    return (err as Error).message;
  }
};

describe('on this machine', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-folder-'));
  const dataDir = join(base, 'data');
  mkdirSync(dataDir);
  const here: FolderContext = { platform: process.platform, home: homedir(), dataDir };
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it.runIf(process.platform !== 'win32').each([
    ['/', 'is the top of a drive'],
    ['/etc', 'is a system folder'],
    ['/etc/studio', 'is a system folder'],
    ['/usr/share/studio', 'is a system folder'],
    ['/proc/self', 'is a system folder'],
    ['/var/log', 'is a system folder'],
    ['/home', 'holds your home folder'],
  ])('refuses %s', (dir, why) => {
    // `/home` holds the home folder on Linux; on macOS it is an automount point, still refused.
    expect(reasonFor(dir, dir === '/home' ? { ...here, home: '/home/me' } : here)).toContain(why);
  });

  it('refuses the home folder itself, and any folder that holds it', () => {
    expect(reasonFor(homedir(), here)).toBe(`${homedir()} is your home folder; choose or create a folder inside it for the library.`);
    expect(reasonFor(dirname(homedir()), here)).toMatch(/is the top of a drive|holds your home folder/);
  });

  it('refuses the data folder and the folders above it: they hold the keys', () => {
    expect(reasonFor(dataDir, here)).toBe(`${dataDir} holds the studio's own data (its settings and keys); choose another folder for the library.`);
    expect(reasonFor(base, here)).toContain("holds the studio's own data");
    expect(reasonFor(join(dataDir, 'Library'), here)).toBeUndefined();
  });

  it('follows a symlink to where it leads', () => {
    symlinkSync(dataDir, join(base, 'to-data'));
    symlinkSync('/', join(base, 'to-root'));
    expect(reasonFor(join(base, 'to-data'), here)).toContain("holds the studio's own data");
    expect(reasonFor(join(base, 'to-root'), here)).toContain('is the top of a drive');
    expect(reasonFor(join(base, 'to-root', 'etc', 'new-folder'), here)).toContain('is a system folder');
  });

  it("takes the creator's own folders, existing or not", () => {
    expect(reasonFor(join(homedir(), 'Pictures', 'Studio'), here)).toBeUndefined();
    expect(reasonFor(join(base, 'library'), here)).toBeUndefined();
  });
});

describe('on macOS', () => {
  const mac: FolderContext = { platform: 'darwin', home: '/Users/me', dataDir: '/Users/me/Library/Application Support/Gateway Studio', tmp: '/private/var/folders/ab/T', realpath: (p) => p };

  it.each([
    ['/', 'is the top of a drive'],
    ['/System/Library', 'is a system folder'],
    ['/Library/Studio', 'is a system folder'],
    ['/Applications', 'is a system folder'],
    ['/private/etc', 'is a system folder'],
    ['/ETC', 'is a system folder'],
    ['/Volumes', 'is a system folder'],
    ['/Users', 'holds your home folder'],
    ['/users/ME', 'is your home folder'],
    ['/Users/me/Library', "holds the studio's own data"],
    ['/Users/me/Library/Keychains', 'is a system folder'],
  ])('refuses %s', (dir, why) => {
    expect(reasonFor(dir, mac)).toContain(why);
  });

  it.each(['/Users/me/Movies/Studio', '/Volumes/Drive/Studio', '/private/var/folders/ab/T/studio-test', '/Users/Shared/Studio'])('takes %s', (dir) => {
    expect(reasonFor(dir, mac)).toBeUndefined();
  });
});

describe('on Windows', () => {
  const win: FolderContext = {
    platform: 'win32', home: 'C:\\Users\\me', dataDir: 'C:\\Users\\me\\AppData\\Roaming\\Gateway Studio', tmp: 'C:\\Users\\me\\AppData\\Local\\Temp',
    env: { SystemDrive: 'C:', SystemRoot: 'C:\\Windows' }, realpath: (p) => p,
  };

  it.each([
    ['C:\\', 'is the top of a drive'],
    ['D:\\', 'is the top of a drive'],
    ['\\\\server\\share', 'is the top of a drive'],
    ['C:\\Windows\\System32', 'is a system folder'],
    ['c:\\program files\\Studio', 'is a system folder'],
    ['C:\\Program Files (x86)', 'is a system folder'],
    ['C:\\ProgramData\\Studio', 'is a system folder'],
    ['C:\\Users', 'holds your home folder'],
    ['C:\\Users\\me', 'is your home folder'],
    ['C:\\Users\\me\\AppData\\Roaming', "holds the studio's own data"],
    ['C:\\Users\\me\\AppData\\Local\\Packages', 'is a system folder'],
  ])('refuses %s', (dir, why) => {
    expect(reasonFor(dir, win)).toContain(why);
  });

  it.each(['C:\\Users\\me\\Pictures\\Studio', 'D:\\Studio', '\\\\server\\share\\Studio'])('takes %s', (dir) => {
    expect(reasonFor(dir, win)).toBeUndefined();
  });
});
