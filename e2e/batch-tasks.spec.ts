/**
 * A batch run in the Tasks tab (docs/batches.md): one expandable row with its progress and cost so
 * far; pause holds its unsent jobs while the queue runs others, resume sends them; what is not yet
 * sent can be cancelled (never paid); a failed cell is retried in place, after a confirmation.
 */
import { test, expect } from './fixtures.js';
import { BatchRowPage } from './pages/batch-row-page.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { pageCall } from './pages/page-call.js';
import { sandbox } from './pages/tasks-page.js';

test('a batch shows as one row: pause holds it while other jobs run, resume finishes it, and its cost is counted', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const b = new BatchRowPage(page);
  await b.tasks.studio.open(studio.url);
  expect(await pageCall(page, 'tasks.pauseQueue', {})).toMatchObject({ ok: true });
  const id = await b.create('Lanterns', ['a red lantern', 'a blue lantern', 'a green lantern']);
  await b.tasks.studio.openTab('Tasks');
  await expect(b.rows).toHaveCount(1);
  await expect(b.progress('Lanterns')).toHaveText('0 of 3 saved');
  await expect(b.counts('Lanterns')).toHaveText('3 waiting');
  await expect(b.cost('Lanterns')).toHaveText('Cost so far: nothing billed yet');
  // Its jobs are not loose rows too: no job list beside the batch until the batch is expanded.
  await expect(b.tasks.panel.getByRole('list', { name: 'Jobs', exact: true })).toHaveCount(0);
  await expect(b.tasks.panel.getByRole('tab', { name: /^Active/ })).toContainText('3');

  await b.action('Lanterns', 'Pause batch').click();
  await expect(b.row('Lanterns')).toContainText('Paused');
  await b.tasks.panel.getByRole('group', { name: 'Job queue' }).getByRole('button', { name: 'Resume' }).click();
  // The queue runs (a loose job is saved) and leaves the paused batch waiting.
  const loose = await pageCall(page, 'tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a loose kite', resolution: '1K' } });
  expect(loose.ok).toBe(true);
  await expect.poll(async () => ((await pageCall(page, 'tasks.list', {})).value as { prompt: string; state: string }[]).find((t) => t.prompt === 'a loose kite')?.state, { timeout: 60_000 }).toBe('saved');
  expect(await b.states(id)).toEqual(['waiting', 'waiting', 'waiting']);
  await expect(b.progress('Lanterns')).toHaveText('0 of 3 saved');

  await b.action('Lanterns', 'Resume batch').focus();
  await page.keyboard.press('Enter');
  await expect(b.progress('Lanterns')).toHaveText('3 of 3 saved', { timeout: 60_000 });
  await expect(b.cost('Lanterns')).not.toContainText('nothing billed yet');
  // The loose job has its own row beside the batch's.
  await expect(b.tasks.panel.getByRole('list', { name: 'Jobs', exact: true }).getByRole('listitem')).toHaveCount(1);
  await expect(b.row('Lanterns').getByRole('progressbar')).toHaveAttribute('value', '3');

  // Expanding shows its jobs as task rows, keyboard first.
  const toggle = b.row('Lanterns').getByRole('button', { name: 'Lanterns', exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const jobs = b.row('Lanterns').getByRole('list', { name: 'Jobs of batch “Lanterns”' }).getByRole('listitem');
  await expect(jobs).toHaveCount(3);
  await expect(jobs.first()).toContainText('a red lantern');
  await expectNoSeriousViolations(page, 'Tasks, with a batch run expanded');
});

test('cancel what is not yet sent buys nothing; a failed cell is retried in place after a confirmation', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const b = new BatchRowPage(page);
  await b.tasks.studio.open(studio.url);
  expect(await pageCall(page, 'tasks.pauseQueue', {})).toMatchObject({ ok: true });
  await b.create('Unsent', ['an unsent moth', 'an unsent wasp']);
  await b.tasks.studio.openTab('Tasks');
  await b.action('Unsent', 'Cancel 2 not yet sent').click();
  await expect(b.counts('Unsent')).toHaveText('2 cancelled');
  await expect(b.action('Unsent', 'Pause batch')).toHaveCount(0);

  await sandbox.failNextTask(studio.sandboxUrl, 'the kiln cracked');
  await b.create('Pots', ['a cracked pot']);
  await b.tasks.panel.getByRole('group', { name: 'Job queue' }).getByRole('button', { name: 'Resume' }).click();
  await expect(b.counts('Pots')).toHaveText('1 failed', { timeout: 60_000 });
  // Under the Failed filter only the batch with a failed cell shows, with that cell's job.
  await b.tasks.panel.getByRole('tab', { name: /^Failed/ }).click();
  await expect(b.rows).toHaveCount(1);
  await b.row('Pots').getByRole('button', { name: 'Pots', exact: true }).click();
  await expect(b.row('Pots').getByRole('listitem')).toHaveCount(1);
  await b.tasks.panel.getByRole('tab', { name: /^All/ }).click();
  await expect(b.rows).toHaveCount(2);
  const submissions = async () => ((await (await fetch(`${studio.sandboxUrl}/_sandbox/submissions`)).json()) as { prompts: Record<string, number> }).prompts;
  expect(await submissions()).toEqual({ 'a cracked pot': 1 });

  await b.action('Pots', 'Retry 1 failed').click();
  const confirm = b.row('Pots').getByRole('group', { name: 'Confirm retrying failed jobs' });
  await expect(confirm).toContainText('charges for it again');
  await expectNoSeriousViolations(page, 'Tasks, asking before a batch is retried');
  // The safe choice has the focus: Escape declines, nothing sent.
  await expect(confirm.getByRole('button', { name: 'Keep as is' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await b.action('Pots', 'Retry 1 failed').click();
  await confirm.getByRole('button', { name: 'Submit again' }).click();
  await expect(b.progress('Pots')).toHaveText('1 of 1 saved', { timeout: 60_000 });
  expect(await submissions()).toEqual({ 'a cracked pot': 2 });
  expect(Object.keys(await submissions())).not.toContain('an unsent moth');
});

test('the jobs sent at once are set in Settings, refused when they cannot work, and kept', async ({ page, studio }) => {
  const b = new BatchRowPage(page);
  await b.tasks.studio.open(studio.url);
  const settings = await b.tasks.studio.openTab('Settings');
  const section = settings.getByRole('region', { name: 'Jobs sent at once' });
  const perModel = section.getByRole('textbox', { name: 'Per model' });
  const overall = section.getByRole('textbox', { name: 'In all' });
  await expect(perModel).toHaveValue('2');
  await expect(overall).toHaveValue('4');
  await perModel.fill('5');
  await overall.fill('3');
  await section.getByRole('button', { name: 'Save queue limits' }).click();
  await expect(section).toContainText('Per model cannot be more than in all.');
  await expect(perModel).toBeFocused();
  await perModel.fill('1');
  await section.getByRole('button', { name: 'Save queue limits' }).click();
  await expect(section.getByRole('status')).toHaveText('Queue limits saved.');
  expect(await pageCall(page, 'tasks.queueLimits', {})).toMatchObject({ ok: true, value: { perModel: 1, overall: 3 } });
  await page.reload();
  const again = await b.tasks.studio.openTab('Settings');
  await expect(again.getByRole('region', { name: 'Jobs sent at once' }).getByRole('textbox', { name: 'Per model' })).toHaveValue('1');
});

test('a waiting job of a batch is sent next on request, ahead of the cells before it', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const b = new BatchRowPage(page);
  await b.tasks.studio.open(studio.url);
  // One send at a time, so the order of sends is the queue's order.
  expect(await pageCall(page, 'tasks.setQueueLimits', { perModel: 1, overall: 1 })).toMatchObject({ ok: true });
  expect(await pageCall(page, 'tasks.pauseQueue', {})).toMatchObject({ ok: true });
  const id = await b.create('Kites', ['a kite, first', 'a kite, second', 'a kite, third']);
  await b.tasks.studio.openTab('Tasks');
  await b.row('Kites').getByRole('button', { name: 'Kites', exact: true }).click();
  const third = b.row('Kites').getByRole('list', { name: 'Jobs of batch “Kites”' }).getByRole('listitem').filter({ hasText: 'a kite, third' });
  await third.getByRole('button', { name: 'Send next' }).focus();
  await page.keyboard.press('Enter');
  await b.tasks.panel.getByRole('group', { name: 'Job queue' }).getByRole('button', { name: 'Resume' }).click();
  await expect(b.progress('Kites')).toHaveText('3 of 3 saved', { timeout: 90_000 });
  const { value } = await pageCall(page, 'batches.get', { id });
  const jobs = new Map(((await pageCall(page, 'tasks.list', {})).value as { id: string; prompt: string; submittedAt: number }[]).map((t) => [t.id, t]));
  const sent = (value.cells as { jobId: string }[]).map((c) => jobs.get(c.jobId)!).sort((x, y) => x.submittedAt - y.submittedAt).map((t) => t.prompt);
  expect(sent).toEqual(['a kite, third', 'a kite, first', 'a kite, second']);
});
