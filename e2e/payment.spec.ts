/**
 * A 402 anywhere shows a clear top-up banner and keeps what the user typed.
 * The billed call here is a job submitted through the contract from the page itself, as the
 * Image tab will do: same origin, same cookie, the real host and a broke gateway key.
 */
import { test, expect } from './fixtures.js';
import { StudioPage } from './pages/studio-page.js';
import { pageCall } from './pages/page-call.js';

test('a broke key shows the top-up banner and the draft survives', async ({ page, studio }) => {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  await studioPage.addProfile({ name: 'Broke gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox-broke' });
  await studioPage.activateProfile('Broke gateway');

  // A half-typed draft elsewhere in the studio.
  const settings = await studioPage.openTab('Settings');
  await settings.getByRole('button', { name: 'Add profile' }).click();
  const draft = settings.getByRole('form', { name: 'Add a gateway profile' }).getByLabel('Name', { exact: true });
  await draft.fill('Half-typed profile name');

  const result = await pageCall(page, 'tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a lighthouse' } });
  expect(result).toMatchObject({ ok: false, error: { code: 'payment_required' } });

  const text = await studioPage.readBanner();
  expect(text).toMatch(/top up/i);
  await expect(draft).toHaveValue('Half-typed profile name');
  await studioPage.dismissBanner();
  await expect(draft).toHaveValue('Half-typed profile name');
});
