/** The Chat tab as a creator drives it, for the benchmarks that send from its composer. */
import type { Locator, Page } from '@playwright/test';

/** A new conversation from the sidebar, empty and shown; returns its composer. */
export async function newConversation(page: Page): Promise<Locator> {
  const chat = page.getByRole('tabpanel', { name: 'Chat' });
  const sidebar = chat.getByRole('complementary', { name: 'Conversations' });
  const conversations = sidebar.getByRole('navigation', { name: 'Conversation list' }).getByRole('listitem');
  const before = await conversations.count();
  await sidebar.getByRole('button', { name: '+ New conversation', exact: true }).click();
  await conversations.nth(before).waitFor();
  await chat.getByText('No messages yet').waitFor();
  return chat.getByRole('form', { name: 'New message' });
}
