/**
 * From a reply to the next step, in Chromium against the embedded sandbox: a reply read aloud by
 * keyboard plays on the reply and is saved to the Gallery, whose item view says it was made from
 * the chat message and opens that conversation; words selected in a reply sent by "Use as prompt"
 * fill the Image tab's prompt (nothing is sent), and the image generated from them names the
 * message as its source; the same goes for the Video tab's prompt and its clip. A reply too long for speech
 * is refused with the reason. Every wait is on something a creator sees.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { ChatPage } from './pages/chat-page.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage } from './pages/image-page.js';
import { pageCall } from './pages/page-call.js';
import { VideoPage, waitForLibrary } from './pages/video-page.js';

const ASKED = 'a lighthouse keeper paints the sea at dawn';

/** Selects `words` inside the reply's text, as a creator dragging over them would. */
async function selectWords(reply: Locator, words: string): Promise<void> {
  await reply.getByTestId('reply-text').evaluate((body, w) => {
    const g = globalThis as any;
    const walker = g.document.createTreeWalker(body, 4 /* text nodes */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(w);
      if (at < 0) continue;
      const range = g.document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + w.length);
      g.getSelection().removeAllRanges();
      g.getSelection().addRange(range);
      return;
    }
    throw new Error(`"${w}" is not in the reply`);
  }, words);
}

/** Moves the focus with Tab until `target` has it, as a keyboard user does. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 60 && !(await target.evaluate((el) => el === (globalThis as any).document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

async function replyTo(chat: ChatPage, text: string): Promise<Locator> {
  await chat.open();
  await chat.newConversation();
  const reply = await chat.send(text);
  await chat.expectStatus(reply, 'complete');
  return reply;
}

test('a reply read aloud by keyboard plays on the reply, and the Gallery says it was made from the message', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  const gallery = new GalleryPage(page);
  await chat.studio.open(studio.url);
  const reply = await replyTo(chat, `Plan the opening shot: ${ASKED}`);

  await reply.getByRole('button', { name: 'Copy' }).focus();
  const readAloud = reply.getByRole('button', { name: 'Read aloud', exact: true });
  await tabTo(page, readAloud);
  await page.keyboard.press('Enter');
  const reading = reply.getByRole('region', { name: 'Read aloud' });
  const player = reading.locator('audio');
  await expect(player).toHaveAttribute('aria-label', 'The reply read aloud', { timeout: 30_000 });
  await expect(reading).toContainText('Saved to the Gallery');
  // The keyboard's focus stayed on the button through it all.
  await expect(readAloud).toBeFocused();
  await expect.poll(() => player.evaluate((a) => (a as unknown as { duration: number }).duration), { timeout: 15_000 }).toBeGreaterThan(0);
  await expectNoSeriousViolations(page, 'a reply with its speech player');

  // The speech is a Gallery item like any other, whose source is the message.
  await waitForLibrary(page, 'audio', 1);
  const audio = (await pageCall(page, 'library.list', { kind: 'audio' })).value.items[0];
  expect(audio.prompt).toContain('Plan the opening shot');
  expect(audio.madeFrom).toEqual([expect.objectContaining({ kind: 'chatMessage', messageId: expect.any(String), conversationId: expect.any(String) })]);
  await gallery.open();
  await gallery.filterKind('Audio');
  await gallery.openDetail(gallery.cells.first());
  const madeFrom = gallery.detail.getByTestId('detail-made-from');
  await expect(madeFrom.locator('dt')).toHaveText('Made from');
  const toMessage = madeFrom.getByRole('button', { name: /^Chat message: Plan the opening shot.*\(open in Chat\)$/ });
  await expect(toMessage).toBeVisible();

  // Activated by keyboard, it opens that conversation in Chat.
  await tabTo(page, toMessage);
  await page.keyboard.press('Enter');
  await expect(chat.studio.tab('Chat')).toHaveAttribute('aria-selected', 'true');
  await expect(gallery.detail).toBeHidden();
  await expect(chat.heading).toContainText('Plan the opening shot');
  await expect(chat.messages.locator(`[data-message-id="${audio.madeFrom[0].messageId}"]`)).toHaveCount(1);
});

test('selected words used as an Image prompt fill it unsent, and the image made names the message', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  const image = new ImagePage(page);
  await chat.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  const reply = await replyTo(chat, `Describe this: ${ASKED}`);
  const messageId = await reply.locator('xpath=ancestor::*[@data-message-id][1]').getAttribute('data-message-id');

  await selectWords(reply, ASKED);
  const use = reply.getByRole('button', { name: 'Use selection as prompt' });
  await expect(use).toBeVisible();
  await use.focus();
  await page.keyboard.press('Enter');
  const menu = reply.getByRole('menu', { name: 'Use as prompt in' });
  await expect(menu.getByRole('menuitem', { name: 'Image prompt' })).toBeFocused();
  await expectNoSeriousViolations(page, 'a reply with its prompt menu open');
  await page.keyboard.press('Enter');

  await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
  await expect(image.prompt).toHaveValue(ASKED);
  // Filled, not sent: no run started.
  await expect(image.runs).toHaveCount(0);

  // An edit keeps the source; the image generated records it.
  await image.prompt.press('End');
  await image.prompt.pressSequentially(', oil on canvas');
  await image.generate();
  await waitForLibrary(page, 'image', 1, 60_000);
  const saved = (await pageCall(page, 'library.list', { kind: 'image' })).value.items[0];
  expect(saved.prompt).toBe(`${ASKED}, oil on canvas`);
  expect(saved.madeFrom).toEqual([expect.objectContaining({ kind: 'chatMessage', messageId, name: expect.stringContaining('Describe this') })]);

  // Replaced whole, the next image names nothing.
  await image.prompt.fill('a bowl of ramen under studio light');
  await image.generate();
  await waitForLibrary(page, 'image', 2, 60_000);
  const ramen = (await pageCall(page, 'library.list', { kind: 'image', text: 'ramen' })).value.items[0];
  expect(ramen.madeFrom).toBeUndefined();
});

test('the same words used as a Video prompt fill it unsent, and the clip made names the message; a reply too long for speech is refused, saying why', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  const video = new VideoPage(page);
  await chat.studio.open(studio.url);
  const reply = await replyTo(chat, `Storyboard: ${ASKED}`);

  await selectWords(reply, ASKED);
  const use = reply.getByRole('button', { name: 'Use selection as prompt' });
  await use.focus();
  await page.keyboard.press('ArrowUp');
  const toVideo = reply.getByRole('menu', { name: 'Use as prompt in' }).getByRole('menuitem', { name: 'Video prompt' });
  await expect(toVideo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(video.studio.tab('Video')).toHaveAttribute('aria-selected', 'true');
  await expect(video.prompt).toHaveValue(ASKED);
  expect((await pageCall(page, 'tasks.list', {})).value?.length ?? 0).toBe(0);

  // Sent as it came, the clip saved names the message.
  await video.generate();
  await waitForLibrary(page, 'video', 1, 90_000);
  const clip = (await pageCall(page, 'library.list', { kind: 'video' })).value.items[0];
  expect(clip.madeFrom).toEqual([expect.objectContaining({ kind: 'chatMessage', name: expect.stringContaining('Storyboard') })]);

  // A reply longer than the speech endpoint takes (4,096 characters) is refused before sending.
  await chat.open();
  const long = await chat.send('Tell me everything [tokens:1500]');
  await chat.expectStatus(long, 'complete', 60_000);
  await long.getByRole('button', { name: 'Read aloud', exact: true }).click();
  await expect(long.getByRole('region', { name: 'Read aloud' }).getByRole('alert')).toContainText('speech takes at most 4,096');
  expect((await pageCall(page, 'library.list', { kind: 'audio' })).value.total).toBe(0);
});
