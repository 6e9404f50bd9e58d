/**
 * Page object of the Video tab. Fields are found by their labels, results by the region a user
 * sees ("Latest video"); the few things a user judges by eye (does the clip play, how long is
 * it) are read from the <video> element.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';
import { pageCall } from './page-call.js';

/** The e2e project compiles without the DOM lib: the media fields read here. */
interface MediaFields {
  readyState: number;
  duration: number;
}

/** A job runs on the sandbox's 20× clock, but rendering and saving a clip takes real seconds. */
export const VIDEO_READY = { timeout: 60_000 };

export class VideoPage {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  async open(): Promise<void> {
    await this.studio.openTab('Video');
    await expect(this.form).toBeVisible();
  }

  get panel(): Locator {
    return this.studio.panel('Video');
  }

  get form(): Locator {
    return this.panel.getByRole('form', { name: 'Video settings' });
  }

  field(label: 'Model' | 'Duration (seconds)' | 'Aspect ratio' | 'Length' | 'Size' | 'Starting image URL (optional)'): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  get prompt(): Locator {
    return this.form.getByLabel('Prompt', { exact: true });
  }

  get watermark(): Locator {
    return this.form.getByRole('checkbox', { name: "Add the gateway's watermark" });
  }

  async chooseModel(model: string): Promise<void> {
    await this.field('Model').selectOption(model);
  }

  async generate(): Promise<void> {
    await this.form.getByRole('button', { name: /^Generate video/ }).click();
  }

  /** Ctrl+Enter from the prompt, as a keyboard user sends. */
  async generateWithKeyboard(): Promise<void> {
    await this.prompt.press('Control+Enter');
  }

  /** Opens "Pick from gallery" and returns the list of saved images. */
  async openGalleryPicker(): Promise<Locator> {
    await this.form.getByRole('button', { name: 'Pick from gallery' }).click();
    const list = this.form.getByRole('list', { name: 'Saved images' });
    await expect(list).toBeVisible();
    return list;
  }

  get failure(): Locator {
    return this.form.getByTestId('generator-failure');
  }

  get result(): Locator {
    return this.panel.getByRole('region', { name: 'Latest video' });
  }

  get status(): Locator {
    return this.result.getByRole('status');
  }

  get video(): Locator {
    return this.result.locator('video');
  }

  get actualPrompt(): Locator {
    return this.result.getByTestId('actual-prompt');
  }

  get originalPrompt(): Locator {
    return this.result.getByTestId('original-prompt');
  }

  /** Waits until the job is saved and the tab's player has read the clip; returns its length. */
  async waitForPlayableVideo(): Promise<number> {
    await expect(this.status).toHaveText('Ready', VIDEO_READY);
    await expect(this.video).toBeVisible();
    await expect.poll(() => this.video.evaluate((v) => (v as unknown as MediaFields).readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    return this.video.evaluate((v) => (v as unknown as MediaFields).duration);
  }

  /** The draft is saved as it changes (debounced): wait until storage holds this text. */
  async waitForDraftSaved(text: string): Promise<void> {
    await expect
      .poll(() => this.page.evaluate(() => ((globalThis as any).localStorage.getItem('gateway-studio:draft:video') as string | null) ?? ''))
      .toContain(text);
  }
}

/** Waits until the host's library holds `count` items of a kind (a job saved in the background). */
export async function waitForLibrary(page: Page, kind: 'image' | 'video' | 'audio', count: number, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      () =>
        pageCall(page, 'library.list', { kind }).then((body) => (body.ok ? (body.value.total as number) : -1)),
      { timeout },
    )
    .toBeGreaterThanOrEqual(count);
}
