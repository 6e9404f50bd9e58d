/**
 * Compare runs in the host's job queue (docs/robust-host.md, "The job queue"): once the jobs are
 * queued, the page that asked may go at once; the host sends them, follows them and saves every
 * result, so the reopened studio finds each model's image in the Gallery, each once. The queue is
 * paused first, so the page closes while nothing at all has been sent, and is resumed from the
 * Tasks tab of the reopened page.
 */
import { test, expect } from './fixtures.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage } from './pages/image-page.js';
import { pageCall } from './pages/page-call.js';

const MODELS = ['seedream-4-0', 'seedream-4-5', 'modela-4o-image'];

test('a compare of three models finishes with the page closed: each result is saved in the Gallery once', async ({ page, studio, context }) => {
  test.setTimeout(120_000);
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  expect(await pageCall(page, 'tasks.pauseQueue', {})).toMatchObject({ ok: true });
  await image.open();
  await image.chooseModel(MODELS[0]);
  const prompt = 'a paper boat on a canal, compared while away';
  await image.prompt.fill(prompt);
  await image.form.getByRole('checkbox', { name: 'Compare models' }).check();
  const models = image.form.getByRole('group', { name: 'Models to compare' });
  for (const m of MODELS.slice(1)) await models.getByRole('checkbox', { name: m }).check();
  await image.generate();
  // Queued by the host, nothing sent: the page closes at once.
  await expect.poll(async () => {
    const r = await pageCall(page, 'tasks.list', {});
    return r.ok ? (r.value as { prompt: string; state: string }[]).filter((t) => t.prompt === prompt).map((t) => t.state) : [];
  }).toEqual(['waiting', 'waiting', 'waiting']);
  await page.close();

  const again = await context.newPage();
  const gallery = new GalleryPage(again);
  await gallery.studio.open(studio.url);
  await gallery.studio.openTab('Tasks');
  const queue = gallery.studio.panel('Tasks').getByRole('group', { name: 'Job queue' });
  await expect(queue).toContainText('Queue paused: 3 jobs waiting');
  await queue.getByRole('button', { name: 'Resume' }).click();
  await expect(queue).toContainText('0 jobs waiting to be sent');
  await gallery.open();
  await gallery.search('paper boat');
  // One compare run: one stack of its three results (docs/library-files.md, "Stacks"), opened with S.
  const run = gallery.cell(/a stack of 3/);
  await expect(run).toBeVisible({ timeout: 90_000 });
  await gallery.expectCount(1);
  await run.focus();
  await again.keyboard.press('s');
  await expect(gallery.cells).toHaveCount(3);
  const list = await pageCall(again, 'library.list', { text: 'paper boat', limit: 10 });
  expect(list.ok).toBe(true);
  expect((list.value as { items: { model: string }[] }).items.map((i) => i.model).sort()).toEqual([...MODELS].sort());
});
