/**
 * Page object of the Spend tab: the totals' cards, the two charts and their tables, the filters,
 * the calls listed below, and the export buttons, found the way a user reads them.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';

export type TotalCard = 'today' | 'week' | 'month' | 'range' | 'remainder';

export class SpendPage {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  async open(): Promise<void> {
    await this.studio.openTab('Spend');
    await expect(this.card('month')).toBeVisible();
  }

  get panel(): Locator {
    return this.studio.panel('Spend');
  }

  card(name: TotalCard): Locator {
    return this.panel.getByTestId(`spend-${name}`);
  }

  /** The money a card shows. */
  money(name: TotalCard): Locator {
    return this.card(name).locator('.spend-card-money');
  }

  chart(name: 'Spend by day' | 'Spend by model'): Locator {
    return this.panel.getByRole('region', { name });
  }

  filter(label: 'Dates' | 'Profile' | 'Kind' | 'Model'): Locator {
    return this.panel.getByRole('combobox', { name: label, exact: true });
  }

  get calls(): Locator {
    return this.panel.getByRole('region', { name: 'Calls' });
  }

  /** The body rows of the calls' table. */
  get callRows(): Locator {
    return this.calls.locator('tbody tr');
  }

  get exportBar(): Locator {
    return this.panel.getByRole('region', { name: 'Export' });
  }
}

/** Money as the studio shows it in English: the gateway's ten-thousandths of a yuan. */
export const yuan = (tenThousandths: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'CNY', maximumFractionDigits: 6 }).format(tenThousandths / 10_000);

/** The sandbox's own record of what the key spent (docs/sandbox.md, `GET /_sandbox/spend`). */
export async function sandboxSpend(sandboxUrl: string, key = 'sk-sandbox'): Promise<{ total_units: number; rows: { model: string; kind: string }[] }> {
  const res = await fetch(`${sandboxUrl}/_sandbox/spend?key=${encodeURIComponent(key)}`);
  expect(res.ok).toBe(true);
  return res.json();
}
