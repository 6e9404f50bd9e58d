/**
 * SQLite's quick_check of the database file, in a worker thread (docs/data.md, "What happens to a damaged database"): it
 * reads every page, 0.2–1 s at 100,000 gallery items, too long to hold the host's loop at every
 * start. The worker is a few lines of plain JavaScript given as text that need only the driver,
 * so it starts in tens of milliseconds from the sources and from the bundle alike. When it cannot
 * run or cannot open the file (no file yet, a folder it may not write to), the answer is "not
 * checked" and the start checks on the loop as before, where those cases are already handled.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { Worker } from 'node:worker_threads';

/** `ok`; or the damage SQLite found; undefined: not checked here. */
export type OffLoopCheck = 'ok' | { damaged: string } | undefined;

/** SQLite's answers that mean the bytes are not a sound database (as opposed to EACCES, a lock …). */
export const DAMAGE_CODES: ReadonlySet<string> = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_INDEX']);

const CODE = `
const { parentPort, workerData } = require('node:worker_threads');
let answer;
try {
  const Database = require(workerData.driver);
  const db = new Database(workerData.file, { fileMustExist: true });
  try { answer = { result: String(db.pragma('quick_check', { simple: true })) }; } finally { db.close(); }
} catch (err) {
  answer = { code: err && err.code ? String(err.code) : '', message: String(err && err.message) };
}
parentPort.postMessage(answer);
`;

type Answer = { result: string } | { code: string; message: string };

export function quickCheckOffLoop(file: string, log: (line: string) => void = () => undefined): Promise<OffLoopCheck> {
  if (!existsSync(file)) return Promise.resolve(undefined);
  let driver: string;
  try {
    driver = createRequire(import.meta.url).resolve('better-sqlite3');
  } catch {
    return Promise.resolve(undefined);
  }
  // Packaged, the driver is unpacked beside app.asar with its addon (electron-builder.yml): a
  // worker loads it from there, from the real file system.
  const unpacked = driver.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
  if (unpacked !== driver && existsSync(unpacked)) driver = unpacked;
  return new Promise((resolve) => {
    let answered = false;
    const settle = (check: OffLoopCheck) => {
      if (answered) return;
      answered = true;
      resolve(check);
    };
    let worker: Worker;
    try {
      worker = new Worker(CODE, { eval: true, execArgv: [], workerData: { driver, file } });
    } catch (err) {
      log(`db: the check could not start off the loop (${(err as Error).message}); it runs on the loop`);
      settle(undefined);
      return;
    }
    worker.once('message', (a: Answer) => {
      if ('result' in a) settle(a.result === 'ok' ? 'ok' : { damaged: a.result });
      else settle(DAMAGE_CODES.has(a.code) ? { damaged: a.message } : undefined);
    });
    worker.once('error', (err) => {
      log(`db: the check off the loop failed (${err.message}); it runs on the loop`);
      settle(undefined);
    });
    worker.once('exit', () => settle(undefined));
  });
}
