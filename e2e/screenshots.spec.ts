/**
 * README's screenshots, retaken by every end-to-end run so they never drift from the
 * product: every tab, with something in it, in both themes.
 */
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage } from './pages/image-page.js';
import { SpeechPage } from './pages/speech-page.js';
import { StudioPage, type TabName } from './pages/studio-page.js';
import { TasksPage } from './pages/tasks-page.js';
import { VideoPage } from './pages/video-page.js';

for (const theme of ['light', 'dark'] as const) {
  test(`screenshots of every tab in the ${theme} theme`, async ({ page, studio }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    const shoot = async (tab: TabName) => {
      // No caret or focus ring in the picture, and the whole tab from its top: the page as a reader sees it.
      // The form columns of Image and Video scroll on their own: they are shown from their top too.
      await page.evaluate(
        "document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); for (const f of document.querySelectorAll('form')) for (let e = f; e; e = e.parentElement) if (e.scrollTop) e.scrollTop = 0",
      );
      await page.screenshot({ path: `docs/screenshots/${tab.toLowerCase()}-${theme}.png`, animations: 'disabled', caret: 'hide', fullPage: true });
    };
    const studioPage = new StudioPage(page);
    await studioPage.open(studio.url);

    const chat = new ChatPage(page);
    await chat.open();
    await chat.newConversation();
    await chat.expectStatus(await chat.send('Plan three shots for a short film about a lighthouse keeper'), 'complete');
    await shoot('Chat');

    const image = new ImagePage(page);
    await image.open();
    await image.prompt.fill('A lighthouse at dusk, watercolour, warm light in the window');
    await image.generate();
    await image.expectImages(image.run('A lighthouse at dusk'), 1, 30_000);
    await shoot('Image');

    const video = new VideoPage(page);
    await video.open();
    await video.prompt.fill('Waves rolling past a lighthouse at night, slow camera push');
    await video.generate();
    await video.waitForPlayableVideo();
    await shoot('Video');

    const speech = new SpeechPage(page);
    await speech.open();
    await speech.text.fill('The lamp was lit at dusk, as it had been every night for ninety years.');
    await speech.speak();
    await speech.waitForPlayableAudio('mp3');
    await shoot('Speech');

    await new TasksPage(page).open();
    await shoot('Tasks');

    const gallery = new GalleryPage(page);
    await gallery.open();
    await expect(gallery.cells).toHaveCount(3);
    await shoot('Gallery');

    await studioPage.addProfile({ name: 'Work gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox' });
    await studioPage.testConnection('Work gateway');
    await expect(studioPage.balance).toBeVisible();
    await shoot('Settings');
  });
}
