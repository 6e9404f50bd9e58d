/**
 * Which files under node_modules the packaged main process loads. electron-vite bundles our own
 * sources (main, host core, sandbox) into out/main/index.js but leaves every package listed in
 * package.json "dependencies" as an import, so those must ship. Found by reading the sources,
 * because the tests cannot rely on a build having run.
 *
 * Specifiers are found with regular expressions, not a parser: good enough for import
 * statements and require calls, and a miss only makes the check stricter where it follows
 * (a specifier that resolves to no file is skipped, never reported as shipped).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const STATIC = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]/g;
const SIDE_EFFECT = /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const REQUIRE = /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g;
/** `require.resolve('x')` and `createRequire(…).resolve('x')`: a file loaded by its path. */
const RESOLVE = /\.resolve\(\s*['"]([^'"]+)['"]\s*\)/g;

export interface Specifiers {
  /** Loaded as modules: imported (statically or not) or required. */
  loaded: Set<string>;
  /** Resolved to a path and read by our code (WASM, scripts run through node:vm). */
  resolved: Set<string>;
}

export function specifiersIn(code: string): Specifiers {
  const loaded = new Set<string>();
  const resolved = new Set<string>();
  for (const m of code.matchAll(STATIC)) if (!m[2]) loaded.add(m[3]);
  for (const re of [SIDE_EFFECT, DYNAMIC, REQUIRE]) for (const m of code.matchAll(re)) loaded.add(m[1]);
  for (const m of code.matchAll(RESOLVE)) resolved.add(m[1]);
  return { loaded, resolved };
}

const BUILTINS = new Set(builtinModules);
export const isBare = (spec: string) => !spec.startsWith('.') && !spec.startsWith('/');
const isBuiltin = (spec: string) => spec.startsWith('node:') || BUILTINS.has(spec.split('/')[0]) || spec === 'electron' || spec.startsWith('electron/');

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** tsconfig.json's path aliases (`@shared/*` → `./shared/*`): our own sources, not packages. */
const ALIASES = Object.entries((JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths)
  .map(([from, [to]]) => [from.replace(/\*$/, ''), join(ROOT, to.replace(/\*$/, ''))] as const);
const aliased = (spec: string) => ALIASES.find(([prefix]) => spec.startsWith(prefix));

/** Our TypeScript sources import `./x.js` (or `@shared/x.js`) and mean `./x.ts`. */
function resolveSource(fromFile: string, spec: string): string | undefined {
  const alias = aliased(spec);
  const base = alias ? join(alias[1], spec.slice(alias[0].length)) : resolve(dirname(fromFile), spec);
  const stem = base.replace(/\.js$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, base, join(base, 'index.ts')].find(isFile);
}

/** Bare specifiers reached from `entries` through our own sources (type-only imports left out). */
export function packageSpecifiersOf(...entries: string[]): Specifiers {
  const result: Specifiers = { loaded: new Set(), resolved: new Set() };
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const found = specifiersIn(readFileSync(file, 'utf8'));
    for (const spec of found.resolved) if (isBare(spec) && !isBuiltin(spec)) result.resolved.add(spec);
    for (const spec of found.loaded) {
      if (!isBare(spec) || aliased(spec)) {
        const next = resolveSource(file, spec);
        if (next) queue.push(next);
      } else if (!isBuiltin(spec)) {
        result.loaded.add(spec);
      }
    }
  }
  return result;
}

/** Node's CommonJS probing, for relative requires inside packages. */
function resolveInPackage(fromFile: string, spec: string): string | undefined {
  const base = resolve(dirname(fromFile), spec);
  return [base, `${base}.js`, `${base}.cjs`, `${base}.mjs`, `${base}.json`, join(base, 'index.js')].find(isFile);
}

export interface FileClosure {
  files: Set<string>;
  /** Packages the closure imports by name. */
  packages: Set<string>;
}

/** Every file a package's entry reaches through relative imports and requires. */
export function fileClosure(entry: string): FileClosure {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.[cm]?js$/.test(file)) continue;
    for (const spec of specifiersIn(readFileSync(file, 'utf8')).loaded) {
      if (isBare(spec)) {
        if (!isBuiltin(spec)) packages.add(packageName(spec));
        continue;
      }
      const next = resolveInPackage(file, spec);
      if (next) queue.push(next);
    }
  }
  return { files, packages };
}

/** A package's directory as Node finds it from `fromDir`: the nearest node_modules first. */
export function findPackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** `names` and everything they depend on at run time, as directories. */
export function dependencyDirs(names: Iterable<string>, fromDir: string): Map<string, string> {
  const dirs = new Map<string, string>();
  const queue = [...names].map((name) => ({ name, from: fromDir }));
  while (queue.length > 0) {
    const { name, from } = queue.pop()!;
    const dir = findPackageDir(name, from);
    if (!dir || dirs.has(dir)) continue;
    dirs.set(dir, name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: object; optionalDependencies?: object };
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) queue.push({ name: dep, from: dir });
  }
  return dirs;
}

/**
 * The files `specifiers` resolve to from `root`, the way the packaged main process resolves them:
 * as ESM imports (out/main/index.js is an ES module) for `loaded`, through require.resolve for
 * `resolved`. ESM resolution runs in a child Node, as Vitest's module runner would stand between
 * the test and Node's own resolver (export conditions, "main" fallbacks).
 */
export function resolveAsMainProcess(root: string, specifiers: Specifiers): Map<string, string> {
  const script = `const out = {}; for (const s of ${JSON.stringify([...specifiers.loaded])}) out[s] = import.meta.resolve(s); console.log(JSON.stringify(out));`;
  const urls = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as Record<string, string>;
  const files = new Map(Object.entries(urls).map(([spec, url]) => [spec, fileURLToPath(url)]));
  const require = createRequire(join(root, 'package.json'));
  for (const spec of specifiers.resolved) files.set(spec, require.resolve(spec));
  return files;
}
