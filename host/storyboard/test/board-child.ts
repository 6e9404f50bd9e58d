/**
 * A studio whose storyboard run the kill test SIGKILLs: `tsx board-child.ts <dataDir> <gatewayUrl> <shots> [finish]`.
 * The whole core (every module, the sender process, the library) on `dataDir`, its gateway the
 * test's sandbox. On a first start it creates a board of `<shots>` shots (prompts `picture <n>`,
 * `video <n>`, narration `narration <n>`) and runs it. It prints `change` at every change of a job
 * or the board (the test kills it after a random number), and `settled <json>` once no stage is
 * waiting or under way, then exits. With `finish`, a shot with a stage stopped (a narration cut
 * short by a kill) is retried first, once; the json counts the narrations so retried. At a start it
 * prints `cut <n>`: the narrations whose call the last kill cut short.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createCore } from '../../index.js';
import { fileSecrets, jsonFilePort } from '../../test/file-ports.js';
import { FAST_CADENCE } from '../../tasks/test/job-harness.js';

const [dataDir, gatewayUrl, count, finish] = process.argv.slice(2);

// What the last kill cut short: narrations whose speech call was under way (the test's figures).
if (existsSync(join(dataDir, 'studio.db'))) {
  const db = new Database(join(dataDir, 'studio.db'), { readonly: true });
  const cut = db.prepare("SELECT count(*) FROM storyboard_stages WHERE stage = 'narration' AND state = 'sending'").pluck().get() as number;
  db.close();
  process.stdout.write(`cut ${cut}\n`);
}

const core = await createCore({
  shell: 'browser', mediaBase: '/media/', version: '0.0.0-kill', platform: process.platform, dataDir,
  settings: jsonFilePort(join(dataDir, 'settings.json')),
  secrets: fileSecrets(join(dataDir, 'keys.json')),
  startSandbox: async () => ({ url: gatewayUrl, close: async () => undefined }),
  confirmOutside: async () => 'confirmed',
}, { cadence: FAST_CADENCE });
core.subscribe((event) => {
  if (event === 'tasks.onDidChange' || event === 'storyboard.onDidChange') process.stdout.write(`change ${event}\n`);
});
const value = async (method: string, input: unknown = {}) => {
  const r = (await core.dispatch(method, input)) as { ok: boolean; value?: any; error?: { message: string } };
  if (!r.ok) throw new Error(`${method}: ${r.error?.message}`);
  return r.value;
};
core.resumeWork();

let [board] = await value('storyboard.list');
if (!board) {
  const shots = Array.from({ length: Number(count) }, (_, n) => ({
    id: `shot-${n}`,
    picture: { source: 'generate', model: 'seedream-4-0', prompt: `picture ${n}`, resolution: '1K' },
    video: { model: 'modelg3', prompt: `video ${n}`, durationSeconds: 5 },
    narration: { text: `narration ${n}`, voice: 'alloy', speed: 1 },
  }));
  board = await value('storyboard.create', { title: 'Killed board', aspectRatio: '16:9', shots });
}
// Run once: a kill between the board's creation and its run leaves it never started.
const first = await value('storyboard.get', { id: board.id });
if (!first.running && first.shots.every((s: any) => Object.values(s.stages).every((st: any) => st.state === 'idle'))) await value('storyboard.run', { id: board.id });

let retried = 0;
const retriedShots = new Set<string>();
const timer = setInterval(() => void (async () => {
  const view = await value('storyboard.get', { id: board.id });
  const states = view.shots.flatMap((s: any) => Object.values(s.stages).map((st: any) => st.state as string));
  if (states.some((s: string) => s === 'waiting' || s === 'running')) return;
  if (finish) {
    const stopped = view.shots.filter((s: any) => !retriedShots.has(s.id) && Object.values(s.stages).some((st: any) => st.state === 'failed'));
    if (stopped.length) {
      for (const s of stopped) {
        retriedShots.add(s.id);
        if (s.stages.narration.state === 'failed') {
          retried += 1;
          process.stdout.write(`retry ${JSON.stringify(s.stages.narration.error)}\n`);
        }
        await value('storyboard.retryShot', { id: board.id, shotId: s.id });
      }
      return;
    }
  }
  clearInterval(timer);
  process.stdout.write(`settled ${JSON.stringify({ states, retried })}\n`);
  await core.close();
  process.exit(0);
})().catch((err: unknown) => {
  process.stdout.write(`error ${(err as Error).message}\n`);
}), 50);
