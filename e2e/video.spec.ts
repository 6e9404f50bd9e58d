/**
 * The Video tab end to end, through the UI as a user, against the embedded
 * sandbox on its 20× clock: a clip on each route plays in the tab at the requested length, the
 * multipart model's rewritten prompt is shown beside the original, a starting image comes from
 * the gallery picker, mistakes are caught at their field before anything is sent, and the
 * draft survives a tab switch and a reload. No fixed sleeps: every wait is on something visible.
 */
import { test, expect } from './fixtures.js';
import { submitTask } from './pages/gallery-page.js';
import { sandbox } from './pages/tasks-page.js';
import { VideoPage, waitForLibrary } from './pages/video-page.js';
import { pageCall } from './pages/page-call.js';

interface VideoSize {
  videoWidth: number;
  videoHeight: number;
}

test('generations route: image-to-video from a gallery image, sent with Ctrl+Enter, plays at the requested length', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const video = new VideoPage(page);
  await video.studio.open(studio.url);
  // A saved image whose gateway link is still valid, to start the clip from.
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: 'a red lighthouse at dusk' } });
  await waitForLibrary(page, 'image', 1);

  await video.open();
  await video.chooseModel('modelg3');
  // Only the generations route's fields are offered for this model.
  await expect(video.field('Length')).toHaveCount(0);
  await expect(video.field('Aspect ratio').locator('option')).toHaveText(['16:9', '9:16']);
  await video.field('Duration (seconds)').fill('6');
  await video.field('Aspect ratio').selectOption('9:16');
  await video.prompt.fill('the lighthouse beam sweeps across a stormy sea');
  await expect(video.form.getByTestId('video-estimate')).toContainText('Uses 6 s of video');

  const picker = await video.openGalleryPicker();
  await picker.getByRole('button', { name: /a red lighthouse at dusk \(link valid/ }).click();
  await expect(video.field('Starting image URL (optional)')).toHaveValue(/^https?:\/\/\S+$/);
  await expect(video.form.getByTestId('video-estimate')).toContainText('from the starting image');

  await video.generateWithKeyboard();
  await expect(video.result).toBeVisible();
  const seconds = await video.waitForPlayableVideo();
  expect(seconds).toBeCloseTo(6, 0);
  await expect(video.originalPrompt).toHaveText('the lighthouse beam sweeps across a stormy sea');
  await expect(video.result.getByTestId('video-usage')).toContainText('Usage: 6 s of video');
  await expect(video.result).toContainText('from a starting image');
  // 9:16 really is portrait.
  const size = await video.video.evaluate((v) => ({ videoWidth: (v as unknown as VideoSize).videoWidth, videoHeight: (v as unknown as VideoSize).videoHeight }));
  expect(size.videoHeight).toBeGreaterThan(size.videoWidth);

  // Ctrl+Enter sent exactly one job (the prompt box and the form both listen for it).
  const videoJobs = ((await pageCall(page, 'tasks.list')).value as { kind: string }[]).filter((t) => t.kind === 'video').length;
  expect(videoJobs).toBe(1);

  // The prompt went into the recent-prompts history, and the form was kept for the next take.
  await expect(video.form.getByRole('combobox', { name: 'Recent prompts' }).locator('option')).toContainText(['the lighthouse beam sweeps across a stormy sea']);
  await expect(video.prompt).toHaveValue('the lighthouse beam sweeps across a stormy sea');
});

test('multipart route: the clip plays at the chosen length with the model\'s rewritten prompt beside the original', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const video = new VideoPage(page);
  await video.studio.open(studio.url);
  await video.open();
  await video.chooseModel('wan2.6-t2v-preview');
  // The multipart route has seconds, size and watermark, as form strings; no duration or image.
  await expect(video.field('Duration (seconds)')).toHaveCount(0);
  await expect(video.field('Starting image URL (optional)')).toHaveCount(0);
  await expect(video.field('Length').locator('option')).toHaveText(['3 seconds', '5 seconds', '10 seconds']);
  await video.field('Length').selectOption('3');
  await video.field('Size').selectOption('720*1280');
  await video.watermark.check();
  await video.prompt.fill('a paper boat on a rainy street');
  await video.generate();

  const seconds = await video.waitForPlayableVideo();
  expect(seconds).toBeCloseTo(3, 0);
  await expect(video.originalPrompt).toHaveText('a paper boat on a rainy street');
  await expect(video.actualPrompt).toBeVisible();
  const rewritten = await video.actualPrompt.innerText();
  expect(rewritten.trim().length).toBeGreaterThan(0);
  expect(rewritten).not.toBe('a paper boat on a rainy street');
  await expect(video.result).toContainText('size: 720*1280');
  await expect(video.result).toContainText('watermark: true');
  await expect(video.result.getByTestId('video-usage')).toContainText('Usage: 3 s of video');
  const size = await video.video.evaluate((v) => ({ videoWidth: (v as unknown as VideoSize).videoWidth, videoHeight: (v as unknown as VideoSize).videoHeight }));
  expect(size.videoHeight).toBeGreaterThan(size.videoWidth);
});

test('refused values are shown at their field before anything is sent, and the draft survives a tab switch and a reload', async ({ page, studio }) => {
  const video = new VideoPage(page);
  await video.studio.open(studio.url);
  await video.open();
  await video.chooseModel('modelf-hailuo-02');
  await video.prompt.fill('a lantern festival over a river');
  await video.field('Duration (seconds)').fill('12');
  await video.field('Starting image URL (optional)').fill('file:///home/me/frame.png');
  await video.generate();

  const duration = video.field('Duration (seconds)');
  const imageUrl = video.field('Starting image URL (optional)');
  await expect(duration).toHaveAttribute('aria-invalid', 'true');
  await expect(duration).toHaveAccessibleDescription(/modelf-hailuo-02 makes 5 to 10 seconds/);
  await expect(imageUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(imageUrl).toHaveAccessibleDescription(/public http\(s\) link/);
  // Nothing was sent: no job, no result.
  await expect(video.result).toHaveCount(0);
  const tasks = (await pageCall(page, 'tasks.list')).value.length;
  expect(tasks).toBe(0);

  // Fixing a value clears its error at once; the other stays until it is fixed too.
  await duration.fill('10');
  await expect(duration).not.toHaveAttribute('aria-invalid', 'true');
  await expect(imageUrl).toHaveAttribute('aria-invalid', 'true');
  // Switching to a model with a longer range keeps the duration; one without 1:1 drops it.
  await video.field('Aspect ratio').selectOption('1:1');
  await video.chooseModel('modelg3');
  await expect(duration).toHaveValue('10');
  await expect(video.field('Aspect ratio')).toHaveValue('16:9');

  const expectDraft = async () => {
    await expect(video.field('Model')).toHaveValue('modelg3');
    await expect(video.prompt).toHaveValue('a lantern festival over a river');
    await expect(video.field('Duration (seconds)')).toHaveValue('10');
    await expect(video.field('Starting image URL (optional)')).toHaveValue('file:///home/me/frame.png');
  };
  await video.studio.openTab('Speech');
  await video.open();
  await expectDraft();

  await video.waitForDraftSaved('"duration":"10"');
  await page.reload();
  await video.open();
  await expectDraft();

  // A job that fails at the gateway says so in the tab and keeps the form for another take.
  await sandbox.failNextTask(studio.sandboxUrl, 'The model could not render this scene.');
  await video.chooseModel('wan2.5-t2v-preview');
  await video.field('Length').selectOption('3');
  await video.generate();
  await expect(video.status).toHaveText('Failed', { timeout: 30_000 });
  await expect(video.result.getByRole('alert')).toContainText('The model could not render this scene.');
  await expect(video.result.getByRole('alert')).toContainText('Your prompt and settings are still in the form');
  await expect(video.prompt).toHaveValue('a lantern festival over a river');
  await expect(video.field('Length')).toHaveValue('3');
});
