/**
 * The prompt library end to end (docs/prompts.md), against the browser shell and its embedded
 * sandbox: a prompt with two variables saved in the library, inserted into the Image tab's prompt
 * with Ctrl+P and its values, generated, then shown with its result; the same palette in Chat,
 * Video and Speech, Esc giving the focus back; delete with undo; export then import round-trips
 * without a duplicate, and a bad file is reported prompt by prompt. No fixed sleeps.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { expectLoaded, ImagePage } from './pages/image-page.js';
import { pageCall } from './pages/page-call.js';
import { PromptLibraryPage } from './pages/prompt-library-page.js';
import { SpeechPage } from './pages/speech-page.js';
import { VideoPage } from './pages/video-page.js';

test('a prompt with two variables goes into the Image prompt with Ctrl+P, and shows the image it made', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const image = new ImagePage(page);
  const prompts = new PromptLibraryPage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.field('Number of images').fill('1');

  await prompts.openLibrary(image.prompt);
  await prompts.create({ title: 'Kite at dusk', text: 'a {colour} kite over {place}, watercolour', tags: 'sky, kites' });
  await expect(prompts.item('Kite at dusk')).toContainText('Variables: colour, place');
  await prompts.closeLibrary();
  await expect(image.prompt).toBeFocused();

  await image.prompt.fill('Study: ');
  await prompts.openFrom(image.prompt);
  await expect(prompts.option('Kite at dusk')).toBeVisible();
  await expectNoSeriousViolations(page, 'the prompt palette');
  await prompts.choose('kite', 'Kite at dusk');
  await expectNoSeriousViolations(page, 'the palette asking for variables');
  await expect(prompts.palette.getByTestId('prompt-preview')).toHaveText('a {colour} kite over {place}, watercolour');
  await prompts.fill({ colour: 'red', place: 'the harbour' });
  const expanded = 'Study: a red kite over the harbour, watercolour';
  await expect(image.prompt).toHaveValue(expanded);
  await expect(image.prompt).toBeFocused();

  await image.prompt.press('Control+Enter');
  const run = image.run(expanded);
  await image.expectImages(run, 1, 60_000);

  await prompts.openLibrary(image.prompt);
  const item = prompts.item('Kite at dusk');
  await item.getByRole('button', { name: 'Results' }).click();
  const result = item.getByTestId('prompt-result');
  await expect(result).toHaveCount(1, { timeout: 20_000 });
  await expectLoaded(result.locator('img'));
  await expect(result.locator('img')).toHaveAttribute('alt', expanded);
  await expectNoSeriousViolations(page, 'the prompt library with results');
  // Searched by a tag, and by a word of the text.
  await prompts.library.getByRole('searchbox', { name: 'Search the library' }).fill('watercolour');
  await expect(prompts.library.getByRole('listitem').filter({ hasText: 'Kite at dusk' })).toHaveCount(1);
});

test('the same palette fills the prompt of Chat, Video and Speech; Esc goes back to the field', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const prompts = new PromptLibraryPage(page);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  expect((await pageCall(page, 'prompts.save', { title: 'Greeting', text: 'hello {name}, tell me about {topic}' })).ok).toBe(true);

  await chat.open();
  await chat.newConversation();
  await prompts.openFrom(chat.messageBox);
  await prompts.choose('greet', 'Greeting');
  await prompts.fill({ name: 'Ada', topic: 'kites' });
  await expect(chat.messageBox).toHaveValue('hello Ada, tell me about kites');
  await chat.sendButton.click();
  await expect(chat.messageBox).toHaveValue('');
  // The reply the sent message started is the prompt's.
  await expect.poll(async () => (await pageCall(page, 'prompts.list', { query: 'Greeting' })).value.items[0].uses).toBe(1);

  const video = new VideoPage(page);
  await video.open();
  await prompts.openFrom(video.prompt);
  await prompts.choose('Greeting', 'Greeting');
  await prompts.fill({ name: 'Bo', topic: 'boats' });
  await expect(video.prompt).toHaveValue('hello Bo, tell me about boats');

  const speech = new SpeechPage(page);
  await speech.open();
  await speech.text.fill('unchanged');
  await prompts.openFrom(speech.text);
  await page.keyboard.press('Escape');
  await expect(prompts.palette).toHaveCount(0);
  await expect(speech.text).toBeFocused();
  await expect(speech.text).toHaveValue('unchanged');
  // The button beside the field opens it too.
  await expect(speech.form.getByRole('button', { name: 'Prompts', exact: true })).toHaveAccessibleDescription('Insert a saved prompt (Ctrl+P)');
  await speech.form.getByRole('button', { name: 'Prompts', exact: true }).click();
  await prompts.choose('Greeting', 'Greeting');
  await prompts.fill({ name: 'Cy', topic: 'clouds' });
  await expect(speech.text).toHaveValue('unchangedhello Cy, tell me about clouds');
});

test('export then import round-trips without duplicates; a deleted prompt comes back with Undo; a bad file says what was skipped', async ({ page, studio }) => {
  const image = new ImagePage(page);
  const prompts = new PromptLibraryPage(page);
  await image.studio.open(studio.url);
  await image.open();
  for (const p of [{ title: 'Kite', text: 'a {colour} kite', tags: ['sky'] }, { title: '风筝', text: '一只{颜色}的风筝' }]) {
    expect((await pageCall(page, 'prompts.save', p)).ok).toBe(true);
  }
  await prompts.openLibrary(image.prompt);
  await expect(prompts.library).toContainText('2 prompts');

  const download = page.waitForEvent('download');
  await prompts.library.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  await expect(prompts.library.getByRole('status')).toHaveText('Exported 2 prompts.');
  const exported = readFileSync(file, 'utf8');
  expect(JSON.parse(exported).prompts.map((p: { title: string }) => p.title).sort()).toEqual(['Kite', '风筝']);

  await prompts.item('Kite').getByRole('button', { name: 'Delete: Kite' }).click();
  await expect(prompts.library.getByRole('status')).toContainText('“Kite” was deleted.');
  await expect(prompts.library).toContainText('1 prompt');
  await prompts.library.getByRole('button', { name: 'Undo' }).click();
  await expect(prompts.item('Kite')).toBeVisible();

  await prompts.item('风筝').getByRole('button', { name: 'Delete: 风筝' }).click();
  await expect(prompts.library).toContainText('1 prompt');
  const importFile = async (name: string, text: string) => {
    const chooser = page.waitForEvent('filechooser');
    await prompts.library.getByRole('button', { name: 'Import JSON…' }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  };
  await importFile('prompts.json', exported);
  await expect(prompts.library.getByTestId('prompt-import-report')).toContainText('1 updated, 1 already there');
  await expect(prompts.library).toContainText('2 prompts');
  await importFile('prompts.json', exported);
  await expect(prompts.library.getByTestId('prompt-import-report')).toContainText('Imported: 0 added, 0 updated, 2 already there.');

  const bad = JSON.stringify({ prompts: [{ title: 'Fine', text: 'fine' }, { title: 'Odd', text: 'x', variables: ['not ok!'] }, 42] });
  await importFile('bad.json', bad);
  const report = prompts.library.getByTestId('prompt-import-report');
  await expect(report).toContainText('Imported: 1 added');
  await expect(report).toContainText('2 skipped:');
  await expect(report).toContainText('Prompt 2 “Odd”: The variable “not ok!” has a name a prompt cannot use');
  await expect(report).toContainText('Prompt 3: Not a prompt (not an object).');
  await importFile('broken.json', '{"prompts": [');
  await expect(prompts.library.getByRole('alert')).toContainText('This file is not JSON');
  await importFile('huge.json', `[${'"x",'.repeat(400_000)}"x"]`);
  await expect(prompts.library.getByRole('alert')).toHaveText('This file is 1.6 MB; a prompt library file is at most 1.5 MB. Nothing was imported.');
  await expect(prompts.library).toContainText('3 prompts');
});
