/**
 * Page object of the prompt library (renderer/src/components/prompt-palette): the Ctrl+P palette,
 * its variables step, and the library's dialog, found by their names as a creator finds them.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class PromptLibraryPage {
  constructor(readonly page: Page) {}

  get palette(): Locator {
    return this.page.getByRole('dialog', { name: 'Insert a prompt' });
  }

  get search(): Locator {
    return this.palette.getByRole('combobox', { name: 'Search prompts' });
  }

  option(text: string | RegExp): Locator {
    return this.palette.getByRole('option').filter({ hasText: text });
  }

  variable(name: string): Locator {
    return this.palette.getByLabel(name, { exact: true });
  }

  /** Ctrl+P in `field` (focused first), then the palette's search box takes the keys. */
  async openFrom(field: Locator): Promise<void> {
    await field.focus();
    await field.press('Control+p');
    await expect(this.search).toBeFocused();
  }

  /** Searches, waits for the prompt to be the chosen option, and presses Enter. */
  async choose(query: string, title: string): Promise<void> {
    await this.search.fill(query);
    await expect(this.option(title).first()).toHaveAttribute('aria-selected', 'true');
    await this.search.press('Enter');
  }

  /** Fills each variable in order; Enter in the last inserts the prompt. */
  async fill(values: Record<string, string>): Promise<void> {
    const names = Object.keys(values);
    for (const name of names) await this.variable(name).fill(values[name]);
    await this.variable(names[names.length - 1]).press('Enter');
    await expect(this.palette).toHaveCount(0);
  }

  get library(): Locator {
    return this.page.getByRole('dialog', { name: 'Prompt library' });
  }

  async openLibrary(field: Locator): Promise<void> {
    await this.openFrom(field);
    await this.palette.getByRole('button', { name: 'Manage library…' }).click();
    await expect(this.library).toBeVisible();
  }

  item(title: string): Locator {
    return this.library.getByRole('listitem').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** Creates a prompt through the library's form. */
  async create(p: { title: string; text: string; tags?: string; description?: string }): Promise<void> {
    await this.library.getByRole('button', { name: 'New prompt' }).click();
    const form = this.library.getByRole('form', { name: 'New prompt' });
    await form.getByLabel('Title', { exact: true }).fill(p.title);
    await form.getByLabel('Prompt', { exact: true }).fill(p.text);
    if (p.description) await form.getByLabel('Description', { exact: true }).fill(p.description);
    if (p.tags) await form.getByLabel('Tags', { exact: true }).fill(p.tags);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(this.item(p.title)).toBeVisible();
  }

  async closeLibrary(): Promise<void> {
    await this.library.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.library).toHaveCount(0);
  }
}
