/**
 * Cancel and Stop saving as a paying creator meets them, in Chromium against the browser shell and
 * its embedded sandbox. The gateway has no cancel route, so a cancelled video is still followed and
 * its result still lands in the Gallery; a stopped save leaves the job needing attention with the
 * "Retry save" its message names (docs/robust-host.md, "Cancel keeps what was paid for").
 */
import { test, expect } from './fixtures.js';
import { TasksPage, imageJob, sandbox, videoJob } from './pages/tasks-page.js';

/** Every filter besides All counts its own jobs, and together they count every job. */
async function expectCountsAddUp(tasks: TasksPage, all: number) {
  await expect(tasks.filter('All')).toHaveAccessibleName(`All ${all}`);
  const { All, ...rest } = await tasks.filterCounts();
  expect(Object.keys(rest)).toEqual(['Active', 'Saving', 'Saved', 'Needs attention', 'Failed', 'Cancelled']);
  expect(Object.values(rest).reduce((a, b) => a + b, 0)).toBe(All);
}

test('a cancelled video asks first, stays followed across a reload, and its result still lands in the Gallery', async ({ page, studio }) => {
  test.setTimeout(60_000);
  const tasks = new TasksPage(page);
  await tasks.studio.open(studio.url);
  await tasks.open();

  const prompt = 'a hot-air balloon over terraced fields';
  await sandbox.throttleGenericVideoChecks(studio.sandboxUrl);
  await tasks.submit(videoJob(prompt));
  await tasks.expectState(prompt, /Queued|Running/);

  // The question comes first, from the keyboard too; Esc keeps the job running and the focus in place.
  const cancel = tasks.button(prompt, 'Cancel');
  await cancel.focus();
  await page.keyboard.press('Enter');
  const confirm = tasks.confirm('Confirm cancelling');
  await expect(confirm).toContainText('This job is already paid for, and the gateway cannot stop it');
  await expect(confirm).toContainText('its result is still saved to your library when the gateway finishes');
  await expect(confirm.getByRole('button', { name: 'Keep running' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(cancel).toBeFocused();
  await tasks.expectState(prompt, /Queued|Running/);

  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(confirm.getByRole('button', { name: 'Cancel job' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tasks.expectState(prompt, 'Cancelled');
  await expect(tasks.row(prompt)).toContainText('Cancelled — the result will still be saved when the gateway finishes.');
  // The button that asked is gone: the focus is on the row, which reads its new state.
  await expect(tasks.row(prompt)).toBeFocused();
  await expect(tasks.button(prompt, 'Retry')).toHaveCount(0);

  // Counted under Cancelled, not lost between the filters.
  await expect(tasks.filter('Cancelled')).toHaveAccessibleName('Cancelled 1');
  await expect(tasks.filter('Active')).toHaveAccessibleName('Active 0');
  await expectCountsAddUp(tasks, 1);
  await tasks.showFilter('Cancelled');
  await expect(tasks.rows).toHaveCount(1);

  // The host's record, not the screen's: a reload still shows it cancelled and followed.
  await page.reload();
  await tasks.open();
  await tasks.expectState(prompt, 'Cancelled');
  await expect(tasks.row(prompt)).toContainText('the result will still be saved');

  // The gateway finishes the paid job: its result is saved, and the row says why it has one.
  await sandbox.reset(studio.sandboxUrl);
  await tasks.expectState(prompt, 'Saved', 40_000);
  await expect(tasks.row(prompt)).toContainText('You cancelled this job; the gateway finished it, so its result was saved.');
  await expectCountsAddUp(tasks, 1);
  await tasks.button(prompt, 'Open result').click();
  await expect(tasks.studio.tab('Gallery')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('gallery-detail')).toContainText(prompt);
});

test('Stop saving asks first, then the job needs attention and its Retry save saves the file', async ({ page, studio }) => {
  test.setTimeout(60_000);
  const tasks = new TasksPage(page);
  await tasks.studio.open(studio.url);
  await tasks.open();

  const prompt = 'a lantern-lit night market';
  await sandbox.stallNextDownload(studio.sandboxUrl);
  await tasks.submit(imageJob(prompt));
  await tasks.expectState(prompt, 'Completed — saving…', 20_000);

  await tasks.button(prompt, 'Stop saving').click();
  const confirm = tasks.confirm('Confirm stopping the save');
  await expect(confirm).toContainText('The partly saved file is removed');
  await expect(confirm).toContainText('under Needs attention, where Retry save saves its files again');
  await expect(confirm.getByRole('button', { name: 'Keep saving' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Stop the save' }).click();

  // The stalled download is ended and its part removed first, which a busy machine may take seconds over.
  await tasks.expectState(prompt, 'Needs attention', 20_000);
  await expect(tasks.error(prompt)).toHaveText('Saving stopped; the partly saved file was removed. Use “Retry save” to save the files again: the job is already paid for.');
  // The button its message names is really there.
  await expect(tasks.button(prompt, 'Retry save')).toBeVisible();
  await expect(tasks.row(prompt)).toBeFocused();
  await expectCountsAddUp(tasks, 1);

  await tasks.button(prompt, 'Retry save').click();
  await tasks.expectState(prompt, 'Saved', 20_000);
});

for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  test(`every filter, Cancelled too, is on screen without pushing the page sideways at ${size.width}×${size.height}`, async ({ page, studio }) => {
    await page.setViewportSize(size);
    const tasks = new TasksPage(page);
    await tasks.studio.open(studio.url);
    await tasks.open();
    for (const name of ['All', 'Active', 'Saving', 'Saved', 'Needs attention', 'Failed', 'Cancelled'] as const) await expect(tasks.filter(name)).toBeInViewport();
    const list = tasks.panel.getByRole('tablist', { name: 'Show jobs' });
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The e2e project compiles without the DOM lib: the page is reached through globalThis.
    expect(await page.evaluate(() => { const g = globalThis as any; return g.document.documentElement.scrollWidth <= g.innerWidth; })).toBe(true);
  });
}
