/**
 * Accessibility: axe-core on every tab, in both themes, with content in it (a reply and its actions,
 * the conversation's settings side panel, every kind of result, task rows, gallery items and the
 * detail view, a storyboard with a shot, the open settings forms and the first-run welcome), and the
 * empty states that say what to do (Chat, Tasks, Speech, Storyboard). Nothing serious or critical may be found;
 * milder findings are attached to the test as annotations ("axe moderate" / "axe minor").
 */
import { test, expect } from './fixtures.js';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/axe.js';
import { ChatPage } from './pages/chat-page.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage } from './pages/image-page.js';
import { SpeechPage } from './pages/speech-page.js';
import { StudioPage } from './pages/studio-page.js';
import { imageJob, multipartVideoJob, sandbox, TasksPage } from './pages/tasks-page.js';
import { VideoPage } from './pages/video-page.js';
import { StoryboardPage } from './pages/storyboard-page.js';

type Theme = 'light' | 'dark';

/** Whether the page really paints the theme: a dark page has a dark background, a light one a light one. */
async function expectTheme(page: Page, theme: Theme): Promise<void> {
  const luminance = await page.evaluate(() => {
    const g = globalThis as any;
    const [r, gr, b] = (g.getComputedStyle(g.document.body).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return (0.2126 * r + 0.7152 * gr + 0.0722 * b) / 255;
  });
  if (theme === 'dark') expect(luminance).toBeLessThan(0.3);
  else expect(luminance).toBeGreaterThan(0.7);
}

/**
 * Checks the page as it is now, softly: one test reports every tab's findings at once. The
 * milder findings go into the test's annotations, so they stay visible without failing it.
 */
async function check(page: Page, where: string): Promise<void> {
  const milder = await expectNoSeriousViolations(page, where, { soft: true });
  for (const v of milder) {
    test.info().annotations.push({ type: `axe ${v.impact}`, description: `${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}` });
  }
}

for (const theme of ['light', 'dark'] as const) {
  test(`every tab is usable by assistive technology in the ${theme} theme`, async ({ page, studio }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    const studioPage = new StudioPage(page);
    await studioPage.open(studio.url);
    await expectTheme(page, theme);

    await test.step('Chat: a reply with its actions, then the settings panel', async () => {
      const chat = new ChatPage(page);
      await chat.open();
      await check(page, `the empty Chat tab (${theme})`);
      await chat.newConversation();
      // [tokens:N] makes the sandbox answer in Markdown with lists and code blocks.
      const reply = await chat.send('Plan three shots for a short film about a lighthouse keeper [tokens:160]');
      await chat.expectStatus(reply, 'complete');
      await expect(reply.getByRole('button', { name: 'Regenerate' })).toBeVisible();
      await check(page, `the Chat tab with a reply (${theme})`);
      await chat.openSettings();
      await check(page, `the Chat tab with its settings panel open (${theme})`);
      await chat.closeSettings();
    });

    await test.step('Tasks: the empty list and its way forward', async () => {
      const tasks = new TasksPage(page);
      await tasks.open();
      await expect(tasks.panel.getByRole('button', { name: 'Create an image' })).toBeVisible();
      await check(page, `the empty Tasks tab (${theme})`);
    });

    await test.step('Image: a result', async () => {
      const image = new ImagePage(page);
      await image.open();
      await image.prompt.fill('A lighthouse at dusk, watercolour, warm light in the window');
      await image.generate();
      await image.expectImages(image.run('A lighthouse at dusk'), 1, 30_000);
      await check(page, `the Image tab with a result (${theme})`);
    });

    await test.step('Video: a result', async () => {
      const video = new VideoPage(page);
      await video.open();
      await video.prompt.fill('Waves rolling past a lighthouse at night, slow camera push');
      await video.generate();
      await video.waitForPlayableVideo();
      await check(page, `the Video tab with a result (${theme})`);
    });

    await test.step('Speech: a result', async () => {
      const speech = new SpeechPage(page);
      await speech.open();
      await expect(speech.studio.panel('Speech').getByRole('heading', { name: 'Nothing spoken yet' })).toBeVisible();
      await check(page, `the Speech tab before a result (${theme})`);
      await speech.text.fill('The lamp was lit at dusk, as it had been every night for ninety years.');
      await speech.speak();
      await speech.waitForPlayableAudio('mp3');
      await check(page, `the Speech tab with a result (${theme})`);
    });

    await test.step('Tasks: finished, failed and active rows', async () => {
      const tasks = new TasksPage(page);
      await sandbox.failNextTask(studio.sandboxUrl, 'The lighthouse keeper declined');
      await tasks.submit(imageJob('A storm over the lighthouse'));
      // The gateway throttles this video's checks (429 + Retry-After): it stays active, with its progress.
      await sandbox.holdVideoChecks(studio.sandboxUrl);
      await tasks.submit(multipartVideoJob('A ship passing the lighthouse'));
      await tasks.open();
      await tasks.expectState('A storm over the lighthouse', 'Failed', 20_000);
      await tasks.expectState('A ship passing the lighthouse', /Queued|Running/);
      await expect(tasks.rows).toHaveCount(4);
      await check(page, `the Tasks tab with jobs (${theme})`);
    });

    await test.step('Gallery: items, then the detail view of each kind', async () => {
      const gallery = new GalleryPage(page);
      await gallery.open();
      await expect(gallery.cells).toHaveCount(3);
      await check(page, `the Gallery tab with items (${theme})`);
      for (const kind of ['Image', 'Video', 'Audio']) {
        await gallery.openDetail(gallery.cell(new RegExp(`^${kind}[:,] `)));
        await check(page, `the Gallery's detail view of the ${kind.toLowerCase()} (${theme})`);
        await page.keyboard.press('Escape');
        await expect(gallery.detail).toBeHidden();
      }
    });

    await test.step('Storyboard: the empty tab, then a board with a shot', async () => {
      const board = new StoryboardPage(page);
      await board.open();
      await expect(board.panel.getByRole('heading', { name: 'No storyboards yet' })).toBeVisible();
      await check(page, `the empty Storyboard tab (${theme})`);
      await board.panel.getByRole('button', { name: 'New storyboard' }).click();
      await board.addShot.click();
      await board.shot(1).getByRole('textbox', { name: 'Picture prompt' }).fill('The keeper lights the lamp');
      await board.expectSaved();
      await expect(board.estimate).toHaveAttribute('data-jobs', '2');
      await check(page, `the Storyboard tab with a board (${theme})`);
    });

    await test.step('Settings: a profile with its connection result, then the profile form', async () => {
      await studioPage.addProfile({ name: 'Work gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox' });
      await studioPage.testConnection('Work gateway');
      await check(page, `the Settings tab with a profile (${theme})`);
      const panel = studioPage.panel('Settings');
      await panel.getByRole('button', { name: 'Add profile' }).click();
      const form = panel.getByRole('form', { name: 'Add a gateway profile' });
      // Saved empty: the form shows what each field needs.
      await form.getByRole('button', { name: 'Save profile' }).click();
      await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await check(page, `the Settings tab with the profile form open (${theme})`);
    });
  });
}

test.describe('first run', () => {
  test.use({ firstRun: true });

  for (const theme of ['light', 'dark'] as const) {
    test(`the first-run welcome is usable by assistive technology in the ${theme} theme`, async ({ page, studio }) => {
      await page.emulateMedia({ colorScheme: theme });
      const studioPage = new StudioPage(page);
      await studioPage.open(studio.url);
      await expectTheme(page, theme);
      await expect(page.getByRole('region', { name: 'Welcome to Gateway Studio' })).toBeVisible();
      await check(page, `the first-run welcome (${theme})`);
    });
  }
});
