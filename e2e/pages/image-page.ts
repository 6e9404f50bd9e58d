/**
 * Page object of the Image tab. Like StudioPage it finds things the way a user does (roles,
 * labels, accessible names and descriptions); the few reads a user does with their eyes (did the
 * image load) go through the DOM.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { StudioPage } from './studio-page.js';

export const ASYNC_IMAGE_MODELS = ['seedream-4-5', 'seedream-4-0', 'modela-4o-image'] as const;
export const NATIVE_IMAGE_MODELS = ['modelc-2.5-flash-image-preview', 'modelc-3-pro-image-preview'] as const;

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real PNG with a diagonal gradient, so the host and the sandbox can read its size. */
export function pngFile(name: string, width = 64, height = 48): UploadFile {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 255) / width;
      png.data[i + 1] = (y * 255) / height;
      png.data[i + 2] = 160;
      png.data[i + 3] = 255;
    }
  }
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

/** A 1×1 GIF: an image the studio reads, but not a format the image models take as a reference. */
export const gifFile = (name: string): UploadFile => ({
  name,
  mimeType: 'image/gif',
  buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
});

/** The e2e project compiles without the DOM lib: the fields of an <img> read here. */
interface ImageFields {
  complete: boolean;
  naturalWidth: number;
}

export class ImagePage {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  async open(): Promise<void> {
    await this.studio.openTab('Image');
  }

  get panel(): Locator {
    return this.studio.panel('Image');
  }

  get form(): Locator {
    return this.panel.getByRole('form', { name: 'Image generation' });
  }

  get model(): Locator {
    return this.form.getByLabel('Model', { exact: true });
  }

  /** Called "Edit instruction" when a native model has an image to edit. */
  get prompt(): Locator {
    return this.form.getByRole('textbox', { name: /^(Prompt|Edit instruction)$/ });
  }

  field(label: 'Aspect ratio' | 'Resolution' | 'Number of images' | 'Sequential group' | 'Watermark'): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  get references(): Locator {
    return this.form.getByRole('group', { name: 'Reference images' });
  }

  get referenceItems(): Locator {
    return this.references.getByRole('listitem');
  }

  reference(name: string): Locator {
    return this.references.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  }

  get failure(): Locator {
    return this.form.getByRole('alert');
  }

  get runs(): Locator {
    return this.panel.getByTestId('image-run');
  }

  async chooseModel(model: string): Promise<void> {
    await this.model.selectOption(model);
    await expect(this.model).toHaveValue(model);
  }

  /** Attaches files through the "Choose files…" button and its system file picker. */
  async attachFiles(...files: UploadFile[]): Promise<void> {
    const before = await this.referenceItems.count();
    const chooser = this.page.waitForEvent('filechooser');
    await this.references.getByRole('button', { name: 'Choose files…' }).click();
    await (await chooser).setFiles(files);
    await expect(this.referenceItems).toHaveCount(before + files.length);
  }

  async addLink(url: string): Promise<void> {
    const input = this.references.getByLabel('Image link', { exact: true });
    await input.fill(url);
    await input.press('Enter');
    await expect(input).toHaveValue('');
  }

  async generate(): Promise<void> {
    await this.form.getByRole('button', { name: 'Generate' }).click();
  }

  /** The newest result whose prompt this is. */
  run(prompt: string): Locator {
    return this.runs.filter({ hasText: prompt }).first();
  }

  openButtons(run: Locator): Locator {
    return run.getByRole('button', { name: /^Open full size/ });
  }

  /** Waits until the run shows `count` saved images, each loaded from the library. */
  async expectImages(run: Locator, count: number, timeout = 20_000): Promise<void> {
    await expect(this.openButtons(run)).toHaveCount(count, { timeout });
    for (const img of await run.locator('.result-open img').all()) await expectLoaded(img);
  }

  /** Opens an image full size, checks it loaded, and closes the viewer again. */
  async viewFullSize(run: Locator): Promise<void> {
    await this.openButtons(run).first().click();
    const viewer = this.page.getByRole('dialog', { name: 'Full-size image' });
    await expect(viewer).toBeVisible();
    await expectLoaded(viewer.getByRole('img'));
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
  }
}

export async function expectLoaded(img: Locator): Promise<void> {
  await expect(img).toHaveJSProperty('complete', true);
  await expect.poll(() => img.evaluate((el) => (el as unknown as ImageFields).naturalWidth)).toBeGreaterThan(0);
}
