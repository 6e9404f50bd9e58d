/**
 * A single Generate goes through the host's job queue (docs/robust-host.md, "The job queue"):
 * with the queue paused from the Tasks tab, the Image and Video tabs show their job waiting in
 * the queue instead of sending it, the Tasks tab counts both, and once resumed each tab shows its
 * own result.
 */
import { test, expect } from './fixtures.js';
import { ImagePage } from './pages/image-page.js';
import { VideoPage } from './pages/video-page.js';

const WAITING = 'Waiting in the studio’s queue…';

test('with the queue paused, a Generate on the Image and Video tabs waits in the queue, and finishes once resumed', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.studio.openTab('Tasks');
  const queue = image.studio.panel('Tasks').getByRole('group', { name: 'Job queue' });
  await queue.getByRole('button', { name: 'Pause queue' }).click();
  await expect(queue).toContainText('Queue paused');

  await image.open();
  const imagePrompt = 'a lantern that waits its turn';
  await image.prompt.fill(imagePrompt);
  await image.generate();
  const run = image.run(imagePrompt);
  await expect(run.getByTestId('run-state')).toHaveText(WAITING);
  // The form is free again: the job is the queue's now, and the draft is kept as it was.
  await expect(image.form.getByRole('button', { name: 'Generate' })).toBeEnabled();
  await expect(image.prompt).toHaveValue(imagePrompt);

  const video = new VideoPage(page);
  await video.open();
  await video.prompt.fill('a tide that waits its turn');
  await video.generate();
  await expect(video.status).toHaveText(WAITING);

  await image.studio.openTab('Tasks');
  await expect(queue).toContainText('Queue paused: 2 jobs waiting');
  await queue.getByRole('button', { name: 'Resume' }).click();
  await expect(queue).toContainText('0 jobs waiting to be sent');

  await video.open();
  await video.waitForPlayableVideo();
  await image.open();
  await image.expectImages(image.run(imagePrompt), 1, 60_000);
});
