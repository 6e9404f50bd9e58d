/**
 * Data safety (docs/security.md, "The adversarial suite"): a studio killed at any moment while it
 * saves its settings leaves the old settings or the new ones, never a broken file that would reset
 * them to defaults. The writer is the real SettingsStore on the real port (`conf`, as on the
 * desktop) in a child process, SIGKILLed at random points.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inLanes, KILL_TEST_MS, stopWriters, writeThenKill } from '@host/test/kill-loop.js';
import { SettingsStore, StoredSettings } from '@host/settings/settings-store.js';
import { createConfSettings } from './ports.js';

const WRITER = join(import.meta.dirname, 'test', 'write-settings.ts');
const LANES = 2;
const ROUNDS = 25;
const base = mkdtempSync(join(tmpdir(), 'studio-settings-kill-'));
afterAll(async () => {
  await stopWriters();
  rmSync(base, { recursive: true, force: true });
});

describe('settings under SIGKILL', () => {
  it(`hold the old or the new settings after each of ${LANES * ROUNDS} kills`, async () => {
    const seen = { old: 0, new: 0, midWrite: 0 };
    const found: number[] = [];
    await inLanes(LANES, ROUNDS, async (lane) => {
      const dir = join(base, `lane-${lane}`);
      const { ready, last } = await writeThenKill(WRITER, [dir]);
      expect(ready).toBe(found[lane] ?? 0);
      // The file itself is whole and valid, before anything reads it.
      const raw = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'));
      const doc = StoredSettings.parse(raw.studio);
      const gen = Number(doc.profiles[0].name.split(' ')[1]);
      expect([last, last + 1]).toContain(gen);
      expect(doc.profiles).toHaveLength(150);
      expect(doc.profiles.every((p, i) => p.name === `gen ${gen} gateway ${i}`)).toBe(true);
      expect([doc.activeId, doc.theme]).toEqual([`p${gen % 150}`, ['light', 'dark', 'system'][gen % 3]]);
      seen[gen === last ? 'old' : 'new'] += 1;
      // A kill mid-write leaves conf's temp file beside it, which nothing reads as the settings.
      const others = readdirSync(dir).filter((n) => n !== 'settings.json');
      for (const n of others) expect(n).toMatch(/^settings\.json\.tmp-\d+[0-9a-f]{6}$/);
      if (others.length) seen.midWrite += 1;

      // The next start: the studio keeps these settings (no fallback to defaults).
      const problems: string[] = [];
      const store = new SettingsStore(createConfSettings(dir), (line) => problems.push(line));
      expect(problems).toEqual([]);
      expect(store.get()).toEqual(doc);
      found[lane] = gen;
    });
    console.info(`settings: ${LANES * ROUNDS} kills; the last returned write held ${seen.old}×, the one in flight ${seen.new}×; ${seen.midWrite} kills left a temp file`);
    expect(seen.midWrite).toBeGreaterThan(0);
  }, KILL_TEST_MS);
});
