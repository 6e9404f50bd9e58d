/**
 * A studio process killed (SIGKILL, no cleanup, nothing flushed on purpose) at one moment of a
 * job's life: `tsx die-during.ts <dataDir> <gatewayUrl> submit|poll|download`.
 * - submit: the gateway has taken the POST and answered, and the answer is never read;
 * - poll: the job is recorded as queued at the gateway, and a status check is leaving;
 * - download: the first bytes of the result file have arrived.
 * It prints `dying` just before it dies. Used by job-restart.test.ts.
 */
import { subscribe } from 'node:diagnostics_channel';
import { startJobs } from './job-harness.js';

const [dataDir, gatewayUrl, moment] = process.argv.slice(2);

const die = (): never => {
  process.stdout.write('dying\n');
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};

// The moments are seen on the host's own transport (undici's diagnostics channels): nothing
// stands in for the network, the requests are the real ones.
interface Sent { request: { method: string; path: string } }
subscribe('undici:request:create', (m) => {
  if (moment === 'poll' && (m as Sent).request.path.includes('/v1/tasks/')) die();
});
subscribe('undici:request:headers', (m) => {
  const { request } = m as Sent;
  if (moment === 'submit' && request.method === 'POST' && request.path.includes('/v1/images/generations')) die();
});
subscribe('undici:request:bodyChunkReceived', (m) => {
  // Let the chunk reach the part file's writer, then die holding it.
  if (moment === 'download' && (m as Sent).request.path.includes('/files/')) setImmediate(die);
});

const { service } = await startJobs({ dataDir, gatewayUrl });
// The poller's timer does not hold the process open; this does, and ends a run that never died.
setTimeout(() => process.exit(3), 30_000);
await service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: `interrupted while ${moment}`, resolution: '1K' } });
