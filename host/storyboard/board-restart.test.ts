/**
 * A storyboard across restarts (docs/storyboards.md, "Restart and pay once"): a host closed
 * mid-run and opened again on the same data folder finishes the board with no stage bought twice;
 * a narration whose call a kill cut short is not made again by itself, and retryShot makes only it.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { dataDirCores } from '../test/data-dir-cores.js';
import { allStages, board, shot, speechCalls, submissions } from './test/board-fixtures.js';

const cores = dataDirCores('studio-board-restart-');

/** One gateway for both starts of a test, as a real one outlives the studio: its links and counts stay. */
const gateways: Sandbox[] = [];
afterAll(async () => {
  for (const g of gateways) await g.close();
});
async function gateway() {
  const g = await startSandbox({ speed: 100, streamPaceMs: 0 });
  gateways.push(g);
  return { url: g.url, options: { startSandbox: async () => ({ url: g.url, close: async () => undefined }) } };
}

const until = async (pred: () => Promise<boolean>, ms = 60_000) => {
  const start = Date.now();
  while (!(await pred())) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('a storyboard across restarts', () => {
  it('a host closed mid-run finishes the board after it opens again, no stage bought twice', async () => {
    const dir = cores.freshDir();
    const { url, options } = await gateway();
    let c = await cores.start(dir, options);
    c.resume();
    const made = await c.value('storyboard.create', board([shot('north'), shot('south', { narration: null }), shot('east')]));
    await c.value('storyboard.run', { id: made.id });
    // Closed once a picture is saved and before every video is: the chain is mid-way.
    await until(async () => {
      const v = await c.value('storyboard.get', { id: made.id });
      return v.shots.some((s: any) => s.stages.picture.state === 'done') && v.shots.filter((s: any) => s.narration).every((s: any) => s.stages.narration.state === 'done');
    });
    expect(allStages(await c.value('storyboard.get', { id: made.id }), 'done')).toBe(false);
    await c.close();

    c = await cores.start(dir, options);
    c.resume();
    await until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'));
    const bought = await submissions(url);
    for (const name of ['north', 'south', 'east']) {
      expect(bought[`picture ${name}`], name).toBe(1);
      expect(bought[`video ${name}`], name).toBe(1);
    }
    expect(await speechCalls(url)).toBe(2);
  });

  it('a narration cut short by a kill is shown as needing a retry, never made again by itself', async () => {
    const dir = cores.freshDir();
    const { url, options } = await gateway();
    let c = await cores.start(dir, options);
    c.resume();
    const a = shot('cut');
    const made = await c.value('storyboard.create', board([a]));
    await c.value('storyboard.run', { id: made.id });
    await until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'));
    await c.close();
    // What a kill during the speech call leaves: the record says it was being sent, no file named.
    const db = new Database(join(dir, 'studio.db'));
    db.prepare("UPDATE storyboard_stages SET state = 'sending', item_id = NULL WHERE stage = 'narration'").run();
    db.close();

    c = await cores.start(dir, options);
    c.resume();
    const view = await c.value('storyboard.get', { id: made.id });
    expect(Object.values(view.shots[0].stages).map((s: any) => s.state)).toEqual(['done', 'done', 'failed']);
    expect(JSON.stringify(view.shots[0].stages.narration.error)).toContain('narrationUnknown');
    expect(await speechCalls(url)).toBe(1);
    await c.value('storyboard.retryShot', { id: made.id, shotId: a.id });
    await until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'));
    expect(await speechCalls(url)).toBe(2);
    expect(await submissions(url)).toMatchObject({ 'picture cut': 1, 'video cut': 1 });
  });
});
