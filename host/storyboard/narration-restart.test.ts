/**
 * What a start makes of a narration whose speech call the sender process was making when the
 * studio stopped (narration-speech.ts; docs/storyboards.md, "Restart and pay once"), on a real
 * data folder and the sandbox: the state a kill leaves is written into the database and the
 * narrations folder, then the studio starts again. An answer the sender kept is saved without a
 * second purchase; a call never sent is made once; a half-written answer is never taken as audio.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { dataDirCores } from '../test/data-dir-cores.js';
import { allStages, board, shot } from './test/board-fixtures.js';

const cores = dataDirCores('studio-narration-restart-');
const gateways: Sandbox[] = [];
afterAll(async () => {
  for (const g of gateways) await g.close();
});

const until = async (pred: () => Promise<boolean>, ms = 60_000) => {
  const start = Date.now();
  while (!(await pred())) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Every file under `dir` whose name ends with `ext`. */
const filesUnder = (dir: string, ext: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith(ext)).map((f) => join(dir, f));

/**
 * A board of one shot made to the end, then closed, and its narration put back to what a kill
 * during its call leaves: the record `sending` with the call's row, the row in `state`, and what
 * `files` writes into the narrations folder (given the audio the first run bought).
 */
async function cutShort(state: 'ready' | 'posting' | 'answered', files: (audio: string, file: string) => void, pid?: number) {
  const g = await startSandbox({ speed: 100, streamPaceMs: 0 });
  gateways.push(g);
  const options = { startSandbox: async () => ({ url: g.url, close: async () => undefined }) };
  const dir = cores.freshDir();
  let c = await cores.start(dir, options);
  c.resume();
  const made = await c.value('storyboard.create', board([shot('harbour')]));
  await c.value('storyboard.run', { id: made.id });
  await until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'));
  const first = (await c.value('storyboard.get', { id: made.id })).shots[0].stages.narration.itemId as string;
  await c.close();

  const call = randomUUID();
  const file = join(dir, 'narrations', `${call}.audio`);
  mkdirSync(join(dir, 'narrations'), { recursive: true });
  files(filesUnder(join(dir, 'Library'), '.mp3')[0]!, file);
  const answer = state === 'answered' ? JSON.stringify({ audio: { file, mime: 'audio/mpeg', status: 200, at: Date.now() + 1 } }) : null;
  const db = new Database(join(dir, 'studio.db'));
  db.prepare("UPDATE storyboard_stages SET state = 'sending', item_id = NULL, job_id = ? WHERE stage = 'narration'").run(`speech:${call}`);
  // A call under way keeps its board running (storyboard-chain.ts, endIfOver).
  db.prepare('UPDATE storyboard_boards SET running = 1').run();
  db.prepare('INSERT INTO tasks_sends (job_id, state, pid, beat, answer) VALUES (?, ?, ?, ?, ?)').run(`speech:${call}`, state, pid ?? null, pid ? 0 : null, answer);
  db.close();

  c = await cores.start(dir, options);
  c.resume();
  await until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done') || (await c.value('storyboard.get', { id: made.id })).shots[0].stages.narration.state === 'failed');
  const narration = (await c.value('storyboard.get', { id: made.id })).shots[0].stages.narration;
  const spoken = ((await (await fetch(`${g.url}/_sandbox/submissions`)).json()) as { speech: Record<string, number> }).speech['narration harbour'];
  const audioItems = (await c.value('library.list', { kind: 'audio', limit: 100 })).items.length as number;
  const rows = new Database(join(dir, 'studio.db'), { readonly: true });
  const left = rows.prepare('SELECT count(*) FROM tasks_sends').pluck().get() as number;
  rows.close();
  return { narration, first, spoken, audioItems, left, file, leftFiles: readdirSync(join(dir, 'narrations')) };
}

/** A process id that no longer runs. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('a narration cut short by a kill, at the next start', () => {
  it('answered by the sender meanwhile: its audio is saved to the library, not bought again', async () => {
    const r = await cutShort('answered', (audio, file) => copyFileSync(audio, file));
    expect(r.narration.state).toBe('done');
    expect(r.narration.itemId).not.toBe(r.first);
    expect(r.spoken).toBe(1);
    expect(r.audioItems).toBe(2);
    // Its row and file are gone: nothing is left for a later start to save again.
    expect(r.left).toBe(0);
    expect(r.leftFiles).toEqual([]);
  });

  it('never sent (its row still ready): made once now', async () => {
    const r = await cutShort('ready', () => undefined);
    expect(r.narration.state).toBe('done');
    expect(r.spoken).toBe(2);
    expect(r.left).toBe(0);
  });

  it('half written by a sender that died: never taken for audio, shown as needing a retry', async () => {
    const r = await cutShort('posting', (audio, file) => copyFileSync(audio, `${file}.part`), deadPid());
    expect(r.narration.state).toBe('failed');
    expect(JSON.stringify(r.narration.error)).toContain('narrationUnknown');
    expect(r.spoken).toBe(1);
    expect(r.audioItems).toBe(1);
    expect(r.leftFiles).toEqual([]);
  });

  it('answered with bytes that are no audio: refused, nothing saved, not bought again', async () => {
    const r = await cutShort('answered', (_audio, file) => writeFileSync(file, '{"error":"not audio"}'));
    expect(r.narration.state).toBe('failed');
    expect(r.spoken).toBe(1);
    expect(r.audioItems).toBe(1);
    expect(existsSync(r.file)).toBe(false);
  });
});
