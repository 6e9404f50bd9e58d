/**
 * The job sender of a packaged desktop app (docs/robust-host.md, "A send that outlives its host"):
 * its Electron has the RunAsNode fuse off, so the host starts the app's own built main process
 * (`out/main/index.js`) with the sender's flag, and that process must be a sender: no window, no
 * single-instance lock, the POST made and its answer written to the hand-off row. Here that main
 * process runs under the emulated Electron, as every desktop journey does; the host is the job
 * service of the studio, started as the app starts it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { startSandbox } from '@sandbox/server.js';
import { startJobs } from '../host/tasks/test/job-harness.js';
import { pidAlive } from '../host/tasks/sender/handoff-table.js';
import { SENDER_FLAG } from '../host/tasks/sender/channel.js';

const PROMPT = 'a lighthouse sent by the packaged sender';

test('a packaged app sends a job through its own binary in sender mode, bought once and saved, with no window and the key off its argv', async () => {
  const root = mkdtempSync(join(tmpdir(), 'studio-packaged-sender-'));
  const sandbox = await startSandbox({ speed: 20, streamPaceMs: 0 });
  const jobs = await startJobs({
    dataDir: join(root, 'data'), gatewayUrl: sandbox.url, indexDelayMs: 0, sender: true,
    senderCommand: {
      // The app's binary with nothing but its own switches, as job-sender.ts starts a packaged one.
      command: process.execPath,
      args: ['--import', 'tsx', '--import', './desktop-e2e/emulation/register.mjs', 'out/main/index.js'],
      // Its Electron keeps a profile in the default user-data folder: a folder of this test's.
      // A studio started by mistake would lock and fill GATEWAY_STUDIO_DATA_DIR: it must stay absent.
      env: { ...process.env, XDG_CONFIG_HOME: join(root, 'config'), STUDIO_EMULATION_DIR: join(root, 'emulation'), GATEWAY_STUDIO_DATA_DIR: join(root, 'studio') },
    },
  });
  try {
    // The gateway holds the POST: the sender is caught in the act.
    await fetch(`${sandbox.url}/_sandbox/faults/hold`, { method: 'POST', body: JSON.stringify({ match: '/v1/images/generations' }) });
    const submitted = jobs.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: PROMPT, resolution: '1K' } });
    await expect.poll(async () => ((await (await fetch(`${sandbox.url}/_sandbox/faults/held`)).json()) as { held: number }).held, { timeout: 60_000 }).toBe(1);

    const pid = jobs.sender!.pid!;
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(argv, 'the app\'s own main process').toContain('out/main/index.js');
    expect(argv.some((a) => a.startsWith(`${SENDER_FLAG}=`)), 'started in sender mode').toBe(true);
    expect(argv.join(' '), 'the key is not in its argv').not.toContain('sk-sandbox');
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8'), 'nor in its environment').not.toContain('sk-sandbox');

    await fetch(`${sandbox.url}/_sandbox/faults/release`, { method: 'POST', body: '{}' });
    const job = await jobs.until((await submitted).id, (j) => j.state === 'saved' || j.state === 'failed', 60_000);
    expect(job.state).toBe('saved');
    const bought = ((await (await fetch(`${sandbox.url}/_sandbox/submissions`)).json()) as { prompts: Record<string, number> }).prompts[PROMPT];
    expect(bought, 'bought once').toBe(1);
    expect(jobs.library.list({ limit: 10 }).items.filter((i) => i.prompt === PROMPT)).toHaveLength(1);

    // A sender opens no studio: no data folder, no single-instance lock, so the studio itself starts beside it.
    expect(existsSync(join(root, 'studio')), 'no studio data folder').toBe(false);
    expect(existsSync(join(root, 'config', 'gateway-studio', 'SingletonLock')), 'no lock in the default user-data folder').toBe(false);
    // Its host closes: it leaves once it holds nothing.
    await jobs.close();
    await expect.poll(() => pidAlive(pid), { timeout: 30_000 }).toBe(false);
  } finally {
    await jobs.close().catch(() => undefined);
    await sandbox.close();
    rmSync(root, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
  }
});
