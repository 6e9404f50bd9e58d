/** Settings → Backups as a creator reaches it (renderer/src/features/settings/backups-setting.tsx). */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.js';
import { StudioPage } from './studio-page.js';

export class BackupsPage {
  readonly studio: StudioPage;
  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  /** Opens Settings and waits for the backups to be read. */
  async open(): Promise<void> {
    await this.studio.openTab('Settings');
    await expect(this.section.getByText('Reading the backups…')).toHaveCount(0);
  }

  get section(): Locator {
    return this.studio.panel('Settings').getByRole('region', { name: 'Backups' });
  }

  get rows(): Locator {
    return this.section.getByRole('list', { name: 'Backups, newest first' }).getByRole('listitem');
  }

  get status(): Locator {
    return this.section.getByRole('status');
  }

  get backUpNow(): Locator {
    return this.section.getByRole('button', { name: 'Back up now' });
  }

  /** In the notice that a restore waits: starts the studio again so it happens now. */
  get restartNow(): Locator {
    return this.status.getByRole('button', { name: 'Restart now' });
  }

  /** The row whose text has `what` (its date, "before a restore", an item count …). */
  row(what: string | RegExp): Locator {
    return this.rows.filter({ hasText: what });
  }

  /** The date a row shows, as the creator reads it (its accessible name). */
  async dateOf(row: Locator): Promise<string> {
    return (await row.getAttribute('aria-labelledby').then((id) => this.page.locator(`[id="${id}"]`).textContent())) ?? '';
  }

  restoreButton(row: Locator): Locator {
    return row.getByRole('button', { name: /^Restore the backup of / });
  }

  confirmation(row: Locator): Locator {
    return row.getByRole('group', { name: /^Restore the backup of .*\?$/ });
  }
}
