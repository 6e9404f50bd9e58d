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

test('the banner belongs to the broke profile: another profile hides it, and its balance says "No balance"', async ({ page, studio }) => {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  await studioPage.addProfile({ name: 'Broke gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox-broke' });
  await studioPage.activateProfile('Broke gateway');
  // The sandbox's broke key has no tokens, no cash and no credit (sandbox/core/accounts.ts).
  await expect(studioPage.balance).toHaveAttribute('data-state', 'none');
  await expect(studioPage.balanceWarning).toHaveText(/No balance/);
  await expect(studioPage.balance).not.toContainText('Low balance');

  const result = await pageCall(page, 'tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a lighthouse' } });
  expect(result).toMatchObject({ ok: false, error: { code: 'payment_required' } });
  expect(await studioPage.readBanner()).toMatch(/top up/i);

  await studioPage.activateProfile('Offline sandbox');
  await expect(studioPage.sandboxBadge).toBeVisible();
  await expect(studioPage.banner).toBeHidden();
  await expect(studioPage.balance).toHaveAttribute('data-state', 'fine');
  await expect(studioPage.balanceWarning).toBeHidden();

  // Back on the broke profile: the widget still says so; the banner, about one refused job, is not brought back.
  await studioPage.activateProfile('Broke gateway');
  await expect(studioPage.balance).toHaveAttribute('data-state', 'none');
  await expect(studioPage.banner).toBeHidden();
});
