/**
 * A child process for crash-guards.test.ts: guards installed, then an uncaught exception and an
 * unhandled rejection, then it proves it is still alive by answering on stdout.
 */
import { installCrashGuards } from '../crash-guards.js';

installCrashGuards({ log: (line) => process.stderr.write(`${line}\n`) });
setTimeout(() => {
  throw new Error('a bug in one job');
}, 0);
void Promise.reject(new Error('a forgotten promise'));
setTimeout(() => {
  process.stdout.write('still alive\n');
  process.exit(0);
}, 50);
