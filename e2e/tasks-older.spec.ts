/**
 * Older jobs in the Tasks tab: the finished jobs the host moved out of its list into the archive
 * (docs/robust-host.md, "Older tasks"). The archive is written as the previous release wrote its
 * file, a cut line from a killed append among its records, before the studio opens and imports it
 * (docs/data.md, "The tasks"); every wait is an auto-waiting expect.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test, expect } from './fixtures.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { TasksPage, imageJob } from './pages/tasks-page.js';

const DAY = 24 * 3_600_000;
/** An archived job from weeks ago: every fourth failed, the rest saved or cancelled. */
function record(i: number) {
  const state = i % 4 === 0 ? 'failed' : i % 4 === 1 ? 'cancelled' : 'saved';
  return {
    id: `old-${i}`, profileId: 'sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `old lantern ${i}`,
    params: { model: 'seedream-4-0', prompt: `old lantern ${i}`, resolution: '1K' }, state, createdAt: Date.now() - 30 * DAY + i * 60_000, updatedAt: Date.now() - 30 * DAY + i * 60_000, checks: 2, errorStreak: 0,
    resultUrls: [], downloads: [], ...(state === 'failed' ? { error: 'The gateway said: content policy.' } : {}),
  };
}

const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => JSON.stringify(record(from + k))).join('\n');
test.use({
  seedFiles: {
    // Two appends with a kill cutting a third between them.
    'jobs-archive.jsonl': `\n${lines(0, 60)}\n{"id":"old-cut","profileId":"sand\n${lines(60, 120)}\n`,
  },
});

/** Whether the studio database still holds an archived job (read as another process would). */
function archivedOnDisk(dataDir: string, id: string): boolean {
  const db = new Database(join(dataDir, 'studio.db'), { readonly: true });
  try {
    return db.prepare('SELECT 1 FROM tasks_jobs WHERE id = ? AND archived IS NOT NULL').get(id) !== undefined;
  } finally {
    db.close();
  }
}

test('older jobs come after the list on request, a page at a time, follow the filter, can be sent again, and Remove forgets them for good', async ({ page, studio }) => {

  const tasks = new TasksPage(page);
  await tasks.studio.open(studio.url);
  await tasks.open();
  const fox = 'a red fox asleep in fresh snow';
  await tasks.submit(imageJob(fox));
  await tasks.expectState(fox, 'Saved', 30_000);

  const older = tasks.panel.getByRole('list', { name: 'Older jobs', exact: true }).getByRole('listitem');
  const showOlder = tasks.panel.getByRole('button', { name: 'Show older jobs', exact: true });
  const more = tasks.panel.getByRole('button', { name: 'Show more older jobs', exact: true });
  // The list's own jobs first; the older ones wait for the creator to ask.
  await expect(tasks.panel.getByRole('list', { name: 'Jobs', exact: true }).getByRole('listitem')).toHaveCount(1);
  await expect(older).toHaveCount(0);
  await showOlder.press('Enter');
  await expect(older).toHaveCount(50);
  // The keyboard's place moves to what the button opened, and on to the next page with Enter.
  const section = tasks.panel.getByRole('region', { name: 'Older jobs' });
  await expect(section).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(older.first().getByRole('button').first()).toBeFocused();
  await expect(older.first()).toHaveAccessibleName('old lantern 119');
  await more.click();
  await expect(older).toHaveCount(100);
  await more.press('Enter');
  await expect(older).toHaveCount(120);
  await expect(older.last()).toHaveAccessibleName('old lantern 0');
  await expect(more).toHaveCount(0);
  // The last page's button is gone: the focus is back on the section, not lost.
  await expect(section).toBeFocused();
  await expectNoSeriousViolations(page, 'Tasks, with 120 older jobs shown');
  // An older job shows how it ended. One that failed can be sent again (asking first: it costs
  // money): the host reads its request back from the archive, and the new job runs in the list.
  await expect(tasks.row('old lantern 116').getByTestId('task-error')).toHaveText('The gateway said: content policy.');
  await expect(tasks.button('old lantern 118', 'Retry')).toHaveCount(0); // saved: nothing to send again
  await tasks.retry('old lantern 116');
  const jobs = tasks.panel.getByRole('list', { name: 'Jobs', exact: true });
  await expect(jobs.getByRole('listitem', { name: 'old lantern 116', exact: true }).getByTestId('task-state')).toHaveText('Saved', { timeout: 30_000 });
  await expect(older.filter({ hasText: 'old lantern 116' }).getByTestId('task-state')).toHaveText('Failed');

  // "Failed" finds the older failed jobs only.
  await tasks.showFilter('Failed');
  await showOlder.click();
  await expect(older).toHaveCount(30);
  await expect(older.first()).toHaveAccessibleName('old lantern 116');

  await tasks.remove('old lantern 116');
  await expect(older).toHaveCount(29);
  // Forgotten on disk too: a reload does not bring it back.
  expect(archivedOnDisk(studio.dataDir, 'old-116')).toBe(false);
  await page.reload();
  await tasks.open();
  await tasks.showFilter('Failed');
  await showOlder.click();
  await expect(older.first()).toHaveAccessibleName('old lantern 112');
});
