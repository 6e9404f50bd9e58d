/**
 * The browser shell's core on a data folder the test has locked: `tsx locked-core.ts <dataDir>
 * <sandboxDir> <data|library|downloads>`. It makes the calls a creator would and prints each
 * result as one JSON line, then closes. Run as an unprivileged user when the test runs as root,
 * so folder permissions apply. Used by permission-denied.test.ts.
 */
import { openShellCore } from './shell-core.js';

const [dataDir, sandboxDir, scenario] = process.argv.slice(2);
const logs: string[] = [];
const shell = await openShellCore(dataDir, { sandboxDir, log: (line) => logs.push(line) });
const print = (name: string, result: unknown) => process.stdout.write(`${JSON.stringify({ name, result })}\n`);

if (scenario === 'data') {
  print('settings.update', await shell.call('settings.update', { theme: 'dark' }));
  print('tasks.submit', await shell.call('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'locked out', resolution: '1K' } }));
  print('tasks.list', await shell.call('tasks.list'));
  print('chat.create', await shell.call('chat.create', { title: 'Locked out' }));
  const [kept] = (await shell.value('chat.list', {})) as { id: string }[];
  print('chat.update', await shell.call('chat.update', { id: kept.id, title: 'Renamed' }));
} else {
  // The job runs; saving its file (into the locked library, or the locked downloads folder) fails.
  const job = await shell.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: `a locked ${scenario}`, resolution: '1K' } });
  print('task', await shell.task(job.id, (t) => t.downloads.length > 0 && t.downloads.every((d: { state: string }) => d.state === 'failed')));
  print('library.list', await shell.call('library.list', {}));
}
await shell.core.close();
print('log', logs);
