/**
 * Which folders may hold the library (docs/architecture.md, "Library-known media and the move
 * confirmation"). The library is where the studio writes and what its media route reads, so it is
 * never a drive's top, a system folder, the home folder itself, or a folder holding the studio's
 * own data (its keys). Folders are judged where they really are: a symlink is followed first.
 */
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coreError } from '../errors.js';
import { msg, type Message } from '@shared/messages/index.js';

export interface FolderContext {
  platform: NodeJS.Platform;
  home: string;
  /** The studio's data folder (settings, keys, conversations). */
  dataDir: string;
  /** The system's temporary folder: its subfolders are fine even where it sits in /var. */
  tmp?: string;
  env?: NodeJS.ProcessEnv;
  /** Resolves symlinks of an existing path; tests of another platform's paths pass the identity. */
  realpath?: (p: string) => string;
}

/** Whole trees of the operating system's own (POSIX: Linux and macOS). */
const POSIX_SYSTEM = [
  '/bin', '/boot', '/dev', '/etc', '/lib', '/lib32', '/lib64', '/libx32', '/opt', '/proc', '/root', '/run', '/sbin', '/snap',
  '/sys', '/usr', '/var', '/Applications', '/cores', '/Library', '/Network', '/private', '/System',
];
/** Folders that hold other people's or other drives' folders: refused themselves, not what is in them. */
const POSIX_SHARED = ['/home', '/media', '/mnt', '/tmp', '/Users', '/Volumes'];

function windowsSystem(env: NodeJS.ProcessEnv): { system: string[]; shared: string[] } {
  const drive = env.SystemDrive ?? 'C:';
  return {
    system: [
      env.SystemRoot ?? env.windir ?? `${drive}\\Windows`,
      env.ProgramFiles ?? `${drive}\\Program Files`,
      env['ProgramFiles(x86)'] ?? `${drive}\\Program Files (x86)`,
      env.ProgramW6432 ?? `${drive}\\Program Files`,
      env.ProgramData ?? `${drive}\\ProgramData`,
      `${drive}\\$Recycle.Bin`, `${drive}\\Recovery`, `${drive}\\System Volume Information`,
    ],
    shared: [`${drive}\\Users`],
  };
}

/** Throws the creator's reason (invalid_input, at `libraryDir`) when `dir` may not hold the library. */
export function assertLibraryFolder(dir: string, ctx: FolderContext): void {
  const p = ctx.platform === 'win32' ? path.win32 : path.posix;
  const caseless = ctx.platform === 'win32' || ctx.platform === 'darwin';
  const key = (s: string) => (caseless ? s.toLowerCase() : s);
  const real = (s: string) => realOf(p.resolve(s), p, ctx.realpath ?? ((x) => realpathSync.native(x)));
  const folder = real(dir);
  const same = (a: string, b: string) => key(a) === key(b);
  /** `inner` is below `outer` (not equal). */
  const below = (inner: string, outer: string) => {
    const rel = p.relative(key(outer), key(inner));
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${p.sep}`) && !p.isAbsolute(rel);
  };
  const within = (inner: string, outer: string) => same(inner, outer) || below(inner, outer);

  if (same(folder, p.parse(folder).root)) refuse(msg('app.settings.driveTop', { folder }));
  const home = real(ctx.home);
  if (same(folder, home)) refuse(msg('app.settings.homeFolder', { folder }));
  if (below(home, folder)) refuse(msg('app.settings.holdsHome', { folder }));
  const dataDir = real(ctx.dataDir);
  if (within(dataDir, folder)) refuse(msg('app.settings.holdsData', { folder }));

  const os = ctx.platform === 'win32' ? windowsSystem(ctx.env ?? process.env) : { system: POSIX_SYSTEM, shared: POSIX_SHARED };
  // The home folder's own system parts: macOS keeps keychains and app data in ~/Library, Windows in AppData.
  const homeSystem = ctx.platform === 'darwin' ? ['Library'] : ctx.platform === 'win32' ? ['AppData'] : [];
  const system = (at: string) => refuse(msg('app.settings.systemFolder', { folder: at }));
  if (homeSystem.some((name) => within(folder, real(p.join(home, name))))) system(folder);
  // A home or temporary folder may itself sit in a system tree (/var/home on Fedora Atomic,
  // /private/var/folders on macOS); what is inside it is the creator's.
  const tmp = real(ctx.tmp ?? tmpdir());
  if (below(folder, home) || below(folder, tmp)) return;
  if (os.shared.some((s) => same(folder, real(s)))) system(folder);
  if (os.system.some((s) => within(folder, real(s)) || within(folder, p.resolve(s)))) system(folder);
}

function refuse(text: Message): never {
  throw coreError('invalid_input', text, 'libraryDir');
}

/** The real path of the nearest existing ancestor, with the rest of `abs` after it. */
function realOf(abs: string, p: path.PlatformPath, realpath: (s: string) => string): string {
  const rest: string[] = [];
  let at = abs;
  for (;;) {
    try {
      return p.join(realpath(at), ...rest.reverse());
    } catch {
      const up = p.dirname(at);
      if (up === at) return abs;
      rest.push(p.basename(at));
      at = up;
    }
  }
}
