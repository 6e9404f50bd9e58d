/**
 * The first paint (docs/performance-findings.md, "First paint"): the window shows the studio's frame from
 * HTML and CSS alone, before any script runs, and the app then takes its place without moving it.
 */
import { test, expect } from './fixtures.js';
import { ROUTED_PAGE } from './support/routed-page.js';
import { TAB_NAMES } from './pages/studio-page.js';

test.use(ROUTED_PAGE);

const boxes = (selector: string) => `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; })`;

test('with its scripts held back, the window still shows the studio\'s frame, and the app replaces it in place', async ({ page, studio }) => {
  // A machine so slow that no script has run yet: here, none ever arrives.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(studio.url);
  const frame = page.locator('.boot-frame');
  await expect(frame).toBeVisible();
  await expect(frame.getByText('Gateway Studio')).toBeVisible();
  // One icon per tab, drawn, in the navigation's place.
  const icons = frame.locator('nav svg.icon');
  await expect(icons).toHaveCount(TAB_NAMES.length);
  for (const icon of await icons.all()) await expect(icon).toBeVisible();
  // A picture of the app, not the app: nothing in it for assistive technology to offer.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const frameTabs = (await page.evaluate(boxes('.boot-frame .tab'))) as number[][];
  const frameBar = (await page.evaluate(boxes('.boot-frame .topbar'))) as number[][];

  // With its scripts, the app takes the frame's place, tab by tab.
  await page.unroute('**/assets/*.js');
  await page.goto(studio.url);
  await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(page.locator('.boot-frame')).toHaveCount(0);
  const appTabs = (await page.evaluate(boxes('[role="tablist"] [role="tab"]'))) as number[][];
  const appBar = (await page.evaluate(boxes('header.topbar'))) as number[][];
  expect(appTabs).toEqual(frameTabs);
  expect(Math.abs(appBar[0][3] - frameBar[0][3])).toBeLessThanOrEqual(1);
  // The balance, asked for once the first screen is usable, arrives without moving anything.
  await expect(page.getByTestId('balance-cash')).toBeVisible();
  expect(await page.evaluate(boxes('[role="tablist"] [role="tab"]'))).toEqual(frameTabs);
});
