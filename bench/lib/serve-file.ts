/**
 * A child process for benchmarks: the sandbox gateway holding one generated result file of
 * `--mb` megabytes (incompressible bytes), behind one of its public result links. Prints the
 * link, then serves until SIGTERM.
 *   node --import tsx bench/lib/serve-file.ts --mb 256
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startSandbox } from '@sandbox/server.js';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '256' } } });
const bytes = Number(values.mb) * 1024 * 1024;

const sandbox = await startSandbox({ port: 0, streamPaceMs: 0 });
// 1 MB of random bytes, repeated: no transfer layer can compress it, and it is quick to make.
const block = randomBytes(1024 * 1024);
const file = Buffer.allocUnsafe(bytes);
for (let at = 0; at < bytes; at += block.length) block.copy(file, at, 0, Math.min(block.length, bytes - at));
const rec = sandbox.state.files.put(file, 'result.mp4', 'video/mp4');
console.log(sandbox.state.files.url(sandbox.url, rec));

const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
