/** The Chat tab as a creator drives it, for the benchmarks that send from its composer. */
import type { Locator, Page } from '@playwright/test';

/** A new conversation from the sidebar, empty and shown; returns its composer. */
export async function newConversation(page: Page): Promise<Locator> {
  const chat = page.getByRole('tabpanel', { name: 'Chat' });
  const sidebar = chat.getByRole('complementary', { name: 'Conversations' });
  const conversations = sidebar.getByRole('navigation', { name: 'Conversation list' }).getByRole('listitem');
  await sidebar.getByRole('button', { name: '+ New conversation', exact: true }).click();
  // Newest first, and selected. Not counted: the list holds only the entries in view
  // (renderer/src/features/chat/ui/conversation-window.tsx), so a run's many conversations stop adding entries.
  await conversations.first().locator('[aria-current="page"]', { hasText: 'New conversation' }).waitFor();
  await chat.getByText('No messages yet').waitFor();
  return chat.getByRole('form', { name: 'New message' });
}
