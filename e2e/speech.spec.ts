/**
 * The Speech tab end to end, through the UI as a user against the embedded
 * sandbox: speech in every format is saved with its content type and plays in the tab with a
 * duration; the text limit and the speed range are caught at their field before sending; a
 * broke key shows what to do and keeps the draft, which also survives a reload.
 */
import { test, expect } from './fixtures.js';
import { GalleryPage } from './pages/gallery-page.js';
import { SpeechPage, type SpeechFormat } from './pages/speech-page.js';
import { pageCall } from './pages/page-call.js';

const CONTENT_TYPE: Record<SpeechFormat, RegExp> = {
  mp3: /audio\/mpeg/,
  opus: /audio\/ogg/,
  aac: /audio\/aac/,
  flac: /audio\/flac/,
};

test('every format is saved with its type and plays in the tab with a duration', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const speech = new SpeechPage(page);
  await speech.studio.open(studio.url);
  await speech.open();

  // The six voices of the spec, each with its description.
  for (const [voice, description] of [['alloy', 'neutral'], ['echo', 'male'], ['fable', 'narrative'], ['onyx', 'deep male'], ['nova', 'female'], ['shimmer', 'soft female']]) {
    await expect(speech.voice(voice)).toHaveAccessibleName(`${voice} ${description}`);
  }
  await speech.field('Model').selectOption('tts-1-hd');
  await speech.voice('nova').check();
  // The slider and the number box are one value.
  await speech.speedSlider.fill('1.25');
  await expect(speech.field('Speed')).toHaveValue('1.25');

  const formats: SpeechFormat[] = ['mp3', 'opus', 'aac', 'flac'];
  for (const [i, format] of formats.entries()) {
    await speech.field('Format').selectOption(format);
    const text = `This is the ${format} version of the studio test.`;
    await speech.text.fill(text);
    await expect(speech.form.getByTestId('speech-estimate')).toHaveText(`Uses ${text.length} characters`);
    // Alternate the button and the keyboard shortcut.
    if (i % 2) await speech.speakWithKeyboard();
    else await speech.speak();

    const seconds = await speech.waitForPlayableAudio(format);
    expect(seconds, `${format} duration`).toBeGreaterThan(0.5);
    await expect(speech.result.getByTestId('speech-duration')).toContainText(/Duration \d+:\d\d/);
    await expect(speech.result).toContainText(CONTENT_TYPE[format]);
    await expect(speech.result.getByTestId('speech-usage')).toHaveText(`Usage: ${text.length} characters`);
    await expect(speech.result).toContainText('tts-1-hd');
    await expect(speech.result).toContainText('voice nova');
    await expect(speech.result).toContainText('speed 1.25×');
  }

  // All four are in the library as audio of their own type.
  const mimes = ((await pageCall(page, 'library.list', { kind: 'audio' })).value.items as { mime: string; params: { response_format: string } }[]).map((i) => [i.params.response_format, i.mime]);
  expect(mimes).toHaveLength(4);
  for (const [format, mime] of mimes) expect(mime).toMatch(CONTENT_TYPE[format as SpeechFormat]);

  // A Gallery remix of the opus take prefills the form (once), whatever the draft held.
  await speech.field('Format').selectOption('mp3');
  await speech.voice('echo').check();
  const gallery = new GalleryPage(page);
  await gallery.open();
  await gallery.openDetail(gallery.cell(/opus version/));
  await gallery.detail.getByRole('button', { name: 'Remix in Speech' }).click();
  await expect(speech.form).toBeVisible();
  await expect(speech.text).toHaveValue('This is the opus version of the studio test.');
  await expect(speech.field('Format')).toHaveValue('opus');
  await expect(speech.voice('nova')).toBeChecked();
  await expect(speech.field('Model')).toHaveValue('tts-1-hd');
  await expect(speech.field('Speed')).toHaveValue('1.25');
});

test('text over 4,096 characters and a speed out of range are refused at their field before sending', async ({ page, studio }) => {
  const speech = new SpeechPage(page);
  await speech.studio.open(studio.url);
  await speech.open();

  await speech.text.fill('a'.repeat(4097));
  // The count is live: no submit needed to see the text is too long.
  await expect(speech.form.getByText('4,097 / 4,096 characters')).toBeVisible();
  await expect(speech.text).toHaveAttribute('aria-invalid', 'true');
  await expect(speech.text).toHaveAccessibleDescription(/At most 4,096 characters: remove 1/);

  await speech.field('Speed').fill('5');
  await speech.speak();
  await expect(speech.field('Speed')).toHaveAttribute('aria-invalid', 'true');
  await expect(speech.field('Speed')).toHaveAccessibleDescription(/Speed is 0.25 to 4/);
  // Nothing was sent: no result, nothing in the library.
  await expect(speech.result).toHaveCount(0);

  await speech.text.fill('a'.repeat(4096));
  await expect(speech.text).not.toHaveAttribute('aria-invalid', 'true');
  await speech.speedSlider.fill('0.25');
  await expect(speech.field('Speed')).toHaveValue('0.25');
  await expect(speech.field('Speed')).not.toHaveAttribute('aria-invalid', 'true');
});

test('a broke key says what to do and keeps the draft, which survives a reload', async ({ page, studio }) => {
  const speech = new SpeechPage(page);
  await speech.studio.open(studio.url);
  await speech.studio.addProfile({ name: 'Broke gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox-broke' });
  await speech.studio.activateProfile('Broke gateway');

  await speech.open();
  await speech.field('Format').selectOption('flac');
  await speech.voice('shimmer').check();
  await speech.field('Speed').fill('0.75');
  await speech.text.fill('Welcome to the night market.');
  await speech.speakWithKeyboard();

  await expect(speech.failure).toContainText(/top up/i);
  await expect(speech.failure).toContainText('Your text and settings are kept.');
  expect(await speech.studio.readBanner()).toMatch(/top up/i);
  await expect(speech.result).toHaveCount(0);

  const expectDraft = async () => {
    await expect(speech.text).toHaveValue('Welcome to the night market.');
    await expect(speech.field('Format')).toHaveValue('flac');
    await expect(speech.voice('shimmer')).toBeChecked();
    await expect(speech.field('Speed')).toHaveValue('0.75');
  };
  await expectDraft();
  await speech.studio.dismissBanner();
  await expectDraft();

  await speech.waitForDraftSaved('night market');
  await page.reload();
  await speech.open();
  await expectDraft();
});

test('every clip made since the studio started stays on the tab, newest first, after a reload too', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const speech = new SpeechPage(page);
  await speech.studio.open(studio.url);
  await speech.open();
  const texts = ['The first take of the narration.', 'The second take, a little slower.', 'The third and last take.'];
  for (const text of texts) {
    await speech.text.fill(text);
    await speech.speak();
    // Speaking is real work (espeak-ng and an encoder): as long as the format test allows.
    await expect(speech.result.locator('blockquote')).toHaveText(text, { timeout: 30_000 });
  }
  // The newest plays as the latest; the two before it are listed below it, newest first, each playable.
  const earlier = speech.panel.getByRole('region', { name: 'Earlier clips' });
  await expect(earlier.getByRole('listitem')).toHaveCount(2);
  await expect(earlier.getByRole('listitem').nth(0)).toContainText(texts[1]);
  await expect(earlier.getByRole('listitem').nth(1)).toContainText(texts[0]);
  await expect(earlier.locator('audio')).toHaveCount(2);

  await page.reload();
  await speech.open();
  await expect(speech.result.locator('blockquote')).toHaveText(texts[2]);
  await expect(earlier.getByRole('listitem')).toHaveCount(2);

  // A clip removed in the Gallery leaves the list too.
  const first = ((await pageCall(page, 'library.list', { kind: 'audio' })).value.items as { id: string; prompt: string }[]).find((i) => i.prompt === texts[0]);
  await pageCall(page, 'library.remove', { id: first!.id });
  await expect(earlier.getByRole('listitem')).toHaveCount(1);
  await expect(earlier).not.toContainText(texts[0]);
});
