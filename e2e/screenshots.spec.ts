/**
 * README's screenshots, retaken by every end-to-end run so they never drift from the product:
 * the Settings tab with a gateway profile, in both themes.
 */
import { test, expect } from './fixtures.js';
import { StudioPage } from './pages/studio-page.js';

for (const theme of ['light', 'dark'] as const) {
  test(`screenshot of the studio in the ${theme} theme`, async ({ page, studio }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    const studioPage = new StudioPage(page);
    await studioPage.open(studio.url);
    await studioPage.addProfile({ name: 'Work gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox' });
    await studioPage.testConnection('Work gateway');
    await expect(studioPage.balance).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/settings-${theme}.png` });
  });
}
