/**
 * The harness catches a broken desktop build (docs/desktop-harness.md): the app is started from a
 * deliberately broken copy of `out/` (broken-build.ts) and what a user would meet, a studio that
 * never gets its data, comes with the emulation's record of why, as Electron would log it.
 */
import { test, expect } from './fixtures.js';
import { brokenBuild } from './broken-build.js';
import { StudioPage } from '../e2e/pages/studio-page.js';

test('a preload emitted as an ES module fails to load: the page has no bridge and the studio never gets its data', async ({ desktop }) => {
  const app = desktop.start({ main: await brokenBuild('esm-preload') });
  const studio = new StudioPage(await app.window());
  const failure = await app.waitFor('preload-error');
  expect(failure.message).toContain('Unable to load preload script');
  expect(failure.message).toMatch(/Cannot use import statement outside a module|Unexpected token 'export'/);
  expect(await studio.page.evaluate(() => typeof (globalThis as any).studio)).toBe('undefined');
  await expect(studio.activeProfile).toContainText('Unavailable');
  await expect(studio.sandboxBadge).toBeHidden();
});

test('a contract method without an IPC handler fails its calls with Electron\'s own error', async ({ desktop }) => {
  const app = desktop.start({ main: await brokenBuild('missing-handler', 'profiles.list') });
  const studio = new StudioPage(await app.window());
  const failure = await app.waitFor('ipc-error');
  expect(failure).toMatchObject({ channel: 'studio:call:profiles.list', message: "Error invoking remote method 'studio:call:profiles.list': Error: No handler registered for 'studio:call:profiles.list'" });
  // The renderer sees the call fail as the user would: the profile never shows.
  await expect(studio.activeProfile).toContainText('Unavailable');
  await expect(studio.sandboxBadge).toBeHidden();
});

test('a main process that names a preload file that is not there leaves the page without the bridge', async ({ desktop }) => {
  const app = desktop.start({ main: await brokenBuild('wrong-preload-path') });
  const studio = new StudioPage(await app.window());
  const failure = await app.waitFor('preload-error');
  expect(failure.message).toMatch(/Unable to load preload script: .*preload\.cjs\nENOENT/);
  expect(await studio.page.evaluate(() => typeof (globalThis as any).studio)).toBe('undefined');
  await expect(studio.activeProfile).toContainText('Unavailable');
  await expect(studio.sandboxBadge).toBeHidden();
});

test('a preload that requires a Node module is refused as in a sandbox: the page has no bridge', async ({ desktop }) => {
  const app = desktop.start({ main: await brokenBuild('preload-requires-node') });
  const studio = new StudioPage(await app.window());
  const failure = await app.waitFor('preload-error', (r) => r.message.includes('module not found'));
  expect(failure.message).toBe("A sandboxed preload can require only 'electron': module not found: fs");
  expect(await studio.page.evaluate(() => typeof (globalThis as any).studio)).toBe('undefined');
  await expect(studio.activeProfile).toContainText('Unavailable');
});
