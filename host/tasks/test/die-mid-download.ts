/**
 * A studio process that dies (SIGKILL, no cleanup) in the middle of saving a job's result:
 * `tsx die-mid-download.ts <dataDir> <sandboxUrl>`. Used by the restart test.
 */
import { subscribe } from 'node:diagnostics_channel';
import { startJobs } from './job-harness.js';

const [dataDir, sandboxUrl] = process.argv.slice(2);
// The first download attempt is cut by the sandbox; the process dies as the resume begins, with
// a partial file on disk and the download's state in the task list.
// The second request for the file is seen on the host's own transport (undici's diagnostics
// channels) as it leaves: nothing stands in for the network.
let fileRequests = 0;
subscribe('undici:request:create', (m) => {
  if (!(m as { request: { path: string } }).request.path.includes('/files/') || ++fileRequests !== 2) return;
  const job = jobs.store.all()[0];
  // The kill comes once the task list on disk holds the download's state, as it would have been
  // written by then had the host not died; the request goes on meanwhile.
  void jobs.store.flush().finally(() => {
    process.stdout.write(`dying ${job.id}\n`);
    process.kill(process.pid, 'SIGKILL');
  });
});
const jobs = await startJobs({ dataDir, gatewayUrl: sandboxUrl });
// The poller's timer does not hold the process open (under load a gap between a check and the
// next one let it end by itself); this does, and ends a run that never died, saying where it was.
setTimeout(() => {
  process.stdout.write(`never died: ${JSON.stringify(jobs.store.all().map((j) => [j.state, j.error]))}\n`);
  process.exit(3);
}, 30_000);
await jobs.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'interrupted', resolution: '2K' } });
