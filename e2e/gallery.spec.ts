/**
 * The Gallery tab end to end: jobs submitted through the contract are saved by the
 * real job pipeline and show up live; thumbnails and playback load through the media route;
 * search, filters, detail, copy, delete and remix work; and a library of thousands of items is
 * virtualized and paged.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './fixtures.js';
import { GalleryPage, imageLoaded, libraryTotal, submitTask, switchLibraryFolder } from './pages/gallery-page.js';
import { Library } from '@host/library/library.js';
import { LibraryItem } from '@host/library/library-item.js';
import { pngBytes } from '@host/library/test/fixtures.js';

/** What the page's clipboard offers (the e2e project compiles without the DOM lib). */
type Clipboarded = { navigator: { clipboard: { readText(): Promise<string> } } };

const image = (prompt: string) => ({ route: 'image' as const, request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
const video = (prompt: string) => ({ route: 'video-multipart' as const, request: { model: 'wan2.5-t2v-preview', prompt, seconds: '3' } });
/** Jobs run on the sandbox's 20× clock, but a video still takes a few real seconds to render and save. */
const SAVED = { timeout: 45_000 };

test('saved jobs show up with thumbnails that load, the video plays, and search and kind filter narrow the grid', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await gallery.open();
  await gallery.expectCount(0);
  await expect(gallery.panel.getByText('Nothing saved yet')).toBeVisible();

  // The tab is open while the jobs finish: they must arrive through library.onDidChange, not a reload.
  await submitTask(page, image('a red lighthouse at dusk'));
  await submitTask(page, image('a blue whale in fog'));
  await submitTask(page, video('waves on a pebble beach'));
  await expect(gallery.count).toHaveText('3 items', SAVED);

  const lighthouse = gallery.cell(/red lighthouse/);
  const whale = gallery.cell(/blue whale/);
  // Its length is read from the saved file's header and said with the kind.
  const waves = gallery.cell(/^Video, \d+:\d\d: waves on a pebble beach/);
  for (const cell of [lighthouse, whale]) {
    await expect(cell).toBeVisible();
    await expect.poll(() => gallery.thumbnailLoaded(cell)).toBe(true);
  }
  // A video cell shows its poster when the host could make one (ffmpeg.wasm cannot decode the
  // sandbox's multipart MP4 yet, so today it falls back to the video icon); either way it loads.
  await expect(waves).toBeVisible();
  if ((await waves.locator('img').count()) > 0) await expect.poll(() => gallery.thumbnailLoaded(waves)).toBe(true);
  else await expect(waves.locator('svg').first()).toBeVisible();
  // Newest first: the video was submitted last.
  await expect(gallery.cells.first()).toHaveAccessibleName(/^Video, \d+:\d\d: waves/);

  // The video's detail view plays the saved file.
  const detail = await gallery.openDetail(waves);
  expect(await gallery.mediaDuration('video')).toBeCloseTo(3, 0);
  expect(await gallery.metadata('Model')).toBe('wan2.5-t2v-preview');
  expect(await gallery.metadata('Prompt')).toBe('waves on a pebble beach');
  await expect(detail.getByRole('button', { name: 'Show in folder' })).toHaveCount(0); // browser shell
  await page.keyboard.press('Escape');
  await expect(gallery.detail).toBeHidden();
  await expect(waves).toBeFocused();

  // Keyboard: Enter opens the focused cell, arrows move between cells.
  await page.keyboard.press('ArrowRight');
  await expect(gallery.cells.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(gallery.detail).toBeVisible();
  await page.keyboard.press('Escape');

  await gallery.search('WHALE');
  await gallery.expectCount(1);
  await expect(gallery.cells).toHaveCount(1);
  await expect(whale).toBeVisible();
  await gallery.search('no such prompt anywhere');
  await gallery.expectCount(0);
  await expect(gallery.panel.getByText('No items match these filters.')).toBeVisible();
  await gallery.search('');
  await gallery.expectCount(3);

  await gallery.filterKind('Videos');
  await gallery.expectCount(1);
  await expect(gallery.cells).toHaveCount(1);
  await expect(waves).toBeVisible();
  await gallery.filterKind('Images');
  await gallery.expectCount(2);
  await expect(waves).toHaveCount(0);
  await gallery.filterKind('Audio');
  await gallery.expectCount(0);
  await gallery.filterKind('All');
  await gallery.expectCount(3);
});

test('the detail view shows the metadata, copies the prompt, and Delete asks first and removes the item for good', async ({ page, studio }) => {
  test.setTimeout(60_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await submitTask(page, image('a paper boat on a canal'));
  await submitTask(page, image('a fox asleep in the snow'));
  await gallery.open();
  await expect(gallery.count).toHaveText('2 items', SAVED);

  const boat = gallery.cell(/paper boat/);
  const detail = await gallery.openDetail(boat);
  expect(await gallery.metadata('Prompt')).toBe('a paper boat on a canal');
  expect(await gallery.metadata('Model')).toBe('seedream-4-0');
  expect(await gallery.metadata('Kind')).toMatch(/^Image \(image\/(png|jpeg)\)$/);
  expect(await gallery.metadata('Dimensions')).toMatch(/^\d+ × \d+$/);
  expect(await gallery.metadata('Size')).toMatch(/\d+(\.\d)? (B|KB|MB)$/);
  expect(await gallery.metadata('Task id')).not.toBe('');
  expect(await gallery.metadata('Parameters')).toContain('1K');
  await expect(detail.getByRole('link', { name: /^https?:\/\// })).toBeVisible();
  // The full-size image loads.
  await expect.poll(() => imageLoaded(detail.locator('img'))).toBe(true);

  await detail.getByRole('button', { name: 'Copy prompt' }).click();
  // (The zoom level is an <output>, a status too.)
  await expect(detail.getByRole('status').filter({ hasText: 'copied' })).toHaveText('Prompt copied.');
  expect(await page.evaluate(() => (globalThis as unknown as Clipboarded).navigator.clipboard.readText())).toBe('a paper boat on a canal');

  // The first Delete only asks; "Keep" (which has the focus) backs out.
  await detail.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = detail.getByRole('group', { name: 'Confirm delete' });
  await expect(confirm).toContainText('cannot be undone');
  await expect(confirm.getByRole('button', { name: 'Keep' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toBeHidden();
  await gallery.deleteOpenItem();
  await gallery.expectCount(1);
  await expect(boat).toHaveCount(0);
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Deleted image' })).toBeVisible();

  // Gone from disk too, not just from the page.
  await page.reload();
  await gallery.studio.open(studio.url);
  await gallery.open();
  await gallery.expectCount(1);
  await expect(gallery.cell(/fox asleep/)).toBeVisible();
  await expect(boat).toHaveCount(0);

  // Saved while the gallery is hidden: marked stale then, refetched when the tab is shown again.
  await gallery.studio.openTab('Settings');
  await submitTask(page, image('a kite over the dunes'));
  await expect.poll(() => libraryTotal(page), SAVED).toBe(2);
  await gallery.open();
  await gallery.expectCount(2);
  await expect(gallery.cell(/kite over the dunes/)).toBeVisible();
});

const SEEDED = 3000;
const HOUR = 3_600_000;
const BASE = new Date(2025, 5, 15, 12).getTime();
const MODELS = ['seedream-4-0', 'flux-kontext-pro'];
const localDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * A library folder with SEEDED images and one speech clip, made the way the host makes them: the
 * first image and the audio are saved with the library's own `add` (real sniffing, thumbnail and
 * sidecar); the other images are copies of that file with sidecars in the same format, which is
 * how thousands of items can be seeded in a second. Speech does not go through tasks yet, so the
 * clip is real sandbox speech fetched from the gateway's /v1/audio/speech.
 */
async function seedLibrary(root: string, db: string, gatewayUrl: string): Promise<void> {
  const lib = new Library({ root, db, ffmpeg: false });
  await lib.open();
  const first = join(root, '..', 'seed-first.png');
  await writeFile(first, pngBytes(64, 48, 7));
  const template = await lib.add({ source: first, name: 'seeded', meta: { kind: 'image', prompt: 'seeded picture #0', model: MODELS[0], params: { resolution: '1K' }, createdAt: BASE } });

  const speech = await fetch(`${gatewayUrl}/v1/audio/speech`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk-sandbox', 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'tts-1', input: 'Hello from the gallery test.', voice: 'alloy', response_format: 'mp3' }),
  });
  expect(speech.ok).toBe(true);
  const clip = join(root, '..', 'seed-speech.mp3');
  await writeFile(clip, Buffer.from(await speech.arrayBuffer()));
  await lib.add({ source: clip, name: 'hello', meta: { kind: 'audio', prompt: 'Hello from the gallery test.', model: 'tts-1', params: { voice: 'alloy' }, createdAt: Date.now() } });
  await lib.close();

  const folder = '2025-06';
  await mkdir(join(root, folder), { recursive: true });
  const source = join(root, ...template.file.split('/'));
  const copies = Array.from({ length: SEEDED - 1 }, (_, k) => k + 1);
  for (let at = 0; at < copies.length; at += 200) {
    await Promise.all(
      copies.slice(at, at + 200).map(async (i) => {
        const file = `${folder}/seeded-${i}.png`;
        const item = LibraryItem.parse({ ...template, id: `seeded-${i}`, file, prompt: `seeded picture #${i}`, model: MODELS[i % 2], createdAt: BASE - i * HOUR });
        await copyFile(source, join(root, folder, `seeded-${i}.png`));
        await writeFile(join(root, folder, `seeded-${i}.png.json`), JSON.stringify(item));
      }),
    );
  }
}

test('thousands of items: only visible rows are in the DOM, paging reaches the end, filters by model and date, audio plays and remixes', async ({ page, studio }) => {
  // Seeding writes 6,000 files; on a busy 2-core machine that alone can take a while.
  test.setTimeout(90_000);
  const root = join(studio.dataDir, 'Seeded library');
  await seedLibrary(root, join(studio.dataDir, 'seed.db'), studio.gatewayUrl);

  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await gallery.open();
  await gallery.expectCount(0);
  // Switching the library folder reopens (and reconciles) it on the host; the gallery follows.
  await switchLibraryFolder(page, root, studio.moveCode);
  await gallery.expectCount(SEEDED + 1);

  const rendered = await gallery.cells.count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(150);
  await expect.poll(() => gallery.thumbnailLoaded(gallery.cell('Image: seeded picture #0'))).toBe(true);

  // End jumps to the oldest item: its page (offset 2800) is fetched when its rows come into view.
  await gallery.cells.first().focus();
  await page.keyboard.press('End');
  const oldest = gallery.cell(`Image: seeded picture #${SEEDED - 1}`);
  await expect(oldest).toBeFocused();
  await expect(oldest).toBeInViewport();
  expect(await gallery.cells.count()).toBeLessThan(150);
  await page.keyboard.press('Home');
  await expect(gallery.cells.first()).toBeFocused();

  await gallery.filterModel(MODELS[1]);
  await gallery.expectCount((SEEDED - 1 + 1) / 2);
  await gallery.filterModel('All models');

  // One local day: the items made that day by the creator's clock, whatever the time zone.
  const day = localDay(BASE - 100 * HOUR);
  const [y, m, d] = day.split('-').map(Number);
  const start = new Date(y, m - 1, d).getTime();
  const end = new Date(y, m - 1, d + 1).getTime();
  const expected = Array.from({ length: SEEDED }, (_, i) => BASE - i * HOUR).filter((t) => t >= start && t < end).length;
  await gallery.filterDates(day, day);
  await gallery.expectCount(expected);
  await gallery.clearFilters();
  await gallery.expectCount(SEEDED + 1);

  await gallery.filterKind('Audio');
  await gallery.expectCount(1);
  const clip = gallery.cell(/^Audio: Hello from the gallery test/);
  await gallery.openDetail(clip);
  expect(await gallery.mediaDuration('audio')).toBeGreaterThan(0.5);
  expect(await gallery.metadata('Model')).toBe('tts-1');

  await gallery.detail.getByRole('button', { name: 'Remix in Speech' }).click();
  await expect(gallery.detail).toBeHidden();
  await expect(gallery.studio.tab('Speech')).toHaveAttribute('aria-selected', 'true');
  await expect(gallery.studio.tab('Speech')).toBeFocused();
  await expect(page.getByTestId('remix-toast')).toContainText('Remix ready in the Speech tab: tts-1');
});
