/**
 * File search (spec 4.4): the gateway searches files uploaded to the account, and no upload route
 * is shown, so the box says exactly that beside it; the offline sandbox answers from a few files of
 * its own, cited by name, never with web results (sandbox/README.md, "Tool use").
 */
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';

const NOTE = /files uploaded to your gateway account.*cannot upload.*sample files of its own/i;

test.describe('File search', () => {
  for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    test(`the box says what it searches, and the sandbox answers from its own files (${size.width}×${size.height})`, async ({ page, studio }) => {
      await page.setViewportSize(size);
      const chat = new ChatPage(page);
      await chat.studio.open(studio.url);
      await chat.open();
      await chat.newConversation();
      await chat.openSettings();
      const box = chat.settings.getByRole('checkbox', { name: 'File search' });
      await expect(box).toHaveAccessibleDescription(NOTE);
      const note = chat.settings.getByText(NOTE);
      await expect(note).toBeVisible();
      // Beside the box: below it and within the settings panel, not off to one side.
      const [b, n, panel] = await Promise.all([box.boundingBox(), note.boundingBox(), chat.settings.boundingBox()]);
      expect(n!.y).toBeGreaterThanOrEqual(b!.y);
      expect(n!.x + n!.width).toBeLessThanOrEqual(panel!.x + panel!.width + 1);

      // Tools go through the responses API, chosen on purpose.
      await chat.setting('API').selectOption('responses');
      await box.check();
      await chat.expectSettingsSaved();
      await chat.closeSettings();
      const reply = await chat.send('Search my files: at what angle does the key light go?');
      await chat.expectStatus(reply, 'complete');
      await expect(reply).toContainText('Searched the files on this gateway account (file_search)');
      await expect(reply).toContainText('lighting-setup.md');
      await expect(reply).toContainText('45 degrees');
      await expect(reply).not.toContainText('example.com');
    });
  }
});
