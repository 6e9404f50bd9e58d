/**
 * A gateway that answers a task query with hundreds of megabytes (plain, or a small gzip that
 * inflates to that) once crashed the host, and again at every start while the job was resumed.
 * Now the answer is cut off at the JSON limit, the job says why, keeps being checked, and ends
 * saved once the gateway answers properly (docs/robust-host.md, "Limits").
 */
import { englishText } from '@shared/messages/index.js';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobRecord } from './job-record.js';
import { startJobs } from './test/job-harness.js';
import { sandboxSuite } from './test/sandbox-suite.js';

const suite = sandboxSuite();
const { admin } = suite;

describe('oversized answers to a task query', () => {
  for (const kind of ['huge-json', 'gzip-bomb-json'] as const) {
    it(`${kind}: the check fails with a message, the host goes on, and the job is saved once the gateway behaves`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'studio-hostile-poll-'));
      suite.cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const errors = new Set<string>();
      const jobs = await startJobs({ dataDir, gatewayUrl: suite.sandbox.url, indexDelayMs: 0, onChange: (j: JobRecord) => j.error && errors.add(englishText(j.error)) });
      suite.cleanups.push(jobs.close);
      expect((await admin('faults/answer', { kind, bytes: 300 * 1024 * 1024, match: '/v1/tasks/', count: 2 })).ok).toBe(true);
      const rss = process.memoryUsage().rss;
      const job = await jobs.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: `polled through ${kind}`, resolution: '1K' } });
      const done = await jobs.until(job.id, (j) => j.state === 'saved' || j.state === 'failed');
      expect(done.state).toBe('saved');
      expect([...errors]).toContain("Checking failed: The gateway's answer was larger than the studio accepts (16 MB), so it was not read. The studio keeps trying.");
      // Nowhere near the 300 MB the gateway sent (generous: the test process shares its heap).
      expect(process.memoryUsage().rss - rss).toBeLessThan(150 * 1024 * 1024);
    });
  }
});
