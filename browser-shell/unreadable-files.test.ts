/**
 * The browser shell's own data files damaged as an outsider leaves them (docs/security.md,
 * "Files that fail to load"): the settings in `conf`'s file and the keys' file, truncated, binary,
 * not UTF-8, of the wrong shape or not readable at all. The shell's real core starts on them,
 * says so through the contract, keeps each original byte for byte beside it, and the next save
 * leaves that backup as it was. Before, a settings file that was not JSON stopped the start
 * (`conf` threw), and one of the wrong shape was replaced by defaults with the next save.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupName, backupsOf, DAMAGE_NAMES, DAMAGES } from '@host/test/damage.js';
import { SECRETS_FILE } from './ports.js';
import { giveToChild, runAsNobody } from '@host/test/as-nobody.js';
import { openShellCore, type ShellCore } from './test/shell-core.js';

const posix = process.platform !== 'win32';
const CHILD = join(import.meta.dirname, 'test', 'unreadable-core.ts');

const base = mkdtempSync(join(tmpdir(), 'studio-shell-damaged-'));
const open = new Set<ShellCore>();
afterEach(async () => {
  for (const shell of open) await shell.core.close();
  open.clear();
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

let n = 0;
const freshDir = () => {
  const dir = join(base, `data-${++n}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

async function start(dataDir: string) {
  const shell = await openShellCore(dataDir, { sandboxDir: join(base, 'sandbox') });
  open.add(shell);
  return shell;
}

async function stop(shell: ShellCore) {
  open.delete(shell);
  await shell.core.close();
}

const damaged = (valid: string, ...wrongShapes: unknown[]) => [
  ...DAMAGE_NAMES.map((d) => [d, DAMAGES[d](valid)] as const),
  ...wrongShapes.map((doc, i) => [`wrong shape ${i + 1}`, Buffer.from(JSON.stringify(doc))] as const),
];

// conf's own file: the document under one key.
const SETTINGS = JSON.stringify({ studio: { version: 1, profiles: [{ id: 'p1', name: 'Work', baseUrl: 'https://gw.example' }], activeId: 'p1', theme: 'dark', allowPlaintextKeys: false } }, null, '\t');
// The browser shell's older keys file (profile id → key), still read as it is.
const KEYS = JSON.stringify({ p1: 'sk-live-0123456789abcdef' }, null, 2);

describe('the settings file (conf)', () => {
  it.each(damaged(SETTINGS, { studio: { version: 2, profiles: 'every one' } }, { version: 1, profiles: [], note: 'not conf’s file' }))(
    '%s: the studio starts on defaults, says so, keeps the original, and a save leaves it',
    async (_kind, bytes) => {
      const dir = freshDir();
      writeFileSync(join(dir, 'settings.json'), bytes);
      const shell = await start(dir);

      const [problem] = await shell.value('app.startupProblems');
      expect(problem).toEqual({ file: 'settings', backup: expect.stringMatching(backupName('settings.json')) });
      expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);
      expect((await shell.value('profiles.list')).profiles.map((p: any) => p.id)).toEqual(['sandbox']);

      await shell.value('settings.update', { theme: 'light' });
      expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).studio.theme).toBe('light');
      expect(backupsOf(dir, 'settings.json')).toEqual([problem.backup]);
      await stop(shell);

      const again = await start(dir);
      expect(await again.value('app.startupProblems')).toEqual([]);
      expect((await again.value('settings.get')).theme).toBe('light');
    },
  );

  it('a file damaged while the studio runs makes the save fail in words, and is not replaced', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'settings.json'), SETTINGS);
    const shell = await start(dir);
    writeFileSync(join(dir, 'settings.json'), DAMAGES.truncated(SETTINGS));
    const r = await shell.call('settings.update', { theme: 'light' });
    expect(r.error.message).toMatch(/^Your settings could not be saved/);
    expect(readFileSync(join(dir, 'settings.json')).equals(DAMAGES.truncated(SETTINGS))).toBe(true);
  });
});

describe('the keys file', () => {
  it.each(damaged(KEYS, { p1: 42 }, ['sk-live-0123456789abcdef']))(
    '%s: the studio starts without keys, says so, keeps the original, and saving a key leaves it',
    async (_kind, bytes) => {
      const dir = freshDir();
      writeFileSync(join(dir, SECRETS_FILE), bytes);
      const shell = await start(dir);

      const [problem] = await shell.value('app.startupProblems');
      expect(problem).toEqual({ file: 'secrets', backup: expect.stringMatching(backupName(SECRETS_FILE)) });
      expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);

      const saved = await shell.value('profiles.save', { name: 'After', baseUrl: 'https://gw.example', apiKey: 'sk-after-0123456789' });
      expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, SECRETS_FILE), 'utf8'))).toEqual({ version: 1, entries: { [saved.id]: { protection: 'file', value: 'sk-after-0123456789' } } });
      expect(backupsOf(dir, SECRETS_FILE)).toEqual([problem.backup]);
      await stop(shell);

      expect(await (await start(dir)).value('app.startupProblems')).toEqual([]);
    },
  );
});

describe.runIf(posix)('files the studio may not read', () => {
  it('settings and keys it is refused: it starts, says so, keeps both originals, and saves beside them', async () => {
    const dir = freshDir();
    const sandboxDir = join(base, 'sandbox-locked');
    mkdirSync(sandboxDir);
    writeFileSync(join(dir, 'settings.json'), SETTINGS);
    writeFileSync(join(dir, SECRETS_FILE), KEYS);
    // Root reads every file, so the studio runs as `nobody` there: the files stay root's, the folder is its own.
    giveToChild([base, dir, sandboxDir]);
    for (const f of ['settings.json', SECRETS_FILE]) chmodSync(join(dir, f), 0o000);

    const r = await runAsNobody(CHILD, [dir, sandboxDir], base);

    const problems = r['app.startupProblems'].value;
    expect(problems).toEqual([
      { file: 'settings', backup: expect.stringMatching(backupName('settings.json')) },
      { file: 'secrets', backup: expect.stringMatching(backupName(SECRETS_FILE)) },
    ]);
    expect([r['settings.update'].ok, r['profiles.save'].ok]).toEqual([true, true]);
    for (const p of problems) chmodSync(join(dir, p.backup), 0o600);
    expect(readFileSync(join(dir, problems[0].backup), 'utf8')).toBe(SETTINGS);
    expect(readFileSync(join(dir, problems[1].backup), 'utf8')).toBe(KEYS);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).studio.theme).toBe('dark');
    expect(Object.values(JSON.parse(readFileSync(join(dir, SECRETS_FILE), 'utf8')).entries)).toEqual([{ protection: 'file', value: 'sk-after-0123456789' }]);
    expect(readdirSync(dir).filter((f) => f.includes('.unreadable-'))).toHaveLength(2);
  });
});
