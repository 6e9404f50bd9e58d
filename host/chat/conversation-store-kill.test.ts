/**
 * Data safety (docs/security.md, "The adversarial suite"): a studio killed at any moment while it
 * saves conversations leaves every conversation file and the index whole (old or new), and the next
 * start lists every conversation it had saved. The writer is the real ConversationStore in a child
 * process, SIGKILLed at random points.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inLanes, KILL_TEST_MS, stopWriters, writeThenKill } from '../test/kill-loop.js';
import { ConversationFile, IndexFile } from './conversation-file.js';
import { ConversationStore } from './conversation-store.js';

const WRITER = join(import.meta.dirname, 'test', 'write-conversations.ts');
const LANES = 2;
const ROUNDS = 25;
const base = mkdtempSync(join(tmpdir(), 'studio-chat-kill-'));
afterAll(async () => {
  await stopWriters();
  rmSync(base, { recursive: true, force: true });
});

const TEMP = /^\.(index|main|extra-\d+)\.json\.\d+\.[0-9a-f]+\.tmp$/;

describe('conversations under SIGKILL', () => {
  it(`stay whole after each of ${LANES * ROUNDS} kills, and the next start lists every saved one`, async () => {
    const seen = { old: 0, new: 0, midWrite: 0 };
    const found: number[] = [];
    /** Per lane, the generations whose saves returned: their new conversations must be listed. */
    const saved: number[][] = [[], []];
    await inLanes(LANES, ROUNDS, async (lane) => {
      const dir = join(base, `lane-${lane}`);
      const { ready, last } = await writeThenKill(WRITER, [dir]);
      expect(ready).toBe(found[lane] ?? 0);
      for (let g = ready + 1; g <= last; g++) saved[lane].push(g);
      const names = readdirSync(dir);
      const temps = names.filter((n) => n.startsWith('.'));
      for (const n of temps) expect(n).toMatch(TEMP);
      if (temps.length) seen.midWrite += 1;

      // Every file on disk is whole and valid as it is, before the next start touches anything.
      const main = ConversationFile.parse(JSON.parse(readFileSync(join(dir, 'main.json'), 'utf8')));
      expect([last, last + 1]).toContain(main.updatedAt);
      expect(main.messages.at(-1)!.choices![0].text).toBe(`gen ${main.updatedAt}`);
      seen[main.updatedAt === last ? 'old' : 'new'] += 1;
      for (const n of names.filter((x) => x.startsWith('extra-'))) ConversationFile.parse(JSON.parse(readFileSync(join(dir, n), 'utf8')));
      if (existsSync(join(dir, 'index.json'))) IndexFile.parse(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')));

      // The next start: nothing skipped, every conversation whose save returned is listed.
      const problems: string[] = [];
      const store = new ConversationStore(dir, (line) => problems.push(line));
      store.open();
      expect(problems).toEqual([]);
      const ids = new Set(store.list().map((e) => e.id));
      expect(ids.has('main')).toBe(true);
      for (const g of saved[lane].filter((x) => x % 5 === 0)) expect(ids.has(`extra-${g}`)).toBe(true);
      expect([...ids].every((id) => id === 'main' || /^extra-\d+$/.test(id))).toBe(true);
      // A reply caught mid-stream is kept and marked incomplete, not left "streaming" forever.
      const reply = store.get('main').messages.at(-1)!;
      expect(reply.status).toBe(main.updatedAt % 2 === 1 ? 'incomplete' : 'complete');
      expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
      found[lane] = main.updatedAt;
    });
    console.info(`conversations: ${LANES * ROUNDS} kills; the last returned save held ${seen.old}×, the one in flight ${seen.new}×; ${seen.midWrite} kills left a half-done temp file`);
    expect(seen.midWrite).toBeGreaterThan(0);
  }, KILL_TEST_MS);
});
