/**
 * A batch run's row in the Tasks tab (renderer/src/features/tasks/ui/batch-row.tsx), found by its
 * name as a creator scans the list. Batches are created the way the composer creates them: a
 * contract call from the page itself.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pageCall } from './page-call.js';
import { TasksPage } from './tasks-page.js';

export const imageCell = (prompt: string, model = 'seedream-4-0') => ({
  coords: { prompt, model },
  request: { route: 'image', request: { model, prompt, resolution: '1K' } },
});

export class BatchRowPage {
  readonly tasks: TasksPage;

  constructor(readonly page: Page) {
    this.tasks = new TasksPage(page);
  }

  /** Queues a batch of image cells (one per prompt) through the contract; its id. */
  async create(name: string, prompts: string[]): Promise<string> {
    const r = await pageCall(this.page, 'batches.create', { name, kind: 'image', axes: ['prompt', 'model'], cells: prompts.map((p) => imageCell(p)) });
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    return (r.value as { id: string }).id;
  }

  get rows(): Locator {
    return this.tasks.panel.getByRole('list', { name: 'Batch runs' }).getByTestId('batch-row');
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('button', { name, exact: true }) });
  }

  progress(name: string): Locator {
    return this.row(name).getByTestId('batch-progress');
  }

  counts(name: string): Locator {
    return this.row(name).getByTestId('batch-counts');
  }

  cost(name: string): Locator {
    return this.row(name).getByTestId('batch-cost');
  }

  action(name: string, label: string | RegExp): Locator {
    return this.row(name).getByRole('button', { name: label });
  }

  /** Each job's state of the batch, as the host has it. */
  async states(id: string): Promise<string[]> {
    const r = await pageCall(this.page, 'batches.get', { id });
    return r.ok ? (r.value as { cells: { state: string }[] }).cells.map((c) => c.state) : [];
  }
}
