/**
 * electron-builder.yml, checked without running electron-builder (it would download Electron):
 * its schema, targets and metadata, the icons and files it names, and the fuses. What ends up
 * inside the app is checked in packaging/app-files.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import { loadBuilderConfig, resourcePath, ROOT, schemaErrors, targetNames, type BuilderConfig } from './packaging/builder-config.js';

const config = loadBuilderConfig();
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { homepage?: string; license?: string; scripts: Record<string, string> };
/** Written by `npm run notices` (scripts/licensing/notices.test.ts runs it). */
const NOTICES = 'out/licenses/THIRD_PARTY_NOTICES.txt';
const GENERATED = new Set([NOTICES]);

/** The first place electron-builder would find `relative`, or undefined. */
function findResource(relative: string): string | undefined {
  return resourcePath(config, relative).find((p) => existsSync(p));
}

/** Width and height from a PNG's IHDR chunk, which must come first. */
function pngSize(file: string): { width: number; height: number } {
  const head = readFileSync(file).subarray(0, 24);
  expect(head.subarray(0, 8).toString('hex'), `${file} is not a PNG`).toBe('89504e470d0a1a0a');
  expect(head.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

describe('electron-builder.yml', () => {
  it('is valid against the schema of the installed electron-builder', () => {
    expect(schemaErrors(config)).toEqual([]);
  });

  it('the schema check does catch mistakes', () => {
    const broken: BuilderConfig = { ...config, nsis: { ...config.nsis, oneClick: 'no' as unknown as boolean } };
    expect(schemaErrors(broken).map((e) => e.instancePath)).toContain('/nsis/oneClick');
    expect(schemaErrors({ ...config, electronFuses: { runAsNod: false } }).length).toBeGreaterThan(0);
  });

  it('names the app', () => {
    expect(config.appId).toBe('com.gatewaystudio.app');
    expect(config.productName).toBe('Gateway Studio');
  });

  it('builds AppImage and deb on Linux, a dmg on macOS and an NSIS installer on Windows', () => {
    expect(targetNames(config.linux?.target).sort()).toEqual(['AppImage', 'deb']);
    expect(targetNames(config.mac?.target)).toEqual(['dmg']);
    expect(targetNames(config.win?.target)).toEqual(['nsis']);
  });

  it('rebuilds native addons (the database driver) for Electron when it packs, from prebuilt binaries where they exist', () => {
    expect(config.npmRebuild).toBe(true);
    expect(config.buildDependenciesFromSource).toBe(false);
  });

  it('never publishes anywhere', () => {
    expect(config).toHaveProperty('publish', null);
  });

  it('gives the deb what fpm requires: a maintainer with an address, a homepage, a section', () => {
    expect(config.deb?.maintainer ?? config.linux?.maintainer).toMatch(/^[^<>]+ <[^<>@\s]+@[^<>@\s]+\.[a-z]+>$/);
    expect(config.extraMetadata?.homepage ?? packageJson.homepage).toMatch(/^https:\/\//);
    expect(config.deb?.packageCategory).toBeTruthy();
    expect(config.linux?.category).toBeTruthy();
  });

  it('signs macOS builds with the hardened runtime and an entitlements file that allows JIT', () => {
    expect(config.mac?.category).toMatch(/^public\.app-category\.[a-z-]+$/);
    expect(config.mac?.hardenedRuntime).toBe(true);
    for (const entitlements of [config.mac?.entitlements, config.mac?.entitlementsInherit]) {
      const file = findResource(entitlements ?? '');
      expect(file, `${entitlements} not found`).toBeDefined();
      // V8 and WebAssembly need JIT pages under the hardened runtime.
      expect(readFileSync(file!, 'utf8')).toMatch(/<key>com\.apple\.security\.cs\.allow-jit<\/key>\s*<true\/>/);
    }
  });

  it('installs per user on Windows, into a folder the user may change, keeping the library on uninstall', () => {
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true });
    expect(config.nsis?.deleteAppDataOnUninstall).not.toBe(true);
  });

  it('copies extra resources from files that exist, or that the build writes before packing', () => {
    for (const entry of config.extraResources ?? []) {
      const from = typeof entry === 'string' ? entry : entry.from;
      expect(existsSync(join(ROOT, from)) || GENERATED.has(from), from).toBe(true);
    }
  });

  it('ships the licence texts and the third-party notices beside the app (docs/licensing.md)', () => {
    const copies = Object.fromEntries((config.extraResources ?? []).map((e) => (typeof e === 'string' ? [e, e] : [e.to ?? e.from, e.from])));
    expect(copies).toMatchObject({
      'licenses/GPL-3.0.txt': 'LICENSE',
      'licenses/LGPL-3.0.txt': 'build/licenses/LGPL-3.0.txt',
      'licenses/LGPL-2.1.txt': 'build/licenses/LGPL-2.1.txt',
      'licenses/THIRD_PARTY_NOTICES.txt': NOTICES,
    });
    expect(packageJson.license).toBe('GPL-3.0-or-later');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^\s*GNU GENERAL PUBLIC LICENSE\s+Version 3, 29 June 2007/);
  });

  it('generates the notices in every build that packs, before electron-builder runs', () => {
    // The notices list the packages installed for the building platform, so they are written at
    // build time rather than committed.
    expect(packageJson.scripts.notices).toContain(`--output ${NOTICES}`);
    expect(packageJson.scripts['build:app']).toMatch(/&& npm run notices$/);
    for (const name of ['pack', 'dist', 'dist:linux', 'dist:mac', 'dist:win']) {
      expect(packageJson.scripts[name], name).toMatch(/^npm run build:app && electron-builder\b/);
    }
  });
});

describe('icons', () => {
  it('the master icon is a square PNG of at least 512 px, enough for .icns (512) and .ico (256)', () => {
    const master = findResource(config.icon ?? '');
    expect(master, `${config.icon} not found`).toBeDefined();
    const { width, height } = pngSize(master!);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(512);
  });

  it('macOS and Windows use the master (electron-builder converts it) or icons that exist', () => {
    for (const icon of [config.mac?.icon, config.win?.icon]) {
      if (icon !== undefined) expect(findResource(icon), icon).toBeDefined();
    }
  });

  it('the Linux set holds 16 to 512 px, each file as large as its name says', () => {
    const dir = findResource(config.linux?.icon ?? '');
    expect(dir && statSync(dir).isDirectory(), `${config.linux?.icon} is not a directory`).toBe(true);
    const sizes: number[] = [];
    for (const name of readdirSync(dir!)) {
      const match = /^(\d+)x(\d+)\.png$/.exec(name);
      expect(match, `${name}: electron-builder takes the size from names like 32x32.png`).not.toBeNull();
      const { width, height } = pngSize(join(dir!, name));
      expect({ name, width, height }).toEqual({ name, width: Number(match![1]), height: Number(match![2]) });
      sizes.push(width);
    }
    expect(sizes.sort((a, b) => a - b)).toEqual(expect.arrayContaining([16, 24, 32, 48, 64, 128, 256, 512]));
  });
});

/**
 * The production fuse list (docs/packaging.md). electron-builder's `electronFuses` keys are the
 * @electron/fuses option names with a lower-case first letter.
 */
const PRODUCTION_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
  // The renderer comes from the app scheme, so file:// pages need (and get) nothing extra.
  grantFileProtocolExtraPrivileges: false,
};
const fuseKey = (option: string) => option[0].toLowerCase() + option.slice(1);

describe('Electron fuses', () => {
  const fuses = config.electronFuses ?? {};

  it('sets each production fuse', () => {
    expect(fuses).toMatchObject(PRODUCTION_FUSES);
  });

  it('decides every fuse the installed @electron/fuses knows, so a new one gets a decision too', () => {
    const known = Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k))).map(fuseKey);
    expect(known.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(fuses).sort()).toEqual(known.sort());
  });

  it('gives file:// no extra privileges, because the window loads its page from the app scheme', () => {
    const main = readFileSync(join(ROOT, 'electron/main.ts'), 'utf8');
    // On file://, module scripts and lazy chunks are CORS loads that only these privileges allow;
    // with the renderer on studio-app:// they are only attack surface. Should main.ts go back to a
    // file:// page, this fails before the packed app does.
    expect(fuses.grantFileProtocolExtraPrivileges).toBe(false);
    expect(main).not.toMatch(/pathToFileURL\(\s*here\(|loadFile\(|['"`]file:/);
    expect(main).toMatch(/:\s*APP_INDEX_URL;/);
  });

  it('keeps what asar integrity validation needs: an asar with integrity data', () => {
    expect(config.asar).not.toBe(false);
    expect(config.disableAsarIntegrity).not.toBe(true);
  });
});
