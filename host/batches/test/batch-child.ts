/**
 * A studio whose batch run the kill test SIGKILLs: `tsx batch-child.ts <dataDir> <gatewayUrl> <cells> [finish]`.
 * The real job service, queue, sender process and library (tasks/test/job-harness.ts) with the real
 * batch service over the same database. On a first start (no batch yet) it creates one batch of
 * `<cells>` image cells, prompts `batch cell <n>`. At every start, before anything resumes, it prints
 * `start <json>`: the batches there are, and for the batch its cells, its jobs in the task list, its
 * counts as `batches.get` gives them and a tally of its jobs' states straight from the task list
 * (the test holds them equal). It prints one line per job change (the test kills it after a random
 * number), `sender <pid>` per sender process, and `settled` once every job of the batch has ended.
 * With `finish`, a save set aside after repeated kills is tried again ("Retry save") before it settles.
 */
import { FAST_CADENCE, startJobs } from '../../tasks/test/job-harness.js';
import { connectionOf } from '../../tasks/test/store-at.js';
import { BatchService } from '../batch-service.js';
import { BatchesTable } from '../batches-table.js';
import { OVER, reportChanges } from '../../queue/test/studio-child.js';

const [dataDir, gatewayUrl, count, finish] = process.argv.slice(2);

let settling = false;
const retried = new Set<string>();
const started: { h?: Awaited<ReturnType<typeof startJobs>>; batches?: BatchService } = {};
const check = () => {
  const { h, batches } = started;
  if (!h || !batches) return;
  const [batch] = batches.list();
  if (!batch) return;
  const ids = new Set(batches.get(batch.id).cells.map((c) => c.jobId));
  const jobs = h.store.all().filter((j) => ids.has(j.id));
  if (finish) {
    for (const j of jobs) {
      if (j.state === 'attention' && !retried.has(j.id)) {
        retried.add(j.id);
        h.service.checkAgain(j.id);
      }
    }
  }
  if (!settling && jobs.length === ids.size && jobs.every((j) => OVER.includes(j.state) && !(finish && j.state === 'attention' && !retried.has(j.id)))) {
    settling = true;
    void h.service.settled().then(() => {
      batches.close();
      return h.close();
    }).then(() => {
      process.stdout.write('settled\n');
      process.exit(0);
    });
  }
};

const h = await startJobs({
  dataDir, gatewayUrl, indexDelayMs: 0, start: false,
  // Two sends at a time: kills spread over every step of the jobs' lives, not only the first sends.
  queueLimits: { overall: 2 },
  sender: true,
  cadence: { ...FAST_CADENCE, image: { ...FAST_CADENCE.image, maxWaitMs: 3_600_000 } },
  onChange: reportChanges(() => started.h?.sender?.pid, () => check()),
});
started.h = h;
const batches = new BatchService({
  table: new BatchesTable(connectionOf(h.store)), jobs: h.service, costs: () => ({}), now: Date.now,
  onChange: () => undefined, onRemove: () => undefined,
});
started.batches = batches;

// What this start found, before anything resumes: the test holds the batch's counts to its jobs.
const found = batches.list().map((b) => {
  const { cells } = batches.get(b.id);
  const ids = new Set(cells.map((c) => c.jobId));
  const tally: Record<string, number> = {};
  for (const j of h.store.all()) if (ids.has(j.id)) tally[j.state] = (tally[j.state] ?? 0) + 1;
  const counts = Object.fromEntries(Object.entries(b.counts).filter(([, n]) => n > 0));
  return { cells: cells.length, jobs: h.store.all().filter((j) => j.batch?.id === b.id).length, counts, tally };
});
process.stdout.write(`start ${JSON.stringify({ batches: found, loose: h.store.all().filter((j) => !j.batch).length })}\n`);

if (found.length === 0) {
  await batches.create({
    name: 'Kill run', kind: 'image', axes: ['prompt'],
    cells: Array.from({ length: Number(count) }, (_, n) => ({ coords: { prompt: `batch cell ${n}` }, request: { route: 'image' as const, request: { model: 'seedream-4-0' as const, prompt: `batch cell ${n}`, resolution: '1K' as const } } })),
  });
  process.stdout.write('queued\n');
}
h.service.start();
check();
