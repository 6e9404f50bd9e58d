/**
 * electron-builder.yml as electron-builder reads it, and its schema check. Shared by the
 * packaging tests, which must not run electron-builder itself (it would download Electron).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(ROOT, 'package.json'));

/** The parts of the configuration the tests read; the schema check covers the rest. */
export interface BuilderConfig {
  appId?: string;
  productName?: string;
  icon?: string;
  asar?: boolean | object;
  asarUnpack?: string | string[] | null;
  disableAsarIntegrity?: boolean;
  npmRebuild?: boolean;
  buildDependenciesFromSource?: boolean;
  publish?: unknown;
  files?: Array<string | object>;
  directories?: { buildResources?: string; output?: string };
  extraMetadata?: { homepage?: string };
  extraResources?: Array<string | { from: string; to?: string }>;
  electronFuses?: Record<string, boolean> | null;
  linux?: { target?: TargetList; icon?: string; category?: string; maintainer?: string };
  deb?: { maintainer?: string; packageCategory?: string };
  mac?: { target?: TargetList; icon?: string; category?: string; hardenedRuntime?: boolean; entitlements?: string; entitlementsInherit?: string };
  win?: { target?: TargetList; icon?: string };
  nsis?: { oneClick?: boolean; perMachine?: boolean; allowToChangeInstallationDirectory?: boolean; deleteAppDataOnUninstall?: boolean };
}
type TargetList = string | Array<string | { target: string; arch?: string | string[] }>;

export const CONFIG_FILE = 'electron-builder.yml';

/**
 * Parsed with js-yaml's `load`, the parser and call electron-builder itself uses for .yml
 * (app-builder-lib/out/util/config/load.js). js-yaml is electron-builder's dependency, not ours.
 */
export function loadBuilderConfig(file = join(ROOT, CONFIG_FILE)): BuilderConfig {
  const yaml = require('js-yaml') as { load(text: string): unknown };
  return yaml.load(readFileSync(file, 'utf8')) as BuilderConfig;
}

let validator: ValidateFunction | undefined;

/** Errors of `config` against app-builder-lib's scheme.json (draft-07); empty when valid. */
export function schemaErrors(config: unknown): ErrorObject[] {
  if (!validator) {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    // strict: an unknown keyword or a schema mistake fails loudly instead of validating nothing.
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    // The schema's one custom keyword: hooks may be functions in a JS config ({ typeof: "function" }).
    ajv.addKeyword({ keyword: 'typeof', schemaType: 'string', validate: (type: string, data: unknown) => typeof data === type });
    validator = ajv.compile(schema);
  }
  return validator(config) ? [] : [...(validator.errors ?? [])];
}

/** The target names of a platform's `target`, whichever form it takes. */
export function targetNames(list: TargetList | undefined): string[] {
  if (list === undefined) return [];
  return (Array.isArray(list) ? list : [list]).map((t) => (typeof t === 'string' ? t : t.target));
}

/**
 * Where electron-builder finds a resource named in the configuration: in the build resources
 * directory first, then in the project (platformPackager.getResource / resolveIcon).
 */
export function resourcePath(config: BuilderConfig, relative: string): string[] {
  return [join(ROOT, config.directories?.buildResources ?? 'build', relative), join(ROOT, relative)];
}
