/**
 * Page object of the studio shell and its Settings tab. Specs speak in the user's terms (open a
 * tab, add a profile, test it) and find things the way a user does: by role and accessible name.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const TAB_NAMES = ['Chat', 'Image', 'Video', 'Speech', 'Tasks', 'Gallery', 'Spend', 'Storyboard', 'Settings'] as const;
export type TabName = (typeof TAB_NAMES)[number];

export interface BalanceReading {
  tokensRemaining: number;
  tokensUsed: number;
  tokensTotal: number;
  cash: string;
  /** A warning is shown: the balance is low, or there is none. */
  low: boolean;
  /** The widget's state (renderer/src/app/BalanceWidget.tsx): `fine`, `low` or `none`. */
  state: string | null;
}

export interface NewProfile {
  name: string;
  baseUrl: string;
  apiKey?: string;
}

const toNumber = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

export class StudioPage {
  constructor(readonly page: Page) {}

  /** Opens the studio and waits until the shell has its first data. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.tab('Chat')).toBeVisible();
    await expect(this.activeProfile).not.toContainText('Loading');
  }

  tab(name: TabName): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** The panel of a tab, found through the tab's aria-controls. */
  panel(name: TabName): Locator {
    return this.page.getByRole('tabpanel', { name, exact: true });
  }

  async openTab(name: TabName): Promise<Locator> {
    await this.tab(name).click();
    const panel = this.panel(name);
    await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
    return panel;
  }

  // --- Top bar ---------------------------------------------------------------------------

  get activeProfile(): Locator {
    return this.page.getByTestId('active-profile');
  }

  get sandboxBadge(): Locator {
    return this.activeProfile.getByText('Offline sandbox', { exact: true });
  }

  get balance(): Locator {
    return this.page.getByRole('region', { name: 'Balance' });
  }

  /** The widget's warning, whichever it says: "Low balance" or "No balance". */
  get balanceWarning(): Locator {
    return this.balance.getByTestId('balance-warning');
  }

  /** Older name of `balanceWarning`: a broke account (no balance at all) is warned of too. */
  get lowBalanceWarning(): Locator {
    return this.balanceWarning;
  }

  async readBalance(): Promise<BalanceReading> {
    await expect(this.balance.getByTestId('balance-tokens-remaining')).toBeVisible();
    const text = (id: string) => this.balance.getByTestId(id).innerText();
    return {
      tokensRemaining: toNumber(await text('balance-tokens-remaining')),
      tokensUsed: toNumber(await text('balance-tokens-used')),
      tokensTotal: toNumber(await text('balance-tokens-total')),
      cash: await text('balance-cash'),
      low: await this.balanceWarning.isVisible(),
      state: await this.balance.getAttribute('data-state'),
    };
  }

  async refreshBalance(): Promise<void> {
    const done = this.page.waitForResponse((r) => r.url().includes('/api/call/account.balance'));
    await this.balance.getByRole('button', { name: 'Refresh balance' }).click();
    await done;
    await expect(this.balance).toHaveAttribute('aria-busy', 'false');
  }

  // --- 402 banner ------------------------------------------------------------------------

  get banner(): Locator {
    return this.page.getByTestId('payment-banner');
  }

  async readBanner(): Promise<string> {
    await expect(this.banner).toBeVisible();
    return this.banner.innerText();
  }

  async dismissBanner(): Promise<void> {
    await this.banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(this.banner).toBeHidden();
  }

  // --- Settings: profiles ----------------------------------------------------------------

  profileCard(name: string): Locator {
    return this.panel('Settings').getByRole('listitem', { name, exact: true });
  }

  async addProfile(profile: NewProfile): Promise<Locator> {
    const panel = await this.openTab('Settings');
    await panel.getByRole('button', { name: 'Add profile' }).click();
    const form = panel.getByRole('form', { name: 'Add a gateway profile' });
    await form.getByLabel('Name', { exact: true }).fill(profile.name);
    await form.getByLabel('Base URL', { exact: true }).fill(profile.baseUrl);
    if (profile.apiKey !== undefined) await form.getByLabel('API key', { exact: true }).fill(profile.apiKey);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form).toBeHidden();
    const card = this.profileCard(profile.name);
    await expect(card).toBeVisible();
    return card;
  }

  /** Runs "Test connection" and returns the outcome's text once it is in. */
  async testConnection(name: string): Promise<string> {
    const card = this.profileCard(name);
    await card.getByRole('button', { name: 'Test connection' }).click();
    const status = card.getByRole('status');
    await expect(status).not.toBeEmpty();
    await expect(status).not.toContainText('Testing connection');
    return status.innerText();
  }

  async activateProfile(name: string): Promise<void> {
    const card = this.profileCard(name);
    await card.getByRole('button', { name: 'Activate' }).click();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(this.activeProfile).toContainText(name);
  }

  async removeProfile(name: string): Promise<void> {
    const card = this.profileCard(name);
    await card.getByRole('button', { name: 'Remove', exact: true }).click();
    await card.getByRole('button', { name: 'Remove profile' }).click();
    await expect(card).toBeHidden();
  }
}
