/**
 * A video in the results lightbox promises only what works for a video: no zoom is offered or
 * named, no ← → when there is no other result (a list of several is lightbox.test.tsx's), and once
 * the player has the focus the keys line names the player's own keys, which work. A Gallery remix of a video made from a starting image gets that image back.
 */
import { test, expect } from './fixtures.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';
import { VideoPage, waitForLibrary } from './pages/video-page.js';

test('the video lightbox names only keys that work, and a remix brings the starting image back', async ({ page, studio }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const video = new VideoPage(page);
  await video.studio.open(studio.url);
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: 'a red lighthouse at dusk', resolution: '1K' } });
  await waitForLibrary(page, 'image', 1);

  await video.open();
  await video.chooseModel('modelg3');
  await video.prompt.fill('the beam sweeps the sea');
  const picker = await video.openGalleryPicker();
  await picker.getByRole('button', { name: /a red lighthouse at dusk \(link valid/ }).click();
  const start = await video.field('Starting image URL (optional)').inputValue();
  expect(start).toMatch(/^https?:\/\/\S+$/);
  await video.generate();
  await video.waitForPlayableVideo();

  const opener = video.result.getByRole('button', { name: 'Open larger' });
  await opener.click();
  const box = page.getByRole('dialog', { name: 'Full-size video' });
  await expect(box).toBeVisible();
  const keys = box.getByTestId('lightbox-keys');
  // One result: neither ← → nor zoom is promised, and none is offered.
  await expect(keys).toHaveText('Tab to the player, then Space plays · Esc closes');
  await expect(box.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);
  await expect(box.getByRole('button', { name: 'Next result' })).toHaveCount(0);
  // What the line names works: Tab reaches the player, whose own keys the line then names.
  const player = box.locator('video');
  for (let i = 0; i < 4 && !(await player.evaluate((v) => v === (globalThis as any).document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(player).toBeFocused();
  await expect(keys).toHaveText('In the player: Space plays, ← → seek · Esc closes');
  await page.keyboard.press('Space');
  await expect.poll(() => player.evaluate((v) => (v as unknown as { paused: boolean }).paused)).toBe(false);
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(opener).toBeFocused();

  // Remix of the clip made from the starting image: the form gets that image back.
  const gallery = new GalleryPage(page);
  await gallery.open();
  await gallery.filterKind('Videos');
  await gallery.openDetail(gallery.cell(/the beam sweeps the sea/));
  await gallery.detail.getByRole('button', { name: 'Remix in Video' }).click();
  await expect(video.studio.tab('Video')).toHaveAttribute('aria-selected', 'true');
  await expect(video.prompt).toHaveValue('the beam sweeps the sea');
  await expect(video.field('Starting image URL (optional)')).toHaveValue(start);
});
