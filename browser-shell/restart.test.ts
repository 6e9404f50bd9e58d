/**
 * "Restart now" in the browser shell (docs/data.md, "Restoring a backup"): the core closes and
 * opens again in the same process on the same data folder, so a chosen backup is put back, while
 * the server keeps its address and its sessions. A signed-in page's event stream ends and the next
 * one names a new run, which is how the page knows to read everything again. Real shell, real
 * HTTP, real files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAST_CADENCE } from '@host/tasks/test/job-harness.js';
import { startBrowserShell, type BrowserShell } from './main.js';
import { signIn, type SignedIn } from './test/sign-in.js';
import { SESSION_PARAM } from './session.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(): Promise<{ shell: BrowserShell; page: SignedIn; lines: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-shell-restart-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const lines: string[] = [];
  const shell = await startBrowserShell({ dataDir, port: 0, rendererDir: join(dataDir, 'no-renderer'), sandbox: { speed: 100, streamPaceMs: 0 }, cadence: FAST_CADENCE, log: (l) => lines.push(l) });
  cleanups.push(() => shell.close());
  return { shell, page: await signIn(shell.url), lines };
}

async function call(page: SignedIn, method: string, input: unknown = {}): Promise<any> {
  const res = await fetch(`${page.origin}/api/call/${method}`, { method: 'POST', headers: { ...page.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  return res.json();
}

async function value(page: SignedIn, method: string, input: unknown = {}): Promise<any> {
  const r = await call(page, method, input);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value;
}

/** The page's event stream: the run its hello names, and a promise that settles when the host ends it. */
async function eventStream(page: SignedIn): Promise<{ bootId: string; ended: Promise<string> }> {
  const res = await fetch(`${page.origin}/api/events?${SESSION_PARAM}=${page.api}`, { headers: { Cookie: page.cookie, Accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/event: hello\ndata: (.*)\n/.test(text)) {
    const { value: chunk, done } = await reader.read();
    if (done) throw new Error('the stream ended before its hello');
    text += decoder.decode(chunk);
  }
  const bootId = JSON.parse(/event: hello\ndata: (.*)\n/.exec(text)![1]).bootId as string;
  const ended = (async () => {
    let rest = '';
    for (;;) {
      const { value: chunk, done } = await reader.read();
      if (done) return rest;
      rest += decoder.decode(chunk);
    }
  })();
  return { bootId, ended };
}

describe('restarting the browser shell', () => {
  it('puts the chosen backup back without a manual restart, on the same address and session, and tells the page', async () => {
    const { shell, page, lines } = await start();
    const backup = (await value(page, 'db.backupNow')).backups[0].name as string;
    // A job made after the backup, ended (cancelled while held), so nothing is under way.
    await value(page, 'tasks.pauseQueue');
    const job = await value(page, 'tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'after the backup', resolution: '1K' } });
    await value(page, 'tasks.cancel', { id: job.id });
    expect(await value(page, 'tasks.list')).toHaveLength(1);
    await value(page, 'db.restore', { name: backup });

    const before = await eventStream(page);
    const answered = await value(page, 'db.restartNow');
    expect(answered.pending).toBe(backup);
    // The stream ends, asking the page to come back soon.
    expect(await before.ended).toContain('retry: 1000');
    const after = await eventStream(page);
    expect(after.bootId).not.toBe(before.bootId);

    // Same session, same address: the restarted studio answers with the backup's data.
    expect(await value(page, 'tasks.list')).toEqual([]);
    const view = await value(page, 'db.backups');
    expect(view.pending).toBeNull();
    expect(view.lastRestore).toMatchObject({ name: backup, undo: expect.stringContaining('before-restore') });
    expect(lines).toContain('Restarting the studio.');
    expect(shell.url.startsWith(page.origin)).toBe(true);
  });

  it('answers calls made during the restart from the restarted studio, never with a failure', async () => {
    const { page } = await start();
    const backup = (await value(page, 'db.backupNow')).backups[0].name as string;
    await value(page, 'db.restore', { name: backup });
    const stream = await eventStream(page);
    await value(page, 'db.restartNow');
    // Sent while the core closes and opens again: each waits and is answered.
    const during = await Promise.all(Array.from({ length: 5 }, () => call(page, 'db.backups')));
    await stream.ended;
    for (const r of during) expect(r.ok).toBe(true);
    expect((await value(page, 'db.backups')).lastRestore?.name).toBe(backup);
  });
});
