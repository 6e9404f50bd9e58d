/**
 * `app.requestSingleInstanceLock()` (docs/desktop-harness.md, "What is emulated"): like Electron, a
 * lock in the user-data folder. The first instance writes its pid to `SingletonLock`; a later one
 * finds a live pid there, leaves its command line in a request file for the first instance and
 * gets `false`; the first instance sees the file and emits `second-instance`. A lock left by a
 * dead process is taken over.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

const LOCK = 'SingletonLock';
const REQUESTS = 'SingletonRequests';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface SingleInstance {
  /** True: this process holds the lock. False: another instance does, and was told. */
  request(userData: string, onSecond: (argv: string[], cwd: string) => void): boolean;
  release(): void;
}

export function singleInstance(): SingleInstance {
  let held: string | undefined;
  let watcher: FSWatcher | undefined;
  return {
    request(userData, onSecond) {
      mkdirSync(userData, { recursive: true });
      const lock = join(userData, LOCK);
      const requests = join(userData, REQUESTS);
      if (existsSync(lock)) {
        const pid = Number(readFileSync(lock, 'utf8'));
        if (pid !== process.pid && Number.isInteger(pid) && alive(pid)) {
          mkdirSync(requests, { recursive: true });
          writeFileSync(join(requests, `${process.pid}.json`), JSON.stringify({ argv: process.argv, cwd: process.cwd() }));
          return false;
        }
      }
      writeFileSync(lock, String(process.pid));
      held = lock;
      mkdirSync(requests, { recursive: true });
      const drain = () => {
        for (const name of readdirSync(requests)) {
          const file = join(requests, name);
          try {
            const { argv, cwd } = JSON.parse(readFileSync(file, 'utf8')) as { argv: string[]; cwd: string };
            rmSync(file, { force: true });
            onSecond(argv, cwd);
          } catch {
            // Half written: the next change event reads it whole.
          }
        }
      };
      watcher = watch(requests, drain);
      watcher.unref();
      drain();
      return true;
    },
    release() {
      watcher?.close();
      if (held && existsSync(held) && readFileSync(held, 'utf8') === String(process.pid)) rmSync(held, { force: true });
      held = undefined;
    },
  };
}
