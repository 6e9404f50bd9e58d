/**
 * A studio process killed (SIGKILL, no cleanup, nothing flushed on purpose) at one moment of a
 * job's life: `tsx die-during.ts <dataDir> <gatewayUrl> submit|poll|download`.
 * - submit: the gateway has taken the POST and answered, and the answer is never read;
 * - poll: the job is recorded as queued at the gateway, and a status check is leaving;
 * - download: the first bytes of the result file have arrived.
 * It prints `dying` just before it dies. Used by job-restart.test.ts.
 */
import { startJobs } from './job-harness.js';

const [dataDir, gatewayUrl, moment] = process.argv.slice(2);

const die = (): never => {
  process.stdout.write('dying\n');
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};

const dying: typeof fetch = async (input, init) => {
  const url = String(input);
  if (moment === 'poll' && url.includes('/v1/tasks/')) die();
  const res = await fetch(input, init);
  if (moment === 'submit' && init?.method === 'POST' && url.includes('/v1/images/generations')) die();
  if (moment === 'download' && url.includes('/files/') && res.body) {
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await reader.read();
        if (next.done) return controller.close();
        controller.enqueue(next.value);
        // Let the chunk reach the part file's writer, then die holding it.
        setImmediate(die);
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  }
  return res;
};

const { service } = await startJobs({ dataDir, gatewayUrl, fetch: dying });
// The poller's timer does not hold the process open; this does, and ends a run that never died.
setTimeout(() => process.exit(3), 30_000);
await service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: `interrupted while ${moment}`, resolution: '1K' } });
