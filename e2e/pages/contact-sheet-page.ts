/**
 * A batch's contact sheet (renderer/src/components/contact-sheet), opened from its row in Tasks:
 * its places found by their row and column labels as a creator reads the grid.
 */
import { type Locator, type Page } from '@playwright/test';
import { BatchRowPage } from './batch-row-page.js';
import { pageCall } from './page-call.js';

export class ContactSheetPage {
  readonly batches: BatchRowPage;

  constructor(readonly page: Page) {
    this.batches = new BatchRowPage(page);
  }

  /** Queues a batch of image cells through the contract, as the composer does; its id. */
  async create(name: string, axes: string[], cells: { coords: Record<string, string>; request: unknown }[]): Promise<string> {
    const r = await pageCall(this.page, 'batches.create', { name, kind: 'image', axes, cells });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return (r.value as { id: string }).id;
  }

  /** Opens the sheet from the batch's row in Tasks. */
  async open(name: string): Promise<void> {
    await this.batches.tasks.studio.openTab('Tasks');
    await this.batches.action(name, 'Contact sheet').click();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Contact sheet: / });
  }

  axis(label: 'Rows' | 'Columns'): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  get rowLabels(): Locator {
    return this.dialog.locator('tbody th');
  }

  get columnLabels(): Locator {
    return this.dialog.locator('thead th');
  }

  /**
   * The cells in the place at row `r`, column `k` (0-based, of the whole grid). The grid draws only
   * the rows and columns in view, so the place must be drawn (scrolled to) to be found.
   */
  place(r: number, k: number): Locator {
    return this.dialog.locator(`tbody tr[data-row="${r}"] td[data-column="${k}"] [data-cell-index]`);
  }

  /** The grid's scroller. */
  get scroller(): Locator {
    return this.dialog.locator('.contact-sheet-scroll');
  }

  /** A cell by its coords as read aloud ("a fox · seedream-4-0"). */
  cell(coords: string): Locator {
    return this.dialog.getByRole('group', { name: new RegExp(`^${coords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `) });
  }

  /** The library items shown in `cell`. */
  async libraryIds(cell: Locator): Promise<string[]> {
    return cell.locator('[data-library-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-library-id') ?? ''));
  }

  /** A library item as the host has it. */
  async item(id: string): Promise<{ prompt: string; model: string; favourite?: boolean; params: Record<string, unknown> }> {
    const r = await pageCall(this.page, 'library.get', { id });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value as { prompt: string; model: string; favourite?: boolean; params: Record<string, unknown> };
  }

  get lightbox(): Locator {
    return this.page.locator('dialog.lightbox');
  }
}
