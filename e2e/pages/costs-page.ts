/**
 * What the studio shows of costs (docs/ledger.md, "Cost where the work is"): the "Cost: …" line of
 * a task, a reply or a gallery item, a form's "Expected cost", and the Settings section "Prices
 * you set". Balance reads are asked for through the contract (`ledger.totals` with `refresh`), so
 * a test waits for the studio, never for the clock.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pageCall } from './page-call.js';
import { StudioPage } from './studio-page.js';

/** Reads every profile's balance now: the calls billed so far get their money. */
export async function readBalances(page: Page): Promise<void> {
  const r = await pageCall(page, 'ledger.totals', { refresh: true });
  expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
}

/** Sends an image job through the contract and waits until its results are saved and its row linked. */
export async function savedImageJob(page: Page, request: Record<string, unknown>): Promise<string> {
  const r = await pageCall(page, 'tasks.submit', { route: 'image', request });
  expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
  const id = r.value.id as string;
  await expect
    .poll(async () => ((await pageCall(page, 'ledger.costs', { jobIds: [id] })).value?.jobs[id] ? 'billed' : 'not yet'), { timeout: 20_000 })
    .toBe('billed');
  await expect.poll(async () => ((await pageCall(page, 'tasks.list')).value as { id: string; state: string }[]).find((t) => t.id === id)?.state, { timeout: 20_000 }).toBe('saved');
  await readBalances(page);
  return id;
}

export const costLine = (scope: Locator) => scope.getByTestId('item-cost');
export const expectedCost = (scope: Locator) => scope.getByTestId('expected-cost');

export class PricesSection {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  async open(): Promise<void> {
    await this.studio.openTab('Settings');
    await this.section.scrollIntoViewIfNeeded();
  }

  get section(): Locator {
    return this.studio.panel('Settings').getByRole('region', { name: 'Prices you set' });
  }

  get form(): Locator {
    return this.section.getByRole('form', { name: 'A price' });
  }

  get table(): Locator {
    return this.section.getByRole('table', { name: 'Prices you set' });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }
}
