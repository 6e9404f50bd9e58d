/**
 * The third-party notices `npm run notices` writes for the packaged app (docs/licensing.md), run
 * with the same arguments into a temporary file. Offline: every licence text comes from
 * node_modules or from this folder.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../packaging/builder-config.js';

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** The notices script's command with its output sent to `output`. */
function generate(output: string): string {
  const args = packageJson.scripts.notices.split(' ');
  expect(args[0]).toBe('generate-license-file');
  const at = args.indexOf('--output');
  expect(at).toBeGreaterThan(0);
  args[at + 1] = output;
  execFileSync(join(ROOT, 'node_modules', '.bin', 'generate-license-file'), args.slice(1), { cwd: ROOT, stdio: 'pipe', timeout: 25_000 });
  return readFileSync(output, 'utf8');
}

/** The licence text the notices give `pkg` (name@version): each block lists packages, then one text. */
function licenceOf(notices: string, pkg: string): string {
  const block = notices.split(/^-{11}$/m).find((b) => b.includes(`\n - ${pkg}\n`));
  expect(block, `${pkg} is not in the notices`).toBeDefined();
  return block!.split(/contains? the following license:/)[1] ?? '';
}

const versionOf = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

describe('npm run notices', () => {
  const dir = mkdtempSync(join(tmpdir(), 'notices-'));
  let notices = '';
  try {
    notices = generate(join(dir, 'THIRD_PARTY_NOTICES.txt'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  it('lists the production packages with their licence texts', () => {
    expect(licenceOf(notices, `preact@${versionOf('preact')}`)).toMatch(/MIT License/);
    expect(licenceOf(notices, `sharp@${versionOf('sharp')}`)).toMatch(/Apache License\s+Version 2\.0/);
    expect(licenceOf(notices, `espeak-ng@${versionOf('espeak-ng')}`)).toMatch(/GNU GENERAL PUBLIC LICENSE\s+Version 3/);
    expect(licenceOf(notices, `@ffmpeg/core@${versionOf('@ffmpeg/core')}`)).toMatch(/GPL-2\.0-or-later/);
  });

  it('leaves out development tools', () => {
    for (const name of ['vitest', 'electron', 'electron-builder', 'generate-license-file']) {
      expect(notices, name).not.toMatch(new RegExp(`^ - ${name}@`, 'm'));
    }
  });

  it('gives real texts, not links, for packages whose package.json names a URL or two licences', () => {
    const linkOnly = notices.split(/^-{11}$/m).filter((b) => /contains? the following license:\s+https?:\/\/\S+\s*$/.test(b));
    expect(linkOnly).toEqual([]);
    expect(licenceOf(notices, `busboy@${versionOf('busboy')}`)).toMatch(/Permission is hereby granted/);
  });

  it('ends with the notes on the packages that name only a licence, and where the texts ship', () => {
    expect(notices).toMatch(/GPL-3\.0\.txt[\s\S]*LGPL-3\.0\.txt[\s\S]*LGPL-2\.1\.txt/);
    expect(notices).toContain('@img/sharp-libvips-<platform>');
  });
});
