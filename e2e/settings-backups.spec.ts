/**
 * Settings → Backups as a creator uses it, and misused (docs/data.md, "Backups"): the studio is
 * a real process on a data folder of the test's own, so a restore chosen in one run is seen put
 * back by the next start, as the creator sees it after quitting and opening the studio again.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { BackupsPage } from './pages/backups-page.js';
import { libraryTotal, submitTask } from './pages/gallery-page.js';
import { pageCall } from './pages/page-call.js';
import { startHost, type HostProcess } from './pages/shell-process.js';
import { TasksPage, imageJob } from './pages/tasks-page.js';

let dataDir: string;
let hosts: HostProcess[] = [];
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-backups-'));
});
test.afterEach(async () => {
  for (const h of hosts) await h.kill();
  hosts = [];
  rmSync(dataDir, { recursive: true, force: true });
});

async function launch(page: Page): Promise<BackupsPage> {
  const host = await startHost(dataDir);
  hosts.push(host);
  const backups = new BackupsPage(page);
  await backups.studio.open(host.url);
  await backups.open();
  return backups;
}

/** Quits the studio as a force-quit would: nothing is flushed on the way out. */
async function quit(): Promise<void> {
  await hosts.pop()!.kill();
}

const itemsIn = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM library_items').pluck().get();
  } finally {
    db.close();
  }
};

test('a backup taken now is listed, restored with a confirmation by keyboard, and put back at the next start', async ({ page }) => {
  // A paid job and two starts of the studio, on a machine shared with other runs.
  test.slow();
  const backups = await launch(page);
  // The first start took the day's backup: an empty library then.
  await expect(backups.rows).toHaveCount(1);
  await expect(backups.rows.first()).toContainText('0 gallery items');
  await expect(backups.rows.first()).toContainText('0 jobs');
  const first = await backups.dateOf(backups.rows.first());
  expect(first).not.toBe('');

  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: 'a lighthouse at dusk' } });
  await expect.poll(() => libraryTotal(page), { timeout: 45_000 }).toBe(1);
  await backups.backUpNow.focus();
  await page.keyboard.press('Enter');
  await expect(backups.rows).toHaveCount(2);
  await expect(backups.rows.first()).toContainText('1 gallery item');
  // The job that made it is in the backup too: the count tells the creator what comes back.
  await expect(backups.rows.first()).toContainText('1 job');
  await expect(backups.rows.first()).toContainText(/\d+(\.\d)? MB/);

  // The older backup, chosen from the keyboard: the confirmation opens on Cancel, the safe answer.
  const older = backups.row(first);
  await backups.restoreButton(older).focus();
  await page.keyboard.press('Enter');
  const confirm = backups.confirmation(older);
  await expect(confirm).toContainText('kept as a backup first');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(confirm.getByRole('button', { name: 'Restore at the next start' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(backups.status).toContainText(`The backup of ${first} replaces the studio’s data at the next start`);
  await expect(older).toContainText('Restored at the next start');

  await quit();
  const after = await launch(page);
  await expect(after.status).toContainText(`The backup of ${first} was restored at this start`);
  // The database as it was before is a backup of its own, so the restore can be undone.
  const undo = after.row('(before a restore)');
  await expect(undo).toContainText('1 gallery item');
  await expect(after.restoreButton(undo)).toBeVisible();
  // The gallery shows the files in the library folder, as the section says: the image stays.
  await expect.poll(() => libraryTotal(page)).toBe(1);
  const names = readdirSync(join(dataDir, 'studio.db-backups'));
  expect(names.filter((n) => n.endsWith('-before-restore.db'))).toHaveLength(1);
});

test('a restore of anything but a listed backup is refused, and a damaged backup is shown and cannot be chosen', async ({ page }) => {
  const backups = await launch(page);
  await expect(backups.rows).toHaveCount(1);
  for (const name of ['../studio.db', join(dataDir, 'studio.db'), '/etc/passwd', 'studio.db']) {
    const r = await pageCall(page, 'db.restore', { name });
    expect(r.ok, name).toBe(false);
    expect(r.error?.code, name).toBe('not_found');
    expect(r.error?.message, name).toContain('There is no backup named');
  }

  // A backup damaged on disk: named as a backup, holding garbage.
  const dir = join(dataDir, 'studio.db-backups');
  const bad = 'studio-2026-01-01T00-00-00Z.db';
  writeFileSync(join(dir, bad), Buffer.alloc(16_384, 0x5a));
  await backups.studio.openTab('Chat');
  await backups.open();
  const damaged = backups.row('Damaged: cannot be restored');
  await expect(damaged).toHaveCount(1);
  await expect(backups.restoreButton(damaged)).toHaveCount(0);
  const r = await pageCall(page, 'db.restore', { name: bad });
  expect(r.error?.code).toBe('invalid_request');
  expect(r.error?.message).toContain('is damaged and cannot be restored');
  await expect(backups.section).not.toContainText('replaces the studio’s data');
  expect(itemsIn(join(dataDir, 'studio.db'))).toBe(0);
});

test('a restore waits for jobs under way to end, saying why', async ({ page }) => {
  const backups = await launch(page);
  await expect(backups.rows).toHaveCount(1);
  // Two jobs held in the paused queue: under way, not yet sent, for as long as the test needs.
  expect(await pageCall(page, 'tasks.pauseQueue')).toMatchObject({ ok: true });
  const request = (prompt: string) => ({ route: 'image', request: { model: 'seedream-4-0', prompt } });
  expect(await pageCall(page, 'tasks.submitBatch', { requests: [request('one'), request('two')] })).toMatchObject({ ok: true });
  const row = backups.rows.first();
  await backups.restoreButton(row).click();
  await backups.confirmation(row).getByRole('button', { name: 'Restore at the next start' }).click();
  await expect(backups.section.getByRole('alert')).toContainText('Jobs are still under way (2)');
  await expect(backups.section).not.toContainText('replaces the studio’s data');
});

test('Restart now puts the chosen backup back: the same page comes back with the restored data, no manual restart', async ({ page }) => {
  const backups = await launch(page);
  await expect(backups.rows).toHaveCount(1);
  const first = await backups.dateOf(backups.rows.first());
  // A change after the backup: a job, held in the paused queue and cancelled, so none is under way.
  const tasks = new TasksPage(page);
  expect(await pageCall(page, 'tasks.pauseQueue')).toMatchObject({ ok: true });
  await tasks.open();
  const job = await tasks.submit(imageJob('made after the backup'));
  expect(await pageCall(page, 'tasks.cancel', { id: job.id })).toMatchObject({ ok: true });
  await expect(tasks.row('made after the backup')).toHaveCount(1);
  // The page is never loaded again: what it keeps in memory survives the restart.
  await page.evaluate(() => ((globalThis as { stayed?: boolean }).stayed = true));

  await backups.open();
  const older = backups.row(first);
  await backups.restoreButton(older).click();
  await backups.confirmation(older).getByRole('button', { name: 'Restore at the next start' }).click();
  await expect(backups.status).toContainText(`The backup of ${first} replaces the studio’s data at the next start`);
  // From the keyboard, as everything in the notice.
  await backups.restartNow.focus();
  await page.keyboard.press('Enter');

  await expect(backups.status).toContainText(`The backup of ${first} was restored at this start`, { timeout: 30_000 });
  await expect(backups.row('(before a restore)')).toContainText('1 job');
  await tasks.open();
  await expect(tasks.row('made after the backup')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as { stayed?: boolean }).stayed)).toBe(true);
  // One process all along: the studio restarted itself.
  expect(hosts).toHaveLength(1);
  expect(hosts[0].proc.exitCode).toBeNull();
  expect(readdirSync(join(dataDir, 'studio.db-backups')).filter((n) => n.endsWith('-before-restore.db'))).toHaveLength(1);
});
