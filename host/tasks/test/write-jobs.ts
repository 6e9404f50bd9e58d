/**
 * A studio process that rewrites the task list as fast as it can until it is killed:
 * `tsx write-jobs.ts <folder>/jobs.json` (the folder's studio database). Every generation sets
 * `checks` of all JOBS records to its number and writes the list durably. Used by
 * job-store-kill.test.ts.
 */
import { storeAt } from './store-at.js';
import type { JobRecord } from '../job-record.js';

const JOBS = 200;

const [file] = process.argv.slice(2);
const problems: string[] = [];
const store = storeAt(file, (line) => problems.push(line));
if (problems.length) {
  process.stderr.write(`the task list did not load cleanly: ${problems.join('; ')}\n`);
  process.exit(3);
}
const jobs = store.all();
let gen = jobs[0]?.checks ?? 0;
for (let i = jobs.length; i < JOBS; i++) {
  jobs.push({
    id: `job-${i}`, profileId: 'sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `a lantern number ${i} `.repeat(8),
    params: { n: 1, resolution: '1K' }, state: 'running', remoteId: `task-${i}`, createdAt: i, updatedAt: i, checks: gen, errorStreak: 0, resultUrls: [], downloads: [],
  } satisfies JobRecord);
}
process.stdout.write(`ready ${gen}\n`);
for (;;) {
  gen += 1;
  for (const job of jobs) Object.assign(job, { checks: gen, updatedAt: gen });
  for (const job of jobs) store.put(job);
  await store.flush();
  process.stdout.write(`done ${gen}\n`);
}
