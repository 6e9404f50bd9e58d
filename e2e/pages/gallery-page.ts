/**
 * Page object of the Gallery tab. Like StudioPage it finds things the way a user does (roles and
 * accessible names), plus a few reads a user does with their eyes (did the thumbnail load, how
 * long is the video) done through the DOM.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';
import { pageCall } from './page-call.js';

/** The e2e project compiles without the DOM lib: the few element fields read here. */
interface ImageFields {
  complete: boolean;
  naturalWidth: number;
}
interface MediaFields {
  readyState: number;
  duration: number;
}

export type KindFilter = 'All' | 'Images' | 'Videos' | 'Audio';

export class GalleryPage {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  async open(): Promise<void> {
    await this.studio.openTab('Gallery');
  }

  get panel(): Locator {
    return this.studio.panel('Gallery');
  }

  get grid(): Locator {
    return this.panel.getByRole('list', { name: 'Library items' });
  }

  /** Cells that are in the DOM (the grid renders only the rows in view). */
  get cells(): Locator {
    return this.grid.getByRole('button');
  }

  cell(name: string | RegExp): Locator {
    return this.grid.getByRole('button', { name });
  }

  get count(): Locator {
    return this.panel.getByTestId('gallery-count');
  }

  async expectCount(n: number): Promise<void> {
    await expect(this.count).toHaveText(`${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'}`);
  }

  async search(text: string): Promise<void> {
    await this.panel.getByRole('searchbox', { name: 'Search', exact: true }).fill(text);
  }

  async filterKind(kind: KindFilter): Promise<void> {
    const button = this.panel.getByRole('group', { name: 'Kind' }).getByRole('button', { name: kind, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  async filterModel(model: string): Promise<void> {
    await this.panel.getByLabel('Model', { exact: true }).selectOption(model === 'All models' ? '' : model);
  }

  async filterDates(from: string, to: string): Promise<void> {
    await this.panel.getByLabel('From', { exact: true }).fill(from);
    await this.panel.getByLabel('To', { exact: true }).fill(to);
  }

  async clearFilters(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Clear filters' }).click();
  }

  /** True once the cell's thumbnail has really been decoded (a broken URL leaves naturalWidth at 0). */
  async thumbnailLoaded(cell: Locator): Promise<boolean> {
    return imageLoaded(cell.locator('img'));
  }

  get detail(): Locator {
    return this.page.getByRole('dialog');
  }

  async openDetail(cell: Locator): Promise<Locator> {
    await cell.click();
    await expect(this.detail).toBeVisible();
    return this.detail;
  }

  /** Reads a metadata entry of the open detail view by its label. */
  async metadata(label: string): Promise<string> {
    const term = this.detail.getByTestId('detail-metadata').locator(':scope > dt', { hasText: new RegExp(`^${label}$`) });
    return term.locator('xpath=following-sibling::dd[1]').innerText();
  }

  /** Waits until the open detail's <video>/<audio> knows its duration, and returns it. */
  async mediaDuration(selector: 'video' | 'audio'): Promise<number> {
    const media = this.detail.locator(selector);
    await expect.poll(() => media.evaluate((m) => (m as unknown as MediaFields).readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    return media.evaluate((m) => (m as unknown as MediaFields).duration);
  }

  async deleteOpenItem(): Promise<void> {
    await this.detail.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = this.detail.getByRole('group', { name: 'Confirm delete' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete file' }).click();
    await expect(this.detail).toBeHidden();
  }
}

/** True once an <img> has really been decoded (a broken URL leaves naturalWidth at 0). */
export function imageLoaded(img: Locator): Promise<boolean> {
  return img.evaluate((el) => {
    const i = el as unknown as ImageFields;
    return i.complete && i.naturalWidth > 0;
  });
}

/** Submits a job through the contract from the page, as the generator tabs will. */
export async function submitTask(page: Page, input: { route: 'image' | 'video-multipart'; request: Record<string, string | number> }): Promise<string> {
  const result = await pageCall(page, 'tasks.submit', input);
  expect(result).toMatchObject({ ok: true });
  return result.value.id as string;
}

/**
 * Points the library at another folder through the contract (what Settings does); the host reopens
 * it. The move needs the code the shell prints to its terminal (`moveCode`, from the fixture's log).
 */
export async function switchLibraryFolder(page: Page, libraryDir: string, moveCode: (folder: string) => string | undefined): Promise<void> {
  const asked = await pageCall(page, 'settings.update', { libraryDir });
  expect(asked.error).toMatchObject({ code: 'confirmation_required', param: 'libraryDir' });
  const result = await pageCall(page, 'settings.update', { libraryDir, confirmCode: moveCode(libraryDir) });
  expect(result).toMatchObject({ ok: true });
}

/** How many items the host's library holds, asked through the contract (not through the UI). */
export async function libraryTotal(page: Page): Promise<number> {
  const result = await pageCall(page, 'library.list', { limit: 1 });
  return result.ok ? (result.value.total as number) : -1;
}
