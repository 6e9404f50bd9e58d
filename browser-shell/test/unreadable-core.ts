/**
 * The browser shell's core on a data folder whose settings and key files it may not read:
 * `tsx unreadable-core.ts <dataDir> <sandboxDir>`. It prints what it reports, then saves a
 * setting and a key, each result as one JSON line, and closes. Run as an unprivileged user when
 * the test runs as root, so file permissions apply. Used by unreadable-files.test.ts.
 */
import { openShellCore } from './shell-core.js';

const [dataDir, sandboxDir] = process.argv.slice(2);
const shell = await openShellCore(dataDir, { sandboxDir });
const print = (name: string, result: unknown) => process.stdout.write(`${JSON.stringify({ name, result })}\n`);

print('app.startupProblems', await shell.call('app.startupProblems'));
print('settings.update', await shell.call('settings.update', { theme: 'dark' }));
print('profiles.save', await shell.call('profiles.save', { name: 'After', baseUrl: 'https://gw.example', apiKey: 'sk-after-0123456789' }));
await shell.core.close();
