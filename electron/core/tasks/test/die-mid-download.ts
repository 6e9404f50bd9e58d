/**
 * A studio process that dies (SIGKILL, no cleanup) in the middle of saving a job's result:
 * `tsx die-mid-download.ts <dataDir> <sandboxUrl>`. Used by the restart test.
 */
import { startJobs } from './job-harness.js';

const [dataDir, sandboxUrl] = process.argv.slice(2);
// The first download attempt is cut by the sandbox; the process dies as the resume begins, with
// a partial file on disk and the download's state in the task list.
let fileRequests = 0;
const dying: typeof fetch = async (input, init) => {
  if (String(input).includes('/files/') && ++fileRequests === 2) {
    const job = jobs.store.all()[0];
    jobs.store.flush();
    process.stdout.write(`dying ${job.id}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
  return fetch(input, init);
};
const jobs = await startJobs({ dataDir, gatewayUrl: sandboxUrl, fetch: dying });
await jobs.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'interrupted', resolution: '2K' } });
