/**
 * A gateway's refusal belongs to the profile it came from: after switching to another profile,
 * no tab still shows the old one's 402 or "could not reach", and what the creator typed stays.
 */
import { createServer } from 'node:net';
import { test, expect } from './fixtures.js';
import { ImagePage } from './pages/image-page.js';
import { SpeechPage } from './pages/speech-page.js';
import { VideoPage } from './pages/video-page.js';

/** An address where nothing listens: a port taken and given back. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

test('one profile switch clears every tab\'s stale gateway error and keeps the inputs', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const image = new ImagePage(page);
  const video = new VideoPage(page);
  const speech = new SpeechPage(page);
  const studioPage = image.studio;
  await studioPage.open(studio.url);
  await studioPage.addProfile({ name: 'Broke gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox-broke' });
  await studioPage.addProfile({ name: 'Gone gateway', baseUrl: await deadAddress(), apiKey: 'sk-sandbox-gone' });

  // Image and Video meet the broke key's 402.
  await studioPage.activateProfile('Broke gateway');
  await image.open();
  await image.prompt.fill('a lighthouse in fog');
  await image.generate();
  await expect(image.failure).toBeVisible();
  await video.open();
  await video.prompt.fill('waves against a pier');
  await video.generate();
  await expect(video.failure).toBeVisible();

  // Speech meets a gateway that cannot be reached.
  await studioPage.openTab('Settings');
  await studioPage.activateProfile('Gone gateway');
  await speech.open();
  await speech.text.fill('Hello from the harbour.');
  await speech.speak();
  await expect(speech.failure).toContainText(/could not reach/i);
  // Switching to Gone already cleared the 402s the broke profile left.
  await image.open();
  await expect(image.failure).toBeHidden();
  await video.open();
  await expect(video.failure).toBeHidden();

  // One switch, and nothing stale is left anywhere; every input is as it was typed.
  await studioPage.openTab('Settings');
  await studioPage.activateProfile('Offline sandbox');
  await speech.open();
  await expect(speech.failure).toBeHidden();
  await expect(speech.text).toHaveValue('Hello from the harbour.');
  await image.open();
  await expect(image.failure).toBeHidden();
  await expect(image.prompt).toHaveValue('a lighthouse in fog');
  await video.open();
  await expect(video.failure).toBeHidden();
  await expect(video.prompt).toHaveValue('waves against a pier');
});
