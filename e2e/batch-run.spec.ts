/**
 * Batch runs from the composer (docs/batch-composer.md; docs/batches.md): the matrix as jobs, each saved once; a prompt
 * with variables expands to exactly its prompts; and a combination the spec forbids is refused
 * before anything reaches the gateway (the sandbox counts every submission).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { BatchPage } from './pages/batch-page.js';
import { pageCall } from './pages/page-call.js';

interface Cell { coords: Record<string, string>; jobId: string; state: string; libraryIds: string[] }

interface Job { id: string; prompt: string; model: string; params: Record<string, unknown> }

async function jobsById(page: Page): Promise<Map<string, Job>> {
  const r = await pageCall(page, 'tasks.list', {});
  return new Map((r.value as Job[]).map((j) => [j.id, j]));
}

async function submissions(sandboxUrl: string): Promise<Record<string, number>> {
  const res = await fetch(`${sandboxUrl}/_sandbox/submissions`);
  return ((await res.json()) as { prompts: Record<string, number> }).prompts;
}

test('3 prompts × 2 models × 2 ratios make 12 jobs, each saved once in its own cell', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const batch = new BatchPage(page);
  await batch.studio.open(studio.url);
  await batch.open();
  const prompts = ['a lighthouse at dawn', 'a fox in snow', 'a paper crane'];
  await batch.prompts(prompts);
  await batch.tick('Models', 'seedream-4-0', 'modela-4o-image');
  await batch.tick('Aspect ratio', '1:1', '16:9');
  await expect(batch.jobs).toHaveText('12 jobs');
  const id = await batch.queue();
  await expect(batch.done).toContainText('12 jobs');
  // The confirmation opens the batch's contact sheet; Escape closes it, back where it was opened.
  await batch.done.getByRole('button', { name: 'Open its contact sheet' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(batch.done.getByRole('button', { name: 'Open its contact sheet' })).toBeFocused();

  // Every job saved, each with its result, in the cell its coordinates name.
  await expect.poll(async () => {
    const r = await pageCall(page, 'batches.get', { id });
    return r.ok ? (r.value.cells as Cell[]).filter((c) => c.state === 'saved' && c.libraryIds.length > 0).length : -1;
  }, { timeout: 150_000 }).toBe(12);
  const { value } = await pageCall(page, 'batches.get', { id });
  const cells = value.cells as Cell[];
  const places = cells.map((c) => `${c.coords.prompt}|${c.coords.model}|${c.coords.aspect_ratio}`).sort();
  expect(new Set(places).size).toBe(12);
  const jobs = await jobsById(page);
  for (const cell of cells) {
    expect(jobs.get(cell.jobId)).toMatchObject({ prompt: cell.coords.prompt, model: cell.coords.model, params: expect.objectContaining({ size: cell.coords.aspect_ratio }) });
  }
  const sent = await submissions(studio.sandboxUrl);
  // Each prompt went to 2 models × 2 ratios, each once.
  for (const p of prompts) expect(sent[p]).toBe(4);
});

test('a prompt with two variables expands to exactly its prompts, one job each', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const batch = new BatchPage(page);
  await batch.studio.open(studio.url);
  await batch.open();
  await batch.template('a {subject} drawn in {style}', { subject: ['cat', 'heron'], style: ['ink', 'pastel', 'ink'] });
  await batch.tick('Models', 'seedream-4-0');
  await expect(batch.jobs).toHaveText('4 jobs');
  const id = await batch.queue();
  const r = await pageCall(page, 'batches.get', { id });
  const cells = r.value.cells as Cell[];
  const jobs = await jobsById(page);
  expect(cells.map((c) => jobs.get(c.jobId)?.prompt).sort()).toEqual([
    'a cat drawn in ink', 'a cat drawn in pastel', 'a heron drawn in ink', 'a heron drawn in pastel',
  ]);
  expect(cells.map((c) => [c.coords.subject, c.coords.style])).toEqual([['cat', 'ink'], ['cat', 'pastel'], ['heron', 'ink'], ['heron', 'pastel']]);
});

test('a forbidden combination is named with its rule and nothing is sent', async ({ page, studio }) => {
  const batch = new BatchPage(page);
  await batch.studio.open(studio.url);
  await batch.open();
  const prompt = 'a forbidden wide harbour';
  await batch.prompts([prompt]);
  await batch.tick('Models', 'seedream-4-5', 'seedream-4-0');
  // seedream-4-5 offers 21:9; seedream-4-0 does not (spec 2.15).
  await batch.tick('Aspect ratio', '21:9');
  await expect(batch.refusals).toHaveCount(1);
  await expect(batch.refusals.first()).toContainText('seedream-4-0 · Aspect ratio 21:9');
  await expect(batch.refusals.first()).toContainText('1:1, 4:3, 3:4, 16:9, 9:16, 3:2, 2:3');
  await expect(batch.queueButton).toBeDisabled();
  // The composer with a refusal in it is as usable with a screen reader and the keyboard as the forms are.
  await expectNoSeriousViolations(page, 'the batch composer');
  await batch.queueButton.click({ force: true });
  const list = await pageCall(page, 'batches.list', {});
  expect(list.value).toEqual([]);
  expect((await submissions(studio.sandboxUrl))[prompt]).toBeUndefined();
  // Untick the ratio and the same prompt queues.
  await batch.composer.getByRole('group', { name: 'Aspect ratio' }).getByRole('checkbox', { name: '21:9' }).uncheck();
  await expect(batch.refusals).toHaveCount(0);
  await expect(batch.queueButton).toBeEnabled();
});

test('the matrix, its cost and Queue stay in view beside the fields while they scroll', async ({ page, studio }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const batch = new BatchPage(page);
  await batch.studio.open(studio.url);
  await batch.open();
  // Three variables, three models: the fields run far below the window.
  await batch.template('a {place} at {hour} in {weather}', { place: ['dune', 'reef'], hour: ['noon', 'dusk'], weather: ['rain', 'fog'] });
  await batch.tick('Models', 'seedream-4-5', 'seedream-4-0', 'modela-4o-image');
  // The last field, reached as the keyboard reaches it.
  const name = batch.composer.getByLabel('Batch name');
  await name.focus();
  await expect(name).toBeInViewport();
  await expect(batch.jobs).toBeInViewport();
  await expect(batch.queueButton).toBeInViewport();
});
