/**
 * A long conversation opens on its newest messages and the rest follows (docs/performance.md,
 * "Where a long conversation's first open goes"). A reader who moves in the meantime stays where
 * they went when the rest arrives: Home means the very first message, a move up keeps the message
 * read in view, and a reader left at the end stays at the end.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { seededTest } from './support/seeded-studio.js';
import { seedLongConversation } from './support/long-conversation.js';
import { ROUTED_PAGE } from './support/routed-page.js';
import { ChatPage } from './pages/chat-page.js';

const seeded = seededTest((dataDir) => seedLongConversation(dataDir, 400));

/**
 * Holds the page's read of the whole conversation on its way until `release()`: meanwhile the
 * page has its newest messages only, as on a slow disk.
 */
async function holdTheRest(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let release!: () => void;
  let asked!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const askedFor = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/api/call/chat.get', async (route) => {
    if (!(route.request().postData() ?? '').includes('"last"')) {
      asked();
      await released;
    }
    await route.continue();
  });
  return { asked: askedFor, release };
}

/** Opens the seeded conversation with its rest held back; the newest messages are drawn. */
async function openHeld(page: Page, url: string) {
  const held = await holdTheRest(page);
  const chat = new ChatPage(page);
  await chat.studio.open(url);
  await expect(chat.heading).toHaveText('A long conversation');
  await expect(chat.messages.getByText('Answer 399.')).toBeInViewport();
  await held.asked;
  await expect(chat.panel.getByText('Loading the earlier messages…')).toBeVisible();
  return { chat, release: held.release };
}

/** The list's view, in the page (the page's DOM is not in this file's types). */
const VIEW = `document.querySelector('[role="region"][aria-label="Messages"]')`;

/** Resolves once the list's view has kept still for a few frames (a key's scroll is animated). */
function scrollSettled(page: Page): Promise<void> {
  return page.evaluate(`new Promise((resolve) => {
    const view = ${VIEW};
    let still = 0;
    let top = view.scrollTop;
    const frame = () => {
      still = view.scrollTop === top ? still + 1 : 0;
      top = view.scrollTop;
      if (still >= 5) resolve();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`);
}

/** The message at the middle of the list's view: the one being read. */
function messageAtMiddle(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const box = ${VIEW}.getBoundingClientRect();
    const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return at?.closest('[data-message-id]')?.getAttribute('data-message-id') ?? '';
  })()`);
}

/** How far below the top of the list's view the row starts, in pixels. */
async function topInView(page: Page, row: Locator): Promise<number> {
  const view = (await page.getByRole('region', { name: 'Messages' }).boundingBox())!;
  return (await row.boundingBox())!.y - view.y;
}

seeded.describe(() => {
  seeded.use(ROUTED_PAGE);

  seeded('Home pressed before the earlier messages arrive goes to the very first once they do', async ({ page, seededStudio }) => {
    const { chat, release } = await openHeld(page, seededStudio.url);
    await chat.messages.focus();
    await page.keyboard.press('Home');
    await expect(chat.messages.getByText('Question number 360:')).toBeInViewport();

    release();
    await expect(chat.panel.getByText('Loading the earlier messages…')).toBeHidden();
    await expect(chat.messages.getByText('Question number 0:')).toBeInViewport();
    await expect(chat.messages.locator('[aria-posinset="1"]')).toBeVisible();
  });

  seeded('a reader who moved up keeps the message they were reading when the earlier messages arrive', async ({ page, seededStudio }) => {
    const { chat, release } = await openHeld(page, seededStudio.url);
    await chat.messages.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageUp');
    await scrollSettled(page);
    await expect(chat.messages.getByText('Answer 399.')).not.toBeInViewport();
    const reading = chat.messages.locator(`[data-message-id="${await messageAtMiddle(page)}"]`);
    await expect(reading).toBeInViewport();
    const seenAt = await topInView(page, reading);

    release();
    await expect(chat.panel.getByText('Loading the earlier messages…')).toBeHidden();
    // Where it was in the view, give or take a pixel of rounding.
    await expect.poll(() => topInView(page, reading)).toBeCloseTo(seenAt, 0);
    await expect(chat.messages.getByText('Answer 399.')).not.toBeInViewport();
    await expect(chat.messages.getByText('Question number 0:')).toHaveCount(0);
  });

  seeded('a reader left at the newest message stays there when the earlier messages arrive', async ({ page, seededStudio }) => {
    const { chat, release } = await openHeld(page, seededStudio.url);
    release();
    await expect(chat.panel.getByText('Loading the earlier messages…')).toBeHidden();
    await expect(chat.messages.getByText('Answer 399.')).toBeInViewport();
    await expect(chat.panel.getByRole('button', { name: 'Jump to latest' })).toBeHidden();
  });
});
