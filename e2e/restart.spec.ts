/**
 * A paid job caught mid-save by a crash, a hang or a force-quit, as a creator meets it
 * (docs/robust-host.md): the studio is a real process, killed with SIGKILL (and frozen with
 * SIGSTOP first, as a hung event loop would be), then started again on the same data folder.
 * The gateway is a sandbox of the test's own, so its faults (a link that stalls mid-file, links
 * that expire) outlive the studio's restarts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { test, expect } from './fixtures.js';
import { startHost, type HostProcess } from './pages/shell-process.js';
import { TasksPage, imageJob } from './pages/tasks-page.js';
import { pageCall } from './pages/page-call.js';

let gateway: Sandbox;
let dataDir: string;
let hosts: HostProcess[] = [];
test.beforeEach(async () => {
  gateway = await startSandbox({ port: 0, speed: 100, streamPaceMs: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'studio-restart-'));
});
test.afterEach(async () => {
  for (const h of hosts) await h.kill();
  hosts = [];
  await gateway.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = async (path: string, body: unknown = {}) => {
  const res = await fetch(`${gateway.url}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.ok, `sandbox ${path}: ${await res.text()}`).toBe(true);
};

/** A contract call from the page, as the renderer makes it. */
async function call(page: Page, method: string, input: unknown = {}) {
  const r = await pageCall(page, method, input);
  expect(r, `${method}: ${JSON.stringify(r)}`).toMatchObject({ ok: true });
  return r.value;
}

/** Starts the studio and opens its Tasks tab; the tab must show within the usual wait. */
async function launch(page: Page): Promise<TasksPage> {
  const host = await startHost(dataDir);
  hosts.push(host);
  const tasks = new TasksPage(page);
  await tasks.studio.open(host.url);
  await tasks.open();
  return tasks;
}

async function kill(): Promise<void> {
  await hosts.pop()!.kill();
}

/** Waits until the job's first file has started arriving (the gateway then stalls it). */
async function midSave(page: Page, prompt: string): Promise<void> {
  await expect.poll(async () => {
    const list = (await call(page, 'tasks.list')) as { prompt: string; state: string; downloads: { received: number }[] }[];
    const job = list.find((t) => t.prompt === prompt);
    return job?.state === 'completed' && (job.downloads[0]?.received ?? 0) > 0;
  }, { timeout: 20_000 }).toBe(true);
}

/**
 * Starts the studio on the test's gateway and submits a job whose file starts to arrive, then
 * stalls (for `stalls` saves in a row): it returns once the save is under way.
 */
async function stalledSave(page: Page, prompt: string, stalls: number): Promise<void> {
  const tasks = await launch(page);
  const profile = await call(page, 'profiles.save', { name: 'Work gateway', baseUrl: gateway.url, apiKey: 'sk-sandbox' });
  await call(page, 'profiles.activate', { id: profile.id });
  await admin('faults/download', { mode: 'stall', after_bytes: 1024, count: stalls });
  await tasks.submit(imageJob(prompt));
  await midSave(page, prompt);
}

test('killed mid-save, then the links expire: the studio serves at once, asks for fresh links and saves', async ({ page }) => {
  test.setTimeout(60_000);
  const prompt = 'a heron standing in a misty river';
  // The file starts to arrive, then the link goes quiet: the save is under way when the host dies.
  await stalledSave(page, prompt, 1);
  await kill();
  // While the studio is down, the job's links die (as they do after 24 hours).
  await admin('links/expire');

  const tasks = await launch(page);
  // The link is dead; the studio asks the gateway for the task again and saves from a fresh link.
  await tasks.expectState(prompt, 'Saved', 20_000);
  const items = (await call(page, 'library.list', {})) as { items: { prompt: string }[] };
  expect(items.items.map((i) => i.prompt)).toEqual([prompt]);
});

test('hung and force-quit twice while saving one file: the studio serves each time, then sets the file aside', async ({ page }) => {
  test.setTimeout(90_000);
  const prompt = 'an owl on a frozen branch';
  await stalledSave(page, prompt, 2);
  // A hung studio: it answers nothing, so the creator force-quits it.
  hosts.at(-1)!.hang();
  await kill();

  // Started again: the page is served before the left-over save is tried again (and hangs again).
  let tasks = await launch(page);
  await expect(tasks.row(prompt)).toBeVisible();
  await midSave(page, prompt);
  await kill();

  // The second time, the file is set aside instead of tried at every start.
  tasks = await launch(page);
  await tasks.expectState(prompt, 'Needs attention');
  await expect(tasks.error(prompt)).toContainText('stopped twice while saving this file');
  await tasks.showFilter('Needs attention');
  await expect(tasks.rows).toHaveCount(1);
  // The creator tries once more, deliberately: the gateway behaves now, and the file is saved.
  await tasks.button(prompt, 'Retry save').click();
  await tasks.showFilter('Saved');
  await tasks.expectState(prompt, 'Saved', 20_000);
});
