/**
 * A 402 in Chat, as a creator with a broke key meets it: said once, where the reply would be, short,
 * with the balance left and a way to Settings; the composer stays in view, at both window sizes.
 */
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';

for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  test(`a refused reply says "top up" once, with the balance and Settings, the composer in view at ${viewport.width}×${viewport.height}`, async ({ page, studio }) => {
    await page.setViewportSize(viewport);
    const chat = new ChatPage(page);
    await chat.studio.open(studio.url);
    await chat.studio.addProfile({ name: 'Broke gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox-broke' });
    await chat.studio.activateProfile('Broke gateway');
    await expect(chat.studio.balance).toHaveAttribute('data-state', 'none');
    await chat.open();
    await chat.newConversation();
    await chat.messageBox.fill('Hello from an empty wallet');
    await chat.sendButton.click();
    const reply = chat.lastReply;
    await chat.expectStatus(reply, 'failed');

    // Said once: no banner over the conversation repeating the reply's words, and one "top up"
    // in what the Chat tab shows (the gateway's own words wait behind Details).
    const note = reply.getByRole('alert');
    await expect(note).toContainText(/balance/i);
    await expect(chat.studio.banner).toBeHidden();
    const shown = await chat.panel.innerText();
    expect(shown.match(/top up/gi) ?? []).toHaveLength(1);
    // The balance left, as the balance widget counts it (the broke key has none of either).
    await expect(note).toContainText('0 tokens');
    await expect(note).toContainText('CN¥0.00');
    await expect(note.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The composer, its box and its Send button, stays in the window, the page not scrolled.
    await expect(chat.messageBox).toBeInViewport({ ratio: 1 });
    await expect(chat.sendButton).toBeInViewport({ ratio: 1 });
    await expect(note).toBeInViewport();

    // Settings is one press away; the banner, about the refusal, belongs to the other tabs.
    await note.getByRole('button', { name: 'Open Settings' }).click();
    await expect(chat.studio.panel('Settings').getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    await expect(chat.studio.banner).toBeVisible();
  });
}
