/**
 * Page object of the batch composer in the Image and Video tabs: found as a creator finds it, by
 * the mode switch, the fields' labels and the groups' names.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';

export class BatchPage {
  readonly studio: StudioPage;

  constructor(readonly page: Page, readonly tab: 'Image' | 'Video' = 'Image') {
    this.studio = new StudioPage(page);
  }

  get panel(): Locator {
    return this.studio.panel(this.tab);
  }

  get composer(): Locator {
    return this.panel.getByTestId('batch-composer');
  }

  /** Opens the tab and switches it to Batch. */
  async open(): Promise<void> {
    await this.studio.openTab(this.tab);
    await this.panel.getByRole('radiogroup', { name: 'Mode' }).getByRole('radio', { name: 'Batch' }).check();
    await expect(this.composer).toBeVisible();
  }

  async prompts(lines: string[]): Promise<void> {
    await this.composer.getByRole('radio', { name: 'A list' }).check();
    await this.composer.getByLabel('Prompts, one per line').fill(lines.join('\n'));
  }

  async template(template: string, values: Record<string, string[]>): Promise<void> {
    await this.composer.getByRole('radio', { name: 'One prompt with variables' }).check();
    await this.composer.getByLabel('Prompt with {variables}').fill(template);
    for (const [name, list] of Object.entries(values)) await this.composer.getByLabel(`Values of ${name}, one per line`).fill(list.join('\n'));
  }

  async tick(group: string, ...values: string[]): Promise<void> {
    const box = this.composer.getByRole('group', { name: group });
    for (const v of values) await box.getByRole('checkbox', { name: v, exact: true }).check();
  }

  get jobs(): Locator {
    return this.composer.getByTestId('batch-jobs');
  }

  get refusals(): Locator {
    return this.composer.getByTestId('batch-refusal');
  }

  get queueButton(): Locator {
    return this.composer.getByRole('button', { name: /^Queue/ });
  }

  get done(): Locator {
    return this.composer.getByTestId('batch-done');
  }

  /** Queues the batch and answers its id, once the composer says it is queued. */
  async queue(): Promise<string> {
    await expect(this.queueButton).toBeEnabled();
    await this.queueButton.click();
    await expect(this.done).toBeVisible();
    return (await this.done.getAttribute('data-batch-id')) ?? '';
  }
}
