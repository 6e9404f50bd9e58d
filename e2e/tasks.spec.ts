/**
 * The Tasks tab against the browser shell and its embedded sandbox (20× fast, with the
 * polling cadence sped up to match). Jobs are submitted through the contract from the page, as the
 * generator tabs do; every wait is an auto-waiting expect.
 */
import { test, expect } from './fixtures.js';
import { TasksPage, imageJob, multipartVideoJob, sandbox, videoJob } from './pages/tasks-page.js';

test('several jobs run live in Tasks, end saved, and the studio stays usable meanwhile', async ({ page, context, studio }) => {
  // Four real media renders on a 2-core machine (maybe beside another worker): give them room.
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studio.url).origin });
  const tasks = new TasksPage(page);
  await tasks.studio.open(studio.url);
  await tasks.open();
  await expect(tasks.panel.getByText(/No jobs yet/)).toBeVisible();

  const fox = 'a red fox asleep in fresh snow';
  const lighthouse = 'a lighthouse at dusk, long exposure';
  const waves = 'slow waves rolling onto a pebble beach';
  const lanterns = 'paper lanterns rising over a river';
  const all = [fox, lighthouse, waves, lanterns];
  // A long video first: while it runs, its bar follows the gateway's progress and its clock ticks.
  await tasks.submit(videoJob(waves, 8));
  await expect(tasks.progress(waves)).toHaveAttribute('value', /^[1-9]\d*$/);
  await expect(tasks.row(waves).getByTestId('task-elapsed')).toContainText('elapsed');

  await tasks.submit(imageJob(fox));
  await tasks.submit(imageJob(lighthouse));
  await tasks.submit(multipartVideoJob(lanterns));

  // Each job shows up with a live state, newest first, without a reload.
  await expect(tasks.rows).toHaveCount(4);
  await expect(tasks.rows.first()).toHaveAccessibleName(lanterns);
  await expect(tasks.rows.last()).toHaveAccessibleName(waves);
  for (const prompt of all) await expect(tasks.state(prompt)).toHaveText(/Submitting|Queued|Running|Completed — saving…|Saved/);

  // The rest of the studio stays usable while the jobs run.
  const settings = await tasks.studio.openTab('Settings');
  await settings.getByRole('button', { name: 'Add profile' }).click();
  await expect(settings.getByRole('form', { name: 'Add a gateway profile' })).toBeVisible();
  await tasks.open();

  for (const prompt of all) await tasks.expectState(prompt, 'Saved', 30_000);
  for (const prompt of all) {
    // Finished jobs keep a fixed duration: no bar, no ticking clock.
    await expect(tasks.progress(prompt)).toHaveCount(0);
    await expect(tasks.row(prompt).getByTestId('task-elapsed')).toHaveCount(0);
    await expect(tasks.row(prompt)).toContainText(/took \d+/);
  }
  // The multipart route rewrites prompts: the row shows what was actually sent beside the original.
  await expect(tasks.row(lanterns)).toContainText('Sent as');
  // Saved images carry their thumbnail from the library.
  await expect(tasks.row(fox).locator('img')).toHaveJSProperty('complete', true);
  expect(await tasks.row(fox).locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

  // Copy task id puts the gateway's id on the clipboard and says so.
  const id = await tasks.copyTaskId(fox);
  expect(id).toMatch(/^img_/);
  expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(id);

  // Open result takes the creator to that item in the Gallery.
  await tasks.button(lighthouse, 'Open result').click();
  await expect(tasks.studio.tab('Gallery')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('gallery-detail')).toBeVisible();
  await expect(page.getByTestId('gallery-detail')).toContainText(lighthouse);
});

test('a failed job shows the gateway message, and Retry asks before submitting a new job', async ({ page, studio }) => {
  const tasks = new TasksPage(page);
  await tasks.studio.open(studio.url);
  await tasks.open();

  const prompt = 'a castle made of glass';
  await sandbox.failNextTask(studio.sandboxUrl, 'The model could not render this scene.');
  await tasks.submit(imageJob(prompt));
  await tasks.expectState(prompt, 'Failed', 20_000);
  await expect(tasks.error(prompt)).toHaveText('The gateway says: The model could not render this scene.');
  await expect(tasks.button(prompt, 'Cancel')).toHaveCount(0);

  // Retry costs money: the first click only asks, and "Keep as is" backs out.
  await tasks.button(prompt, 'Retry').click();
  const confirm = tasks.panel.getByRole('group', { name: 'Confirm retry' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep as is' }).click();
  await expect(confirm).toBeHidden();
  await expect(tasks.row(prompt)).toHaveCount(1);

  await tasks.retry(prompt);
  await expect(tasks.row(prompt)).toHaveCount(2);
  // The new job leads the list and runs to the end; the failed one stays as it was.
  await expect(tasks.row(prompt).first().getByTestId('task-state')).toHaveText('Saved', { timeout: 20_000 });
  await expect(tasks.row(prompt).last().getByTestId('task-state')).toHaveText('Failed');
});

test('Cancel leaves a job cancelled but followed, and the filters show the right rows', async ({ page, studio }) => {
  const tasks = new TasksPage(page);
  await tasks.studio.open(studio.url);
  await tasks.open();

  const failed = 'a bridge of ice over a canyon';
  const saved = 'a bowl of ripe cherries';
  const held = 'a paper boat drifting downstream';
  const cancelled = 'a kite above the dunes';

  await sandbox.failNextTask(studio.sandboxUrl, 'Content policy: try another prompt.');
  await tasks.submit(imageJob(failed));
  await tasks.expectState(failed, 'Failed', 20_000);
  await tasks.submit(imageJob(saved));
  await tasks.expectState(saved, 'Saved', 20_000);

  // Two videos whose checks the gateway throttles (429 + Retry-After): they stay active.
  await sandbox.holdVideoChecks(studio.sandboxUrl);
  await tasks.submit(multipartVideoJob(held));
  await tasks.submit(multipartVideoJob(cancelled));
  await tasks.expectState(held, /Queued|Running/);
  await tasks.expectState(cancelled, /Queued|Running/);

  await tasks.cancel(cancelled);
  await expect(tasks.row(cancelled)).toContainText('the result will still be saved when the gateway finishes');
  await expect(tasks.button(cancelled, 'Cancel')).toHaveCount(0);
  // Still running at the gateway, and paid for: a retry would pay again for the same thing.
  await expect(tasks.button(cancelled, 'Retry')).toHaveCount(0);

  const shows = async (names: string[]) => {
    await expect(tasks.rows).toHaveCount(names.length);
    for (const name of names) await expect(tasks.row(name)).toBeVisible();
  };
  await shows([cancelled, held, saved, failed]);
  await tasks.showFilter('Active');
  await shows([held]);
  await tasks.showFilter('Saved');
  await shows([saved]);
  await tasks.showFilter('Failed');
  await shows([failed]);
  await tasks.showFilter('Cancelled');
  await shows([cancelled]);
  await expect(tasks.filter('Active')).toHaveAccessibleName('Active 1');

  // Cancelled is the host's record, not just the screen's: it survives a reload.
  await page.reload();
  await tasks.open();
  await tasks.expectState(cancelled, 'Cancelled');
  await tasks.expectState(held, /Queued|Running/);
});

test('the browser shell notifies when a job finishes or fails, once opted in', async ({ page, studio }) => {
  await TasksPage.fakeNotifications(page);
  const tasks = new TasksPage(page);
  await tasks.studio.open(studio.url);
  await tasks.open();

  await expect(tasks.notifySwitch).toHaveAttribute('aria-checked', 'false');
  await tasks.notifySwitch.click();
  await expect(tasks.notifySwitch).toHaveAttribute('aria-checked', 'true');

  await tasks.submit(imageJob('a teapot shaped like a whale'));
  await expect.poll(() => tasks.notices(), { timeout: 20_000 }).toContainEqual({
    title: 'Image job finished and saved to the library',
    body: 'seedream-4-0: “a teapot shaped like a whale”.',
  });

  // The choice survives a reload, and notices come while another tab is open (a reload returns to
  // Tasks, the tab open last, so Chat is opened first).
  await page.reload();
  await tasks.studio.openTab('Chat');
  await expect(tasks.studio.tab('Chat')).toHaveAttribute('aria-selected', 'true');
  await sandbox.failNextTask(studio.sandboxUrl, 'Out of ideas.');
  await tasks.submit(imageJob('a staircase to nowhere'));
  await expect.poll(() => tasks.notices(), { timeout: 20_000 }).toContainEqual({
    title: 'Image job failed',
    body: 'seedream-4-0: “a staircase to nowhere”. The gateway says: Out of ideas.',
  });
  expect((await tasks.notices()).filter((n) => n.title.includes('failed'))).toHaveLength(1);
});
