/**
 * Page object of budgets: the Budgets section of Settings (its fields by label) and the budget
 * banner every tab shows, with its one-time override. Desktop notifications are the browser
 * shell's web notifications here, recorded by `recordNotifications` as the page shows them.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';

export type BudgetField = 'Daily spending (¥)' | 'Monthly spending (¥)' | 'Daily tokens' | 'Monthly tokens';

export class BudgetsPage {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  /**
   * Grants web notifications and records each one shown (its title), before the page loads: the
   * operating system's side of a notification is the boundary a browser test cannot cross.
   */
  static async recordNotifications(page: Page): Promise<void> {
    await page.addInitScript(() => {
      // The e2e project compiles without the DOM lib: the page's globals are reached through globalThis.
      const g = globalThis as unknown as { shownNotices: string[]; Notification: unknown };
      const shown: string[] = [];
      g.shownNotices = shown;
      class RecordedNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        constructor(title: string) {
          shown.push(title);
        }
        close() {}
      }
      g.Notification = RecordedNotification;
    });
  }

  notifications(): Promise<string[]> {
    return this.page.evaluate(() => [...(globalThis as unknown as { shownNotices: string[] }).shownNotices]);
  }

  get section(): Locator {
    return this.studio.panel('Settings').getByRole('region', { name: 'Budgets' });
  }

  field(label: BudgetField): Locator {
    return this.section.getByLabel(label, { exact: true });
  }

  get hardStop(): Locator {
    return this.section.getByRole('checkbox', { name: /^Hard stop/ });
  }

  /** Sets the budgets through Settings, with the keyboard, and waits for the host's answer. */
  async set(limits: Partial<Record<BudgetField, string>>, hardStop: boolean): Promise<void> {
    await this.studio.openTab('Settings');
    for (const [label, value] of Object.entries(limits)) await this.field(label as BudgetField).fill(value);
    await this.hardStop.setChecked(hardStop);
    await this.section.getByRole('button', { name: 'Save budgets' }).press('Enter');
    await expect(this.section.getByRole('status')).toHaveText('Budgets saved.');
  }

  get banner(): Locator {
    return this.page.getByRole('region', { name: 'Budget warnings', exact: true });
  }

  /** With the keyboard, as the banner's button is reached with Tab. */
  async allowNext(): Promise<void> {
    await this.banner.getByRole('button', { name: 'Allow the next one' }).press('Enter');
    await expect(this.banner).toContainText('The next paid submission goes through');
  }
}
