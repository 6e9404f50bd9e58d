/**
 * The Storyboard tab end to end (docs/storyboards.md), against the embedded sandbox on its 20×
 * clock: a board is made and filled by keyboard, priced before it runs (the jobs it would send),
 * run until every picture, video and narration is saved; a changed narration then makes only
 * that narration again; shots reorder and duplicate by keyboard; axe finds nothing serious on a
 * board with content in either theme. No fixed sleeps: every wait is on something visible.
 */
import { test, expect } from './fixtures.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { StoryboardPage } from './pages/storyboard-page.js';
import { submitTask } from './pages/gallery-page.js';
import { waitForLibrary } from './pages/video-page.js';
import { sandbox } from './pages/tasks-page.js';
import { pageCall } from './pages/page-call.js';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { installedFfmpegPath } from '../media/ffmpeg-process.js';
import { reportMedia, type MediaReport } from '../media/media-report.js';

/** ffmpeg's own report of a library item (the bundled ffmpeg, as the film was made with). */
async function inspect(page: Page, itemId: string): Promise<MediaReport> {
  const item = (await pageCall(page, 'library.get', { id: itemId })).value;
  const dir = (await pageCall(page, 'settings.get')).value.libraryDir as string;
  const r = await reportMedia((await installedFfmpegPath())!, join(dir, item.file));
  if (!r.ok) throw new Error(r.detail);
  return r.report;
}

/** Each shot lasts its clip or its narration, whichever is longer. */
async function shotSeconds(page: Page, items: { video: string | null; narration: string | null }[]): Promise<number> {
  let sum = 0;
  for (const i of items) sum += Math.max((await inspect(page, i.video!)).durationSeconds!, i.narration ? (await inspect(page, i.narration)).durationSeconds! : 0);
  return sum;
}

const PROMPTS = ['a red lighthouse at dusk', 'a keeper climbs the spiral stairs', 'the lamp sweeps over a stormy sea'];
const NARRATION = ['Every night the light comes on.', 'He climbs the stairs alone.', 'And the ships find their way home.'];

test('a board filled by keyboard runs to the end, a changed narration alone is made again, shots move and copy by keyboard', async ({ page, studio }) => {
  test.setTimeout(300_000);
  const board = new StoryboardPage(page);
  await board.studio.open(studio.url);
  await board.open();
  await expect(board.panel.getByRole('heading', { name: 'No storyboards yet' })).toBeVisible();

  await board.panel.getByRole('button', { name: 'New storyboard' }).press('Enter');
  await expect(board.panel.getByRole('button', { name: /^Untitled storyboard/ })).toBeVisible();
  await expect(board.panel.getByText('This storyboard has no shots yet.')).toBeVisible();
  await board.panel.getByRole('textbox', { name: 'Title' }).fill('The lighthouse keeper');

  await test.step('three shots added and filled by keyboard', async () => {
    for (const [i, prompt] of PROMPTS.entries()) {
      await board.addShot.focus();
      await page.keyboard.press('Enter');
      const card = board.shot(i + 1);
      // The new shot's picture prompt takes the focus: typing fills it.
      await expect(card.getByRole('textbox', { name: 'Picture prompt' })).toBeFocused();
      await page.keyboard.type(prompt);
      await card.getByRole('checkbox', { name: 'Narration line' }).focus();
      await page.keyboard.press('Space');
      await card.getByRole('textbox', { name: 'Narration text' }).focus();
      await page.keyboard.type(NARRATION[i]);
    }
    await expect(board.shots).toHaveCount(3);
    await board.expectSaved();
  });

  await test.step('priced before it runs, then run until every stage is saved', async () => {
    // Three pictures, three videos, three narrations.
    await expect(board.estimate).toHaveAttribute('data-jobs', '9');
    await expect(board.estimate).toContainText('9 jobs');
    await expect(board.progress).toHaveText('0 of 9 stages done');
    await board.runBar.getByRole('button', { name: 'Run board' }).click();
    await expect(board.runBar.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(board.progress).toHaveText('9 of 9 stages done', { timeout: 240_000 });
    await expect(board.runBar.getByRole('button', { name: 'Run board' })).toBeVisible();
    for (const n of [1, 2, 3]) {
      await expect(board.shot(n).getByRole('img', { name: `Picture of shot ${n}` })).toBeVisible();
      await expect(board.shot(n).getByLabel(`Video of shot ${n}`)).toBeVisible();
      await expect(board.shot(n).getByLabel(`Narration of shot ${n}`)).toBeVisible();
    }
    await expect(board.estimate).toContainText('Everything is made: nothing to run.');
  });

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expectNoSeriousViolations(page, `a run storyboard (${theme})`);
  }

  const film = board.panel.getByTestId('film-bar');
  let firstFilm = '';
  await test.step('the shots become one film: their summed length, one picture and one sound, a chapter each', async () => {
    await film.getByRole('button', { name: 'Make the film' }).press('Enter');
    await expect(film).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
    await expect(film.getByTestId('film-status')).toContainText('The film is ready');
    await expect(film.getByLabel('Film of The lighthouse keeper')).toBeVisible();
    firstFilm = (await pageCall(page, 'storyboard.film', { id: await board.boardId() })).value.itemId;
    const out = await inspect(page, firstFilm);
    expect(out.durationSeconds).toBeCloseTo(await shotSeconds(page, (await board.readBoard()).map((s) => s.items)), 0);
    expect(out.streams.filter((x) => x.kind === 'video')).toHaveLength(1);
    expect(out.streams.filter((x) => x.kind === 'audio')).toHaveLength(1);
    expect(out.chapters.map((c) => c.title)).toEqual(NARRATION.map((n, i) => `${i + 1}. ${n}`));
  });

  await test.step('a changed narration makes only that narration again', async () => {
    const before = await board.readBoard();
    await board.shot(2).getByRole('textbox', { name: 'Narration text' }).fill('He climbs the stairs, slowly.');
    await board.expectSaved();
    await expect(board.estimate).toHaveAttribute('data-jobs', '1');
    await expect(board.stage(2, 'narration')).toHaveAttribute('data-state', 'idle');
    await board.runBar.getByRole('button', { name: 'Run board' }).click();
    await expect(board.progress).toHaveText('9 of 9 stages done', { timeout: 120_000 });
    await expect(board.stage(2, 'narration')).toHaveAttribute('data-state', 'done');
    const after = await board.readBoard();
    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
    expect(after[1].items.narration).not.toBe(before[1].items.narration);
    expect({ ...after[1].items, narration: null }).toEqual({ ...before[1].items, narration: null });
    expect(after[0].items).toEqual(before[0].items);
    expect(after[2].items).toEqual(before[2].items);
    // The film no longer matches: made again, it takes the new narration.
    await expect(film.getByTestId('film-status')).toContainText('The board changed since this film was made');
    await film.getByRole('button', { name: 'Make the film again' }).press('Enter');
    await expect(film.getByTestId('film-status')).toContainText('The film is ready', { timeout: 120_000 });
    const again = (await pageCall(page, 'storyboard.film', { id: await board.boardId() })).value.itemId;
    expect(again).not.toBe(firstFilm);
    const out = await inspect(page, again);
    expect(out.chapters[1].title).toBe('2. He climbs the stairs, slowly.');
    expect(out.durationSeconds).toBeCloseTo(await shotSeconds(page, after.map((s) => s.items)), 0);
  });

  await test.step('Alt+↑ moves a shot with the focus kept; a duplicate is a new shot with the same content', async () => {
    const ids = await board.shotIds();
    const prompt = board.shot(3).getByRole('textbox', { name: 'Picture prompt' });
    await prompt.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => board.shotIds()).toEqual([ids[0], ids[2], ids[1]]);
    await expect(board.shot(2).getByRole('textbox', { name: 'Picture prompt' })).toBeFocused();
    await expect(board.shot(2).getByRole('textbox', { name: 'Picture prompt' })).toHaveValue(PROMPTS[2]);
    await board.expectSaved();
    // A move changes nothing to make.
    await expect(board.estimate).toContainText('Everything is made: nothing to run.');
    await expect(board.stage(2, 'video')).toHaveAttribute('data-state', 'done');

    await board.shot(1).getByRole('button', { name: 'Duplicate' }).focus();
    await page.keyboard.press('Enter');
    await expect(board.shots).toHaveCount(4);
    await expect(board.shot(2)).toBeFocused();
    await expect(board.shot(2).getByRole('textbox', { name: 'Picture prompt' })).toHaveValue(PROMPTS[0]);
    await expect(board.shot(2).getByRole('textbox', { name: 'Narration text' })).toHaveValue(NARRATION[0]);
    expect(new Set(await board.shotIds()).size).toBe(4);
    await board.expectSaved();
    // The copy has none of its original's stages: its three are to make.
    await expect(board.estimate).toHaveAttribute('data-jobs', '3');
    await expect(board.stage(2, 'picture')).toHaveAttribute('data-state', 'idle');
    await expect(board.stage(1, 'picture')).toHaveAttribute('data-state', 'done');
  });

  await test.step('the board is kept after a reload; removing it asks first', async () => {
    await page.reload();
    await board.open();
    await expect(board.shots).toHaveCount(4);
    await board.panel.getByRole('button', { name: 'Remove storyboard' }).click();
    await expect(board.panel.getByRole('button', { name: 'Keep', exact: true })).toBeFocused();
    await board.panel.getByRole('group', { name: 'Remove storyboard' }).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(board.panel.getByRole('heading', { name: 'No storyboards yet' })).toBeVisible();
  });
});

test('a picture taken from the Gallery is done from the start; a refused shot says so at the shot and keeps what was typed', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const board = new StoryboardPage(page);
  await board.studio.open(studio.url);
  // A saved picture whose gateway link still lives.
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: 'a harbour at first light' } });
  await waitForLibrary(page, 'image', 1);
  await board.open();
  await board.panel.getByRole('button', { name: 'New storyboard' }).click();
  await board.addShot.click();
  const card = board.shot(1);
  await card.getByRole('combobox', { name: 'Picture source' }).selectOption('From Gallery');
  await expect(card.getByText('No picture chosen yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Choose from Gallery' }).click();
  await card.getByRole('list', { name: 'Gallery pictures' }).getByRole('button', { name: 'Use a harbour at first light' }).click();
  await expect(card.getByText('Chosen: a harbour at first light')).toBeVisible();
  await board.expectSaved();
  await expect(board.stage(1, 'picture')).toHaveAttribute('data-state', 'done');
  // Only the video is left to make.
  await expect(board.estimate).toHaveAttribute('data-jobs', '1');

  // The model makes 5 to 10 seconds: the host refuses 3, the shot says why, the 3 stays.
  const duration = card.getByRole('spinbutton', { name: 'Duration (seconds)' });
  await duration.fill('3');
  await expect(card.getByTestId('shot-error')).toContainText('Shot 1 cannot be made');
  await expect(board.panel.getByTestId('save-status')).toHaveAttribute('data-status', 'refused');
  await expect(duration).toHaveValue('3');
  await duration.fill('6');
  await board.expectSaved();
  await expect(card.getByTestId('shot-error')).toHaveCount(0);
});

test('a failed picture stops only its shot, says why, and "Retry shot" makes it and its video', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const board = new StoryboardPage(page);
  await board.studio.open(studio.url);
  await board.open();
  await board.panel.getByRole('button', { name: 'New storyboard' }).click();
  await board.addShot.click();
  await page.keyboard.type('a lighthouse in fog');
  await board.expectSaved();
  await expect(board.estimate).toHaveAttribute('data-jobs', '2');
  await sandbox.failNextTask(studio.sandboxUrl, 'The fog hid the lighthouse');
  await board.runBar.getByRole('button', { name: 'Run board' }).click();
  await expect(board.stage(1, 'picture')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(board.stage(1, 'picture')).toContainText('The fog hid the lighthouse');
  await expect(board.stage(1, 'video')).toHaveAttribute('data-state', 'idle');
  await expect(board.progress).toHaveText('0 of 2 stages done · 1 failed');
  await board.shot(1).getByRole('button', { name: 'Retry shot' }).click();
  // A new job may be paid for: asked first, "Not now" has the focus.
  const ask = board.shot(1).getByRole('group', { name: 'Retry shot' });
  await expect(ask.getByRole('button', { name: 'Not now' })).toBeFocused();
  await ask.getByRole('button', { name: 'Make again' }).click();
  await expect(board.progress).toHaveText('2 of 2 stages done', { timeout: 90_000 });
  await expect(board.shot(1).getByRole('button', { name: 'Retry shot' })).toHaveCount(0);
});
