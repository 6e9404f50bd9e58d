/**
 * The test browser does only the work its pages ask for (docs/performance.md, "The test browser's
 * own work"): each benchmark and end-to-end test opens its pages in a new window, and Chromium's
 * own pages loaded beside them took a core away from the page being timed.
 */
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PLAYWRIGHT_DISABLED_FEATURES } from './chromium-args.js';

/** Starts Chromium with these flags and opens a page in a new window (a Playwright context). */
async function newWindow<T>(args: string[], read: (send: (method: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
  try {
    const context = await browser.newContext();
    await context.newPage();
    const cdp = await browser.newBrowserCDPSession();
    return await read((method) => cdp.send(method as never));
  } finally {
    await browser.close();
  }
}

/** The pages of Chromium's own (chrome://) loaded while a window holds one blank page. */
const ownPages = (args: string[]) =>
  newWindow(args, async (send) => {
    const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: { url: string }[] };
    return targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome:'));
  });

describe('the test browser', () => {
  it("loads none of Chromium's own pages in a new window, which some builds do by default", async () => {
    const defaults = await ownPages(['--no-sandbox']);
    const ours = await ownPages(CHROMIUM_ARGS);
    expect(ours).toEqual([]);
    // The build this was written against loaded pages of its own by default, which the flags
    // stop; Debian's build 150 loads none either way, so the default is a bound, not a control.
    expect(defaults.length).toBeGreaterThanOrEqual(ours.length);
  });

  it('keeps every feature Playwright turns off, although its own list of them is replaced', async () => {
    // Chromium tells its command line only to a browser under automation.
    const switches = await newWindow(['--no-sandbox', '--enable-automation'], async (send) => ((await send('Browser.getBrowserCommandLine')) as { arguments: string[] }).arguments);
    const playwrights = switches.filter((s) => s.startsWith('--disable-features=')).flatMap((s) => s.slice('--disable-features='.length).split(','));
    expect(playwrights).toContain('PaintHolding');
    expect(playwrights.filter((f) => !PLAYWRIGHT_DISABLED_FEATURES.includes(f))).toEqual([]);
    const ours = CHROMIUM_ARGS.filter((s) => s.startsWith('--disable-features='));
    expect(ours).toHaveLength(1);
    expect(ours[0].split('=')[1].split(',')).toEqual(expect.arrayContaining(playwrights));
  });
});
