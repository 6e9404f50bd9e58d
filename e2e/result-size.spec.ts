/**
 * A result delivered at another size than the one asked for says so, as a creator reads it under
 * the clip: a portrait 1080×1920 video from the offline sandbox comes back as 270×480 with the
 * reason (the sandbox encodes smaller previews on purpose); the same result from another gateway
 * (a second sandbox standing in for a real one, at another address) is told in the same neutral
 * words, without an excuse that is not the gateway's.
 */
import { test, expect } from './fixtures.js';
import { VideoPage } from './pages/video-page.js';

test('a requested 1080×1920 delivered as 270×480 says requested against delivered, and why on the sandbox', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const video = new VideoPage(page);
  await video.studio.open(studio.url);
  await video.open();
  await video.chooseModel('wan2.5-t2v-preview');
  await video.field('Size').selectOption('1080*1920');
  await video.prompt.fill('a lighthouse keeper climbing the stairs');
  await video.generate();
  await video.waitForPlayableVideo();
  const note = video.result.getByTestId('size-note');
  await expect(note).toHaveText(
    'Requested 1080×1920, delivered 270×480. The offline sandbox encodes smaller previews on purpose, to keep generation fast: same shape, fewer pixels.',
  );

  // Another gateway that delivers smaller is reported the same way, and nothing blames the sandbox.
  await video.studio.addProfile({ name: 'Work gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox' });
  await video.studio.activateProfile('Work gateway');
  await video.open();
  await video.prompt.fill('a lighthouse keeper at the lamp');
  await video.generate();
  await expect(video.originalPrompt).toHaveText('a lighthouse keeper at the lamp');
  await video.waitForPlayableVideo();
  await expect(video.result.getByTestId('size-note')).toHaveText('Requested 1080×1920, delivered 270×480.');
});
