/**
 * Keeping to the newest lines while a reply comes in, as the reader sees it: in every frame in
 * which the conversation grew, the view is at the end when the frame is drawn. A reply can land
 * at once (a fast gateway, an unpaced stream) or a few lines at a time; the list used to follow a
 * frame later, so a frame showed the newest lines cut off below the view, or the view tens of
 * thousands of pixels above a long reply's end.
 */
import { test, expect } from './fixtures.js';
import { ChatPage, paceSandbox } from './pages/chat-page.js';

interface Frame {
  /** Pixels between the bottom of the view and the end of the conversation. */
  gap: number;
  height: number;
}

/**
 * Reads the view's distance from the end in the last step before a frame is drawn in which a
 * message grew: a ResizeObserver's callback runs after the frame's layout, and callbacks run in
 * the order their observers were made, so this one, made after the studio's, sees what the
 * studio did about the growth in that frame.
 */
const WATCH = `(() => {
  const scroll = document.querySelector('[data-testid="chat-scroll"]');
  const frames = [];
  const sizes = new ResizeObserver(() => {
    frames.push({ gap: scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight, height: scroll.scrollHeight });
  });
  const rows = () => scroll.querySelectorAll('[role="listitem"]').forEach((row) => sizes.observe(row));
  rows();
  const added = new MutationObserver(rows);
  added.observe(scroll, { subtree: true, childList: true });
  window.__frames = () => { sizes.disconnect(); added.disconnect(); return frames; };
})()`;

async function watchedReply(chat: ChatPage, prompt: string, pace: number, sandboxUrl: string): Promise<Frame[]> {
  const { page } = chat;
  await chat.newConversation();
  // The first turn mounts the list (and the studio's own observers); the watch starts after it.
  await paceSandbox(page, sandboxUrl, 20);
  await chat.send('[tokens:20] Hello.');
  await chat.expectStatus(chat.lastReply, 'complete');
  await paceSandbox(page, sandboxUrl, pace);
  await page.evaluate(WATCH);
  await chat.send(prompt);
  await chat.expectStatus(chat.lastReply, 'complete', 60_000);
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  return (await page.evaluate('window.__frames()')) as Frame[];
}

test('a 20,000-token reply that lands at once is drawn with the view at its end', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  const frames = await watchedReply(chat, '[tokens:20000] Tell me a very long story.', 0, studio.sandboxUrl);
  expect(frames.filter((f) => f.height > 20_000).length, 'frames with the long reply in them').toBeGreaterThan(0);
  expect(frames.filter((f) => f.gap > 2), 'frames drawn away from the end').toEqual([]);
  await expect(chat.lastReply.locator('.md > .md-part').last()).toBeInViewport();
});

test('a reply streamed a few words at a time is followed in the frame each piece is drawn', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  const frames = await watchedReply(chat, '[tokens:1500] Tell me a story.', 20, studio.sandboxUrl);
  // Streamed, not landed at once: it grew over several frames. How many depends on how busy the
  // machine is (a busy renderer draws several pieces in one frame), so only a few are asked for.
  expect(frames.length, 'frames in which the reply grew').toBeGreaterThan(4);
  expect(frames.filter((f) => f.gap > 2), 'frames drawn with the newest lines below the view').toEqual([]);
});
