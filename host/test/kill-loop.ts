/**
 * Kill tests for the stores: a writer child (`node --import tsx <script>`) writes through the real
 * store code and reports `ready <gen>` once it has opened the store, then `done <gen>` after each
 * write returned. It is SIGKILLed at a random point: after a random number of reports, plus a
 * random part of one write's duration, so the kill lands anywhere in the write cycle (temp file
 * created, half written, fsynced, renamed, directory synced).
 *
 * Reports reach the pipe synchronously (stdout is a blocking pipe on POSIX), so the last one read
 * is the last write that returned: the file must then hold that generation or the next one.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Each kill costs one process start (0.8–1 s of CPU with tsx), so 50 kills take 25–40 s on a
 * 2-core machine; the limit leaves room for one busy with other work.
 */
export const KILL_TEST_MS = 150_000;

/** Writers still running: a failing or timed-out test must not leave one writing forever. */
const live = new Set<ChildProcess>();

/** Kills every writer still running and waits for them to go (a test worker may end without an exit event). */
export async function stopWriters(): Promise<void> {
  await Promise.all([...live].map((child) => new Promise((resolve) => {
    child.once('close', resolve);
    child.kill('SIGKILL');
  })));
}

export interface Killed {
  /** The generation the child found on disk when it started. */
  ready: number;
  /** The last generation whose write returned before the kill. */
  last: number;
}

/** Up to this many writes return before the kill (few: each round's cost is the process start). */
const MAX_REPORTS = 3;

export function writeThenKill(script: string, args: string[]): Promise<Killed> {
  const after = 1 + Math.floor(Math.random() * MAX_REPORTS);
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  let ready: number | undefined;
  let last: number | undefined;
  let reports = 0;
  let firstAt = 0;
  let text = '';
  let errors = '';
  let pending = '';
  child.stderr.on('data', (d: Buffer) => { errors += d.toString('utf8'); });
  child.stdout.on('data', (d: Buffer) => {
    pending += d.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      text += `${line}\n`;
      const [word, n] = line.split(' ');
      if (word === 'ready') ready = Number(n);
      if (word !== 'done') continue;
      last = Number(n);
      if (++reports === 1) firstAt = performance.now();
      if (reports !== after) continue;
      // Anywhere inside the next write: a random part of the time one write has been taking.
      const cycle = reports > 1 ? (performance.now() - firstAt) / (reports - 1) : 2;
      setTimeout(() => child.kill('SIGKILL'), Math.random() * cycle);
    }
  });
  return new Promise((resolve, reject) => {
    child.once('close', (code, signal) => {
      live.delete(child);
      process.off('exit', orphan);
      if (signal !== 'SIGKILL' || ready === undefined || last === undefined) {
        reject(new Error(`the writer ended on its own (code ${code}, signal ${signal}):\n${text}${errors}`));
      } else resolve({ ready, last });
    });
  });
}

/** Runs `rounds` kill rounds in each of `lanes` folders at once; the first failure stops them all. */
export async function inLanes(lanes: number, rounds: number, round: (lane: number, i: number) => Promise<void>): Promise<void> {
  let failed = false;
  await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
    try {
      for (let i = 0; i < rounds && !failed; i++) await round(lane, i);
    } catch (err) {
      failed = true;
      await stopWriters();
      throw err;
    }
  }));
}
