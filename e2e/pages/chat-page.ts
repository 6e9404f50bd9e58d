/**
 * Page object of the Chat tab: the conversations sidebar, the open conversation's messages (as
 * articles named "You" and "Reply from …"), its settings panel and the composer. Everything is
 * found by role and accessible name, as a user (or a screen reader) finds it.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';
import type { UploadFile } from './image-page.js';

export type ReplyStatus = 'streaming' | 'complete' | 'incomplete' | 'stopped' | 'failed';

export class ChatPage {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  async open(): Promise<void> {
    await this.studio.openTab('Chat');
    await expect(this.sidebar).toBeVisible();
  }

  get panel(): Locator {
    return this.studio.panel('Chat');
  }

  // --- Sidebar ---------------------------------------------------------------------------

  get sidebar(): Locator {
    return this.panel.getByRole('complementary', { name: 'Conversations' });
  }

  get conversations(): Locator {
    return this.sidebar.getByRole('navigation', { name: 'Conversation list' }).getByRole('listitem');
  }

  /** An entry by its title: its open button's name starts with it (then the time, count, snippet). */
  conversation(title: string): Locator {
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.conversations.filter({ has: this.page.getByRole('button', { name: new RegExp(`^${escaped} `) }) });
  }

  get search(): Locator {
    return this.sidebar.getByRole('searchbox', { name: 'Search conversations' });
  }

  async newConversation(): Promise<void> {
    const before = await this.conversations.count();
    // The sidebar's own button, not a conversation still titled "New conversation".
    await this.sidebar.getByRole('button', { name: '+ New conversation', exact: true }).click();
    await expect(this.composer).toBeVisible();
    await expect(this.conversations).toHaveCount(before + 1);
  }

  async rename(from: string, to: string, key: 'Enter' | 'Escape' = 'Enter'): Promise<void> {
    await this.sidebar.getByRole('button', { name: `Rename “${from}”` }).click();
    const box = this.sidebar.getByRole('textbox', { name: 'Conversation title' });
    await box.fill(to);
    await box.press(key);
    await expect(box).toBeHidden();
  }

  // --- The open conversation -------------------------------------------------------------

  get heading(): Locator {
    return this.panel.getByRole('heading', { level: 3 });
  }

  get messages(): Locator {
    return this.panel.getByRole('region', { name: 'Messages' });
  }

  get replies(): Locator {
    return this.messages.getByRole('article', { name: /^Reply/ });
  }

  get userTurns(): Locator {
    return this.messages.getByRole('article', { name: 'You' });
  }

  get lastReply(): Locator {
    return this.replies.last();
  }

  async expectStatus(reply: Locator, status: ReplyStatus, timeout = 20_000): Promise<void> {
    await expect(reply).toHaveAttribute('data-status', status, { timeout });
  }

  // --- Composer --------------------------------------------------------------------------

  get composer(): Locator {
    return this.panel.getByRole('form', { name: 'New message' });
  }

  get messageBox(): Locator {
    return this.composer.getByRole('textbox', { name: 'Message', exact: true });
  }

  get sendButton(): Locator {
    return this.composer.getByRole('button', { name: /^Send/ });
  }

  get stopButton(): Locator {
    return this.composer.getByRole('button', { name: /^Stop/ });
  }

  get apiNote(): Locator {
    return this.composer.getByTestId('chat-api-note');
  }

  /** Types a message and sends it with the button; returns the reply it starts (the newest). */
  async send(text: string): Promise<Locator> {
    const replies = await this.replies.count();
    await this.messageBox.fill(text);
    await this.sendButton.click();
    await expect(this.replies).toHaveCount(replies + 1);
    await expect(this.messageBox).toHaveValue('');
    return this.lastReply;
  }

  async attachFiles(...files: UploadFile[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.composer.getByRole('button', { name: 'Attach images…' }).click();
    await (await chooser).setFiles(files);
    for (const f of files) await expect(this.pendingImages.getByRole('listitem', { name: f.name })).toBeVisible();
  }

  get pendingImages(): Locator {
    return this.composer.getByRole('list', { name: 'Images to send' });
  }

  // --- Settings --------------------------------------------------------------------------

  get settings(): Locator {
    return this.panel.getByRole('region', { name: 'Conversation settings' });
  }

  async openSettings(): Promise<void> {
    const toggle = this.panel.getByRole('button', { name: /^Settings/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(this.settings).toBeVisible();
  }

  async closeSettings(): Promise<void> {
    const toggle = this.panel.getByRole('button', { name: /^Settings/ });
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    await expect(this.settings).toBeHidden();
  }
  /** A new conversation on the responses API (tools go through it, chosen on purpose), its settings open. */
  async newToolConversation(): Promise<void> {
    await this.newConversation();
    await this.openSettings();
    await this.setting('API').selectOption('responses');
  }

  /** A new conversation whose replies come as `n` alternatives side by side. */
  async newConversationWithAlternatives(n: number): Promise<void> {
    await this.newConversation();
    await this.openSettings();
    await this.setting('Alternatives (n)').fill(String(n));
    await this.expectSettingsSaved();
    await this.closeSettings();
  }


  setting(label: string): Locator {
    return this.settings.getByLabel(label, { exact: true });
  }

  /** Picks a model in a model picker (a combobox over a listbox): typed, then Enter. */
  async chooseModel(picker: Locator, model: string): Promise<void> {
    await picker.fill(model);
    await picker.press('Enter');
    await expect(picker).toHaveValue(model);
  }

  /** Waits until the panel says every change is saved. */
  async expectSettingsSaved(): Promise<void> {
    await expect(this.settings.getByRole('status')).toContainText('Saved.');
  }
}

/** Sandbox admin: simulated milliseconds between streamed chunks (0: as fast as possible). */
export async function paceSandbox(page: Page, sandboxUrl: string, ms: number): Promise<void> {
  const res = await page.request.post(`${sandboxUrl}/_sandbox/pace`, { data: { ms } });
  expect(res.ok()).toBe(true);
}

/** Sandbox admin: break the next stream. */
export async function breakNextStream(page: Page, sandboxUrl: string, fault: { mode: 'cut' | 'stall' | 'no-terminator'; after_chunks: number }): Promise<void> {
  const res = await page.request.post(`${sandboxUrl}/_sandbox/faults/stream`, { data: fault });
  expect(res.ok()).toBe(true);
}
