/**
 * The benchmarks' "on screen" moment (frame-probe.ts): a page that keeps a list at its end from
 * a ResizeObserver, as the studio's message list does, is drawn at its end in the frame its
 * content grows. The probe must name that frame, neither the one after (a figure one frame too
 * slow) nor one before the page shows it (a figure too fast).
 */
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium-args.js';
import { UNTIL_SHOWN } from './frame-probe.js';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(() => browser?.close());

interface Frames {
  /** performance.now() in the animation callbacks of the frame the change is drawn in, and of the next. */
  changedFrame: number;
  nextFrame: number;
  paintedAt: number;
  /** What the probe said it waited for, in order. */
  waited: string[];
}

/**
 * A scroller kept at its end by the page's own ResizeObserver; its content grows in a task, and
 * with `settleFrames` > 0 the page moves the view to the end only that many frames later (from
 * an animation callback).
 */
async function grow(settleFrames: number): Promise<Frames> {
  const page = await browser.newPage();
  try {
    await page.setContent('<div id="s" style="height:200px;overflow:auto"><div id="c" style="height:1000px"></div></div>');
    return (await page.evaluate(`new Promise((resolve) => {
      const s = document.getElementById('s');
      const c = document.getElementById('c');
      const untilShown = ${UNTIL_SHOWN};
      const toEnd = () => { s.scrollTop = s.scrollHeight; };
      new ResizeObserver(() => { if (${settleFrames} === 0) toEnd(); }).observe(c);
      toEnd();
      setTimeout(() => {
        const times = [];
        const mark = () => { times.push(performance.now()); if (${settleFrames} > 0 && times.length - 1 === ${settleFrames}) toEnd(); if (times.length < ${settleFrames} + 2) requestAnimationFrame(mark); };
        requestAnimationFrame(mark);
        c.style.height = '3000px';
        const waited = [];
        const atEnd = () => (c.offsetHeight === 3000 && s.scrollHeight - s.scrollTop - s.clientHeight <= 2 ? '' : 'the view at the end');
        untilShown(atEnd, (w) => waited.push(w)).then((paintedAt) => {
          const wait = () => (times.length < ${settleFrames} + 2 ? requestAnimationFrame(wait) : resolve({ changedFrame: times[${settleFrames}], nextFrame: times[${settleFrames} + 1], paintedAt, waited }));
          wait();
        });
      }, 50);
    })`)) as Frames;
  } finally {
    await page.close();
  }
}

describe('the moment a change is on screen', () => {
  it("names the frame in which the page's own observer brings the view to the end, not the one after", async () => {
    const f = await grow(0);
    expect(f.waited).toEqual([]);
    expect(f.paintedAt).toBeGreaterThan(f.changedFrame);
    expect(f.paintedAt).toBeLessThan(f.nextFrame);
  });

  it('waits for the frame that shows the change when the page gets there frames later', async () => {
    const f = await grow(3);
    expect(f.waited).toEqual(['the view at the end', 'the view at the end', 'the view at the end']);
    expect(f.paintedAt).toBeGreaterThan(f.changedFrame);
    expect(f.paintedAt).toBeLessThan(f.nextFrame);
  });
});
