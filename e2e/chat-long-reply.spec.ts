/**
 * A very long reply in Chromium: it renders only the parts near the view (its end, where it was
 * written), and a reader going back up through it, after a restart, keeps their place while the
 * parts above are shown for the first time at their real height, not the guessed one.
 */
import { test, expect } from './fixtures.js';
import { ChatPage, paceSandbox } from './pages/chat-page.js';

/** How far each step scrolls up, and what every step moved the text the reader looks at. */
const STEP_PX = 400;

test('a 20,000-token reply renders what is in view, and reading back up through it never jumps', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await paceSandbox(page, studio.sandboxUrl, 0);
  await chat.send('[tokens:20000] Tell me a very long story.');
  await chat.expectStatus(chat.lastReply, 'complete', 60_000);
  // Opened again after a restart, nothing of the reply has been shown yet but its end: every
  // part above stands in at a guessed height.
  await page.reload();
  await chat.open();
  const reply = chat.lastReply;
  await chat.expectStatus(reply, 'complete');

  // The end of the reply is on screen, formatted; most of it stands in as empty space (a box for
  // each run of parts not rendered), taller than all the parts that are.
  const parts = reply.locator('.md > .md-part');
  await expect(parts.last()).toBeInViewport();
  await expect(reply.locator('.md-code').last()).toBeVisible();
  const counts = () =>
    reply.locator('.md').evaluate((md) => {
      const height = (selector: string) => [...md.querySelectorAll(`:scope > ${selector}`)].reduce((px, e) => px + e.getBoundingClientRect().height, 0);
      return { shown: md.querySelectorAll(':scope > .md-part').length, shownPx: height('.md-part'), standInPx: height('.md-stand-in') };
    });
  const { shown, shownPx, standInPx } = await counts();
  expect(shown).toBeGreaterThan(0);
  expect(standInPx).toBeGreaterThan(2 * shownPx);

  // Up, a step at a time, to the top of the reply: whatever the reader looks at moves by the
  // step exactly, though the parts above it are shown (and measured) for the first time.
  const drift = await page.getByTestId('chat-scroll').evaluate(async (scroll, step) => {
    const page = scroll.ownerDocument.defaultView!;
    /** After the next paint (a frame callback runs before it, a message posted there after it). */
    const painted = () =>
      new Promise<void>((resolve) =>
        page.requestAnimationFrame(() => {
          const channel = new page.MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
      );
    /**
     * Where `el` is once what is painted stops changing: a part rendered between two frames is
     * laid out, measured and the view moved back before the next paint, and a position read in
     * between is one no reader ever sees.
     */
    const settled = async (el: { getBoundingClientRect(): { top: number } }) => {
      let top = Number.NaN;
      for (let i = 0; i < 30; i++) {
        await painted();
        const now = el.getBoundingClientRect().top;
        if (now === top) break;
        top = now;
      }
      return top;
    };
    const moved: number[] = [];
    for (let i = 0; i < 500 && scroll.scrollTop > 0; i++) {
      const view = scroll.getBoundingClientRect();
      const anchor = [...scroll.querySelectorAll('.md-part > *')].find((e) => {
        const r = e.getBoundingClientRect();
        return r.top >= view.top && r.bottom <= view.bottom;
      });
      const before = anchor ? await settled(anchor) : 0;
      const from = scroll.scrollTop;
      scroll.scrollTop = from - step;
      const asked = from - scroll.scrollTop;
      const after = anchor ? await settled(anchor) : 0;
      if (anchor?.isConnected) moved.push(after - before - asked);
    }
    return moved;
  }, STEP_PX);
  expect(drift.length).toBeGreaterThan(20);
  expect(drift.filter((px) => Math.abs(px) > 1)).toEqual([]);

  // The beginning is there, and End goes back to the end of the reply.
  await expect(reply).toContainText('Paragraph 3.');
  await expect(reply).toContainText('You asked: "[tokens:20000] Tell me a very long story."');
  expect((await counts()).shown).toBeGreaterThan(shown);
  await page.getByTestId('chat-scroll').press('End');
  await expect(parts.last()).toBeInViewport();
});
