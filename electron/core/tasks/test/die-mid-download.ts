/**
 * A studio process that dies (SIGKILL, no cleanup) in the middle of saving a job's result:
 * `tsx die-mid-download.ts <dataDir> <sandboxUrl>`. Used by the restart test.
 */
import { join } from 'node:path';
import { GatewayClient } from '../../gateway/client.js';
import { Library } from '../../library/library.js';
import { JobService } from '../job-service.js';
import { JobStore } from '../job-store.js';

const [dataDir, sandboxUrl] = process.argv.slice(2);
const library = new Library({ root: join(dataDir, 'library'), indexFile: join(dataDir, 'library-index.json') });
await library.open();
const store = new JobStore(join(dataDir, 'jobs.json'));
// The first download attempt is cut by the sandbox; the process dies as the resume begins, with
// a partial file on disk and the download's state in the task list.
let fileRequests = 0;
const dying: typeof fetch = async (input, init) => {
  if (String(input).includes('/files/') && ++fileRequests === 2) {
    const job = store.all()[0];
    store.flush();
    process.stdout.write(`dying ${job.id}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
  return fetch(input, init);
};
const service = new JobService({
  fetch: dying,
  store, library, downloadsDir: join(dataDir, 'downloads'),
  clientFor: (key) => new GatewayClient({ baseUrl: sandboxUrl, apiKey: key }),
  activeProfileId: () => 'sk-sandbox',
  cadence: { firstCheckMs: 20, image: { minIntervalMs: 20, maxIntervalMs: 40, maxWaitMs: 20_000 }, video: { minIntervalMs: 20, maxIntervalMs: 40, maxWaitMs: 20_000 } },
  now: Date.now, random: Math.random,
  onChange: () => undefined,
});
service.start();
await service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'interrupted', resolution: '2K' } });
