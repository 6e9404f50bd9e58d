/**
 * Page object of the Speech tab: the form by its labels, the voices as radios named by voice
 * and description, and the "Latest speech" result with its <audio> player.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';

interface MediaFields {
  readyState: number;
  duration: number;
  error: { code: number } | null;
}

export type SpeechFormat = 'mp3' | 'opus' | 'aac' | 'flac';

export class SpeechPage {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  async open(): Promise<void> {
    await this.studio.openTab('Speech');
    await expect(this.form).toBeVisible();
  }

  get panel(): Locator {
    return this.studio.panel('Speech');
  }

  get form(): Locator {
    return this.panel.getByRole('form', { name: 'Speech settings' });
  }

  field(label: 'Model' | 'Format' | 'Speed'): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  get text(): Locator {
    return this.form.getByLabel('Text', { exact: true });
  }

  get speedSlider(): Locator {
    return this.form.getByRole('slider', { name: 'Speed slider' });
  }

  voice(name: string): Locator {
    return this.form.getByRole('radio', { name: new RegExp(`^${name}\\b`) });
  }

  get charCount(): Locator {
    return this.form.getByText(/characters$/).first();
  }

  async speak(): Promise<void> {
    await this.form.getByRole('button', { name: /^Speak/ }).click();
  }

  async speakWithKeyboard(): Promise<void> {
    await this.text.press('Control+Enter');
  }

  get failure(): Locator {
    return this.form.getByTestId('generator-failure');
  }

  get result(): Locator {
    return this.panel.getByRole('region', { name: 'Latest speech' });
  }

  get audio(): Locator {
    return this.result.locator('audio');
  }

  /** Waits for the result showing `format` whose player has read a finite duration; returns it. */
  async waitForPlayableAudio(format: SpeechFormat): Promise<number> {
    await expect(this.result.getByTestId('speech-format')).toHaveText(format, { timeout: 30_000 });
    await expect
      .poll(
        () =>
          this.audio.evaluate((a) => {
            const m = a as unknown as MediaFields;
            if (m.error) return `error ${m.error.code}`;
            return m.readyState >= 1 && Number.isFinite(m.duration) && m.duration > 0 ? 'ready' : 'loading';
          }),
        { timeout: 15_000 },
      )
      .toBe('ready');
    return this.audio.evaluate((a) => (a as unknown as MediaFields).duration);
  }

  async waitForDraftSaved(text: string): Promise<void> {
    await expect
      .poll(() => this.page.evaluate(() => ((globalThis as any).localStorage.getItem('gateway-studio:draft:speech') as string | null) ?? ''))
      .toContain(text);
  }
}
