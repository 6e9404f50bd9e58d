/**
 * Real files and symlinks for the media confinement tests (the desktop's `studio-media:` protocol
 * and the browser shell's `/media/` route share one implementation, so they share these cases):
 * `<tmp>/library` is the root, `<tmp>/secret.txt` sits beside it, and symlinks lead out.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SECRET = 'TOP SECRET: outside the library';

export interface EscapeFixture {
  dir: string;
  root: string;
  /** The same library reached through a symlinked folder (a library on a linked drive). */
  linkedRoot: string;
  secretFile: string;
  cleanup(): void;
}

export function makeEscapeFixture(): EscapeFixture {
  const dir = mkdtempSync(join(tmpdir(), 'studio-escape-'));
  const root = join(dir, 'library');
  const secretFile = join(dir, 'secret.txt');
  mkdirSync(join(root, 'images', '2024'), { recursive: true });
  mkdirSync(join(root, '.thumbs'));
  writeFileSync(join(root, 'images', '2024', 'cat one.png'), Buffer.from('PNGDATA0123456789'));
  writeFileSync(join(root, '.thumbs', 't1.jpg'), Buffer.from('thumb'));
  writeFileSync(join(root, 'clip.mp4'), Buffer.from('0123456789'));
  writeFileSync(secretFile, SECRET);
  // Inside: allowed.
  symlinkSync(join(root, 'clip.mp4'), join(root, 'alias.mp4'));
  symlinkSync(join(root, 'images'), join(root, 'pictures'));
  // Out: every one must be refused.
  symlinkSync(secretFile, join(root, 'escape.txt'));
  symlinkSync(secretFile, join(root, 'escape.png'));
  symlinkSync(dir, join(root, 'up'));
  symlinkSync('../../..', join(root, 'images', '2024', 'relative-up'));
  symlinkSync(join(root, 'up'), join(root, 'images', 'chain'));
  symlinkSync('/', join(root, 'system'));
  symlinkSync(join(dir, 'nowhere.png'), join(root, 'dangling.png'));
  const linkedRoot = join(dir, 'linked-library');
  symlinkSync(root, linkedRoot);
  return { dir, root, linkedRoot, secretFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Raw paths after the media prefix (still percent-encoded, as they arrive) that try to reach a
 * file outside the library, or are not a file of it at all. Each with why it is hostile.
 */
export function escapePaths(f: EscapeFixture): Array<[string, string]> {
  return [
    ['../secret.txt', 'dot-dot'],
    ['images/../../secret.txt', 'nested dot-dot'],
    ['%2e%2e/secret.txt', 'percent-encoded dot-dot'],
    ['%2E%2E/secret.txt', 'upper-case percent-encoded dot-dot'],
    ['.%2e/secret.txt', 'half-encoded dot-dot'],
    ['%2e./secret.txt', 'other half encoded'],
    ['..%2fsecret.txt', 'encoded slash'],
    ['..%2Fsecret.txt', 'upper-case encoded slash'],
    ['images%2f..%2f..%2fsecret.txt', 'a whole traversal in one segment'],
    ['%252e%252e/secret.txt', 'double-encoded dot-dot'],
    ['%252e%252e%252fsecret.txt', 'double-encoded dot-dot and slash'],
    ['..%252fsecret.txt', 'double-encoded slash'],
    ['%25252e%25252e/secret.txt', 'triple-encoded dot-dot'],
    ['..%5csecret.txt', 'encoded backslash'],
    ['..\\secret.txt', 'backslash'],
    ['images\\..\\..\\secret.txt', 'backslashes throughout'],
    ['%c0%ae%c0%ae/secret.txt', 'overlong UTF-8 dots'],
    ['%ef%bc%8e%ef%bc%8e/secret.txt', 'full-width dots'],
    ['clip.mp4%00.png', 'NUL'],
    ['%00', 'only a NUL'],
    ['clip.mp4%2500', 'double-encoded NUL'],
    [encodeURIComponent(f.secretFile), 'absolute path, encoded'],
    [f.secretFile, 'absolute path'],
    [f.secretFile.split('/').map(encodeURIComponent).join('/'), 'absolute path, segments encoded'],
    ['//etc/passwd', 'empty first segment'],
    ['%2fetc%2fpasswd', 'encoded absolute path'],
    ['C:%5cWindows%5cwin.ini', 'Windows drive path'],
    ['C:/Windows/win.ini', 'Windows drive path with slashes'],
    ['%5c%5cserver%5cshare%5cx.png', 'UNC path'],
    ['escape.txt', 'symlink to a file outside'],
    ['escape.png', 'symlink outside with a media name'],
    ['up/secret.txt', 'symlinked folder outside'],
    ['images/2024/relative-up/secret.txt', 'relative symlink climbing out'],
    ['images/chain/secret.txt', 'symlink to a symlink that leads out'],
    ['system/etc/passwd', 'symlink to the file system root'],
    ['dangling.png', 'symlink to nothing'],
    ['images', 'a folder'],
    ['images/', 'a folder, trailing slash'],
    ['.', 'the root itself'],
    ['', 'nothing'],
    ['missing.png', 'a missing file'],
    ['%E0%A4%A', 'malformed encoding'],
    ['%', 'a lone percent sign'],
  ];
}
