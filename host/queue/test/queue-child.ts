/**
 * A studio whose job queue the kill test SIGKILLs: `tsx queue-child.ts <dataDir> <gatewayUrl> <jobs> [finish]`.
 * On a first start (an empty task list) it queues `<jobs>` image jobs in one batch, prompts
 * `queued job <n>`; every start sends what waits and follows what was sent. It prints one line per
 * change of a job (the test kills it after a random number of them), and `settled` once every job
 * has ended, and `sender <pid>` for each sender process it starts. With `finish`, a job whose save was set aside after repeated kills is saved again
 * ("Retry save", as the creator would) before it settles.
 */
import { FAST_CADENCE, startJobs } from '../../tasks/test/job-harness.js';
import { OVER, reportChanges } from './studio-child.js';

const [dataDir, gatewayUrl, count, finish] = process.argv.slice(2);

let settling = false;
const retried = new Set<string>();
/** The harness, once started: a change told while it starts has no sender yet. */
const started: { h?: Awaited<ReturnType<typeof startJobs>> } = {};
const check = () => {
  const jobs = h.store.all();
  if (finish) {
    for (const j of jobs) {
      if (j.state === 'attention' && !retried.has(j.id)) {
        retried.add(j.id);
        h.service.checkAgain(j.id);
      }
    }
  }
  if (!settling && jobs.length > 0 && jobs.every((j) => OVER.includes(j.state) && !(finish && j.state === 'attention' && !retried.has(j.id)))) {
    settling = true;
    void h.service.settled().then(() => h.close()).then(() => {
      process.stdout.write('settled\n');
      process.exit(0);
    });
  }
};

const h = await startJobs({
  dataDir, gatewayUrl, indexDelayMs: 0, start: false,
  // One send at a time: a kill then leaves at most one job's fate unknown, and the kills spread
  // over every step of the jobs' lives instead of the first sends of each start.
  queueLimits: { overall: 1 },
  sender: true,
  // A test's stand-in for the sender process (host/tasks/sender/test/idle-sender.ts).
  senderScript: process.env.STUDIO_TEST_SENDER || undefined,
  // Twenty restarts of a child on a busy machine outlast the fast cadence's wait; no job here is slow.
  cadence: { ...FAST_CADENCE, image: { ...FAST_CADENCE.image, maxWaitMs: 3_600_000 } },
  onChange: reportChanges(() => started.h?.sender?.pid, () => check()),
});
started.h = h;
if (h.store.all().length === 0) {
  await h.service.enqueue(Array.from({ length: Number(count) }, (_, n) => ({
    route: 'image' as const, request: { model: 'seedream-4-0', prompt: `queued job ${n}`, resolution: '1K' },
  })));
  process.stdout.write('queued\n');
}
h.service.start();
check();
