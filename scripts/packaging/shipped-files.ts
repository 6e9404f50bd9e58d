/**
 * Whether a project file would end up in the packaged app, decided by electron-builder's own
 * matchers (app-builder-lib/out/fileMatcher.js, the functions its packager calls) rather than by
 * a re-implementation of its glob rules, which differ from plain minimatch in several places:
 * default exclusions, directory patterns, node_modules filtered by the exclusions only.
 * Those functions are internal to app-builder-lib, hence the loose typing below; an upgrade that
 * changes them fails these tests loudly rather than letting them pass on a stale copy.
 */
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { ROOT, type BuilderConfig } from './builder-config.js';

interface Stat {
  isDirectory(): boolean;
  moduleFullFilePath?: string;
}
type Filter = (file: string, stat: Stat) => boolean;
interface Matcher {
  createFilter(): Filter;
  patterns: string[];
}
interface FileMatcherModule {
  getMainFileMatchers(appDir: string, destination: string, macroExpander: (p: string) => string, platformOptions: object, packager: { info: object }, outDir: string, isElectronCompile: boolean): Matcher[];
  getNodeModuleFileMatcher(appDir: string, destination: string, macroExpander: (p: string) => string, platformOptions: object, info: object): Matcher;
  getFileMatchers(config: object, name: 'asarUnpack', destination: string, options: object): Matcher[] | null;
}

const fileMatcher = createRequire(join(ROOT, 'package.json'))('app-builder-lib/out/fileMatcher.js') as FileMatcherModule;
const noMacros = (pattern: string) => pattern;

export interface ShippedFiles {
  /** `path` (relative to the project, `/`-separated) is copied into the app. */
  isShipped(path: string, isDirectory?: boolean): boolean;
  /** `path` is also left outside app.asar (asarUnpack). */
  isUnpacked(path: string): boolean;
}

export function shippedFiles(config: BuilderConfig): ShippedFiles {
  const info = {
    config,
    projectDir: ROOT,
    buildResourcesDir: join(ROOT, config.directories?.buildResources ?? 'build'),
    isPrepackedAppAsar: false,
    debugLogger: { isEnabled: false },
  };
  const outDir = join(ROOT, config.directories?.output ?? 'dist');
  const [app] = fileMatcher.getMainFileMatchers(ROOT, '', noMacros, {}, { info }, outDir, false);
  const appFilter = app.createFilter();
  const moduleFilter = fileMatcher.getNodeModuleFileMatcher(ROOT, '', noMacros, {}, info).createFilter();
  const unpack = fileMatcher.getFileMatchers(config, 'asarUnpack', '', { macroExpander: noMacros, customBuildOptions: {}, globalOutDir: outDir, defaultSrc: ROOT });
  const unpackFilters = (unpack ?? []).map((m) => m.createFilter());

  // Packages are copied by a separate walker that names each file by its path in the app
  // (`moduleFullFilePath`), and that skips a directory's contents once the directory is refused.
  const passes = (path: string, isDirectory: boolean) => {
    const stat: Stat = { isDirectory: () => isDirectory };
    if (!path.startsWith('node_modules/')) return appFilter(join(ROOT, path), stat);
    stat.moduleFullFilePath = path;
    return moduleFilter(join(ROOT, path), stat);
  };
  const isShipped = (path: string, isDirectory = false) => {
    const parts = path.split('/');
    // Every enclosing directory must pass too (node_modules itself and a package's own folder
    // are walked unconditionally by electron-builder).
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (dir === 'node_modules' || (dir.startsWith('node_modules/') && isPackageRoot(dir))) continue;
      if (!passes(dir, true)) return false;
    }
    return passes(path, isDirectory);
  };
  return {
    isShipped,
    isUnpacked: (path) => unpackFilters.some((f) => f(join(ROOT, path), { isDirectory: () => false, moduleFullFilePath: path })),
  };
}

function isPackageRoot(dir: string): boolean {
  const parts = dir.split('/');
  return parts.length === 2 || (parts.length === 3 && parts[1].startsWith('@'));
}

/** A path as these checks name it: relative to the project, with `/`. */
export function projectPath(absolute: string): string {
  return relative(ROOT, absolute).split(sep).join('/');
}
