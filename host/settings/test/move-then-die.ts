/**
 * A studio that moves its library and is SIGKILLed at one chosen moment of the move: the `nth`
 * time it reaches `stage` (library-move-kill.test.ts). `copy` makes every file a copy, as onto
 * another disk; `link` gives it a second name, as on the same one. `resume` carries on the move
 * a previous kill left instead of starting one.
 */
import path from 'node:path';
import { moveFolders, moveRun, openLibraryAt } from './move-setup.js';

const [base, stage, nth, mode, start] = process.argv.slice(2);
const setup = moveFolders(base);
const library = openLibraryAt(setup);
await library.open();
let seen = 0;
const run = moveRun(setup, library, {
  ...(mode === 'copy' ? { fs: { link: async () => Promise.reject(Object.assign(new Error('cross-device link'), { code: 'EXDEV' })) }, sameDisk: async () => false } : {}),
  stage: (at) => {
    if (at === stage && ++seen === Number(nth)) process.kill(process.pid, 'SIGKILL');
  },
});
if (start === 'resume') {
  await run.resume();
  await run.settled();
} else await run.move(setup.from, path.join(base, 'New library'));
process.stdout.write('ended without the kill\n');
