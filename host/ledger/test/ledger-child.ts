/**
 * A whole studio whose ledger the kill test SIGKILLs: `tsx ledger-child.ts <dataDir> <gatewayUrl> [finish]`.
 * On a first start it takes the ledger's first balance read, then queues the burst's jobs in one
 * batch (`BURST_JOBS`); every start goes on with the burst's synchronous calls (`BURST_CALLS`,
 * the next one's place kept in `burst.json`, so a call cut by a kill is made again) while the queue
 * sends and follows the jobs. It prints a line per call made and per job change (the test kills it
 * after a random number of them), and, with `finish`, `settled` once every call was made, every job
 * ended and the balance was read once more.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCore } from '../../index.js';
import { fileSecrets, jsonFilePort, testPorts } from '../../test/file-ports.js';
import { FAST_CADENCE } from '../../tasks/test/job-harness.js';
import { BURST_CALLS, BURST_JOBS } from './burst.js';

const [dataDir, gatewayUrl, finish] = process.argv.slice(2);
const OVER = ['saved', 'failed', 'unknown', 'attention', 'expired', 'timed_out', 'cancelled'];
const progressFile = join(dataDir, 'burst.json');

const ports = testPorts({
  dataDir, settings: jsonFilePort(join(dataDir, 'settings.json')), secrets: fileSecrets(join(dataDir, 'keys.json')),
  // Every start reaches the same sandbox, which outlives the kills and keeps the true spend.
  startSandbox: async () => ({ url: gatewayUrl, close: async () => undefined }),
});
const core = await createCore(ports, { cadence: FAST_CADENCE, ledgerReadIntervalMs: 100 });
const ended = new Set<string>();
core.subscribe((event, payload: any) => {
  if (event === 'chat.onDidEnd') ended.add(payload.streamId);
  if (event === 'tasks.onDidChange') say(`change ${payload.state}`);
});
core.resumeWork();

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function value(method: string, input: unknown = {}): Promise<any> {
  const r = (await core.dispatch(method, input)) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!r.ok) throw new Error(`${method}: ${r.error?.message}`);
  return r.value;
}

const until = async (pred: () => boolean | Promise<boolean>) => {
  while (!(await pred())) await new Promise((r) => setTimeout(r, 20));
};

let next = existsSync(progressFile) ? (JSON.parse(readFileSync(progressFile, 'utf8')) as { next: number }).next : 0;
// A first start: the batch is queued (committed whole, or not at all) once.
if ((await value('tasks.list')).length === 0) {
  // The first balance read comes before anything is bought: every charge falls after it.
  await value('ledger.totals', { refresh: true });
  await value('tasks.submitBatch', { requests: BURST_JOBS });
  say('queued');
}
// The poller's and queue's timers do not hold the process open; this does, and ends a run that never settles.
setTimeout(() => process.exit(3), 240_000);

for (; next < BURST_CALLS.length; next++) {
  const call = BURST_CALLS[next]!;
  if (call.kind === 'chat') {
    const conv = await value('chat.create', { settings: { model: call.model } });
    const { streamId } = await value('chat.send', { conversationId: conv.id, text: call.text });
    await until(() => ended.has(streamId));
  } else if (call.kind === 'speech') {
    await value('speech.synthesize', { model: call.model, input: call.text, voice: 'alloy' });
  } else {
    await value('images.generateNative', { model: call.model, prompt: call.text, ...(call.kind === 'native-text' ? { textOnly: true } : {}) });
  }
  writeFileSync(progressFile, JSON.stringify({ next: next + 1 }));
  say(`call ${call.kind}`);
}

if (finish) {
  await until(async () => (await value('tasks.list')).every((t: { state: string }) => OVER.includes(t.state)));
  // The reads settle: every call heard has its window read.
  await value('ledger.totals', { refresh: true });
  await value('ledger.totals', { refresh: true });
  await core.close();
  say('settled');
  process.exit(0);
}
