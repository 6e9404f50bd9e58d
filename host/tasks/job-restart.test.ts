/**
 * A studio killed while a job is being submitted, polled or downloaded, then started again on
 * the same data folder: the gateway never gets the job twice (counted at the sandbox), and every
 * result the studio knew of ends in the library once. The kill is real: a child process that
 * SIGKILLs itself at that moment (test/die-during.ts), with nothing flushed on its way out.
 */
import { englishText } from '@shared/messages/index.js';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { startJobs } from './test/job-harness.js';
import { sandboxSuite } from './test/sandbox-suite.js';
import type { JobRecord } from './job-record.js';

const suite = sandboxSuite();

/** The jobs the gateway itself holds for a prompt: one per POST it took. */
const atGateway = (prompt: string) => suite.sandbox.state.tasks.list().filter((t) => t.prompt === prompt);

async function dieDuring(moment: 'submit' | 'poll' | 'download'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `studio-die-${moment}-`));
  suite.cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'test', 'die-during.ts'), dir, suite.sandbox.url, moment], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  const signal = await new Promise((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
  expect([signal, out]).toEqual(['SIGKILL', 'dying\n']);
  return dir;
}

/** The studio started again on the same data folder. */
async function restart(dir: string) {
  const { store, service, library, until: untilDone, close } = await startJobs({ dataDir: dir, gatewayUrl: suite.sandbox.url, indexDelayMs: 0 });
  suite.cleanups.push(close);
  const until = (id: string, states: JobRecord['state'][]) => untilDone(id, (j) => states.includes(j.state));
  const items = () => library.list({ limit: 100 }).items;
  return { store, service, library, until, items };
}

describe('killed and started again', () => {
  it('while submitting: the job is marked "fate unknown", never sent again, and the studio goes on', async () => {
    const prompt = 'interrupted while submit';
    const dir = await dieDuring('submit');
    // The gateway took it; the studio never read which task id it got.
    expect(atGateway(prompt)).toHaveLength(1);
    const s = await restart(dir);
    const [job] = s.store.all();
    expect(job).toMatchObject({ prompt, state: 'unknown' });
    expect(job.remoteId).toBeUndefined();
    expect(englishText(job.error)).toMatch(/may or may not have reached the gateway\. It was not resubmitted/);
    // Another job runs to its end after the restart: by then any resubmission would have shown.
    const next = await s.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'after the restart', resolution: '1K' } });
    await s.until(next.id, ['saved']);
    expect(atGateway(prompt)).toHaveLength(1);
    expect(s.store.get(job.id)!.state).toBe('unknown');
    expect(s.items().map((i) => i.prompt)).toEqual(['after the restart']);
  });

  it('while polling: polling resumes on the same task, whose one result is saved once', async () => {
    const prompt = 'interrupted while poll';
    const dir = await dieDuring('poll');
    const s = await restart(dir);
    const [job] = s.store.all();
    expect(job.remoteId).toBe(atGateway(prompt)[0].id);
    const done = await s.until(job.id, ['saved', 'failed']);
    expect(done.state).toBe('saved');
    expect(s.store.all()).toHaveLength(1);
    expect(atGateway(prompt)).toHaveLength(1);
    expect(s.items()).toEqual([expect.objectContaining({ prompt, taskId: job.remoteId })]);
  });

  it('while downloading: the file is fetched again and saved once, with no partial file left', async () => {
    const prompt = 'interrupted while download';
    const dir = await dieDuring('download');
    const s = await restart(dir);
    const [job] = s.store.all();
    const done = await s.until(job.id, ['saved', 'failed']);
    expect(done.state).toBe('saved');
    expect(s.store.all()).toHaveLength(1);
    expect(atGateway(prompt)).toHaveLength(1);
    const items = s.items();
    expect(items).toEqual([expect.objectContaining({ prompt, taskId: job.remoteId })]);
    const file = s.library.resolve(items[0].file);
    expect(PNG.sync.read(readFileSync(file)).width).toBe(1024);
    expect(existsSync(join(dir, 'downloads')) ? readdirSync(join(dir, 'downloads')) : []).toEqual([]);
  });
});
