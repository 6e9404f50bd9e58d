/**
 * Versions and branches of a conversation (docs/chat-versions.md), as a creator uses them with the
 * keyboard: Regenerate and Edit keep what they replace, ‹ › bring back a version with the branch
 * below it, going on from an older version grows that branch, the export holds the branch shown
 * or every branch, and a conversation saved by the previous release opens as it was.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import { test, expect } from './fixtures.js';
import { press } from './support/keyboard.js';
import { seededTest } from './support/seeded-studio.js';
import { ROUTED_PAGE } from './support/routed-page.js';
import { ChatPage } from './pages/chat-page.js';

test('Regenerate and Edit keep every version; ‹ › bring back each branch, by keyboard', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const first = await chat.send('Question one');
  await chat.expectStatus(first, 'complete');
  const second = await chat.send('Question two');
  await chat.expectStatus(second, 'complete');

  // Regenerating the first reply keeps it, with the turns below it, as version 1.
  await press(chat.replies.first().getByRole('button', { name: 'Regenerate' }));
  await expect(chat.replies).toHaveCount(1);
  await chat.expectStatus(chat.lastReply, 'complete');
  const pager = chat.lastReply.getByRole('group', { name: 'Versions of this turn' });
  await expect(pager).toContainText('2 / 2');
  await expect(chat.userTurns).toHaveCount(1);

  // Back to version 1: its branch returns, and focus stays on the pager.
  await press(pager.getByRole('button', { name: 'Previous version' }));
  await expect(chat.replies).toHaveCount(2);
  await expect(chat.userTurns.nth(1)).toContainText('Question two');
  const oldPager = chat.replies.first().getByRole('group', { name: 'Versions of this turn' });
  await expect(oldPager).toContainText('1 / 2');
  await expect(oldPager.getByRole('button', { name: 'Next version' })).toBeFocused();

  // Going on from the older version grows its branch; the newer version keeps its own.
  const third = await chat.send('Question three');
  await chat.expectStatus(third, 'complete');
  await expect(third).toContainText('Conversation turns received: 5');
  await press(oldPager.getByRole('button', { name: 'Next version' }));
  await expect(chat.replies).toHaveCount(1);
  await expect(chat.userTurns).toHaveCount(1);
  await press(chat.lastReply.getByRole('button', { name: 'Previous version' }));
  await expect(chat.replies).toHaveCount(3);
  await expect(chat.userTurns.last()).toContainText('Question three');

  // Edit makes a new version of the turn; the original stays behind ‹.
  await press(chat.userTurns.last().getByRole('button', { name: 'Edit' }));
  await chat.messages.getByRole('textbox', { name: 'Edit your message' }).fill('Question three, rephrased');
  await chat.messages.getByRole('textbox', { name: 'Edit your message' }).press('Control+Enter');
  await expect(chat.userTurns.last()).toContainText('Question three, rephrased');
  await chat.expectStatus(chat.lastReply, 'complete');
  const userPager = chat.userTurns.last().getByRole('group', { name: 'Versions of this turn' });
  await expect(userPager).toContainText('2 / 2');
  await press(userPager.getByRole('button', { name: 'Previous version' }));
  await expect(chat.userTurns.last()).toHaveText(/Question three(?!, rephrased)/);

  // The export: the branch shown, or every branch.
  const shown = page.waitForEvent('download');
  await chat.panel.getByRole('button', { name: 'Export Markdown' }).click();
  const shownText = readFileSync((await (await shown).path())!, 'utf8');
  expect(shownText).toContain('Question three');
  expect(shownText).not.toContain('rephrased');
  await chat.panel.getByRole('checkbox', { name: 'Every version' }).check();
  const all = page.waitForEvent('download');
  await chat.panel.getByRole('button', { name: 'Export Markdown' }).click();
  const allText = readFileSync((await (await all).path())!, 'utf8');
  expect(allText).toContain('## Other versions');
  expect(allText).toContain('Question three, rephrased');
  const json = page.waitForEvent('download');
  await chat.panel.getByRole('button', { name: 'Export JSON' }).click();
  const jsonText = readFileSync((await (await json).path())!, 'utf8');
  expect(jsonText).toContain('otherVersions');
  await chat.panel.getByRole('checkbox', { name: 'Every version' }).uncheck();
  const shownJson = page.waitForEvent('download');
  await chat.panel.getByRole('button', { name: 'Export JSON' }).click();
  expect(readFileSync((await (await shownJson).path())!, 'utf8')).not.toContain('rephrased');

  // A reload keeps the branch shown and its versions.
  await page.reload();
  await expect(chat.replies).toHaveCount(3);
  await expect(chat.replies.first().getByRole('group', { name: 'Versions of this turn' })).toContainText('1 / 2');
});

const previous = seededTest((dataDir) => {
  mkdirSync(join(dataDir, 'conversations'), { recursive: true });
  copyFileSync(join(import.meta.dirname, 'fixtures', 'conversation-previous-release.json'), join(dataDir, 'conversations', 'previous-release.json'));
});

previous('a conversation saved by the previous release opens as it was, and takes versions from then on', async ({ page, seededStudio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(seededStudio.url);
  await chat.open();
  await expect(chat.heading).toHaveText('Harbour lights');
  await expect(chat.userTurns).toHaveCount(2);
  await expect(chat.replies.first().getByRole('group', { name: 'Alternatives' })).toContainText('Green marks the starboard side.');
  await expect(chat.replies.first()).toContainText('Tokens: 12 prompt · 20 completion · 32 total');
  await chat.expectStatus(chat.lastReply, 'incomplete');
  await expect(chat.lastReply).toContainText('In fog the keeper sounds the horn every');
  await expect(chat.messages.getByRole('group', { name: 'Versions of this turn' })).toHaveCount(0);

  // Retry makes its second version; the old incomplete one is still there.
  await press(chat.lastReply.getByRole('button', { name: 'Retry' }));
  await chat.expectStatus(chat.lastReply, 'complete');
  await press(chat.lastReply.getByRole('button', { name: 'Previous version' }));
  await chat.expectStatus(chat.lastReply, 'incomplete');
  await expect(chat.lastReply).toContainText('In fog the keeper sounds the horn every');
});

test('Ctrl+F finds words in a hidden version and shows its branch', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const first = await chat.send('Question one');
  await chat.expectStatus(first, 'complete');
  await chat.expectStatus(await chat.send('Tell me about quokkas'), 'complete');
  // Regenerating the first reply hides the quokka turn behind version 1.
  await press(chat.replies.first().getByRole('button', { name: 'Regenerate' }));
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.userTurns).toHaveCount(1);

  await chat.messages.focus();
  await page.keyboard.press('Control+f');
  const find = chat.panel.getByRole('searchbox', { name: 'Find in this conversation' });
  await find.fill('quokkas');
  await expect(chat.panel.getByRole('search', { name: 'Find in this conversation' }).getByRole('status')).toHaveText(/^1 of \d$/);
  // The branch that holds it is shown, the hit in view (newest first: the reply, which quotes the
  // question), the pager on version 1.
  await expect(chat.userTurns.filter({ hasText: 'Tell me about quokkas' })).toHaveCount(1);
  await expect(chat.replies.last()).toBeInViewport();
  await expect(chat.replies.last()).toContainText('quokkas');
  await expect(chat.replies.first().getByRole('group', { name: 'Versions of this turn' })).toContainText('1 / 2');
});

/** Two versions of the first reply, each with a branch longer than a window shows, written as the host stores it. */
const longBranches = seededTest((dataDir) => {
  const turns = (tag: string, count: number) =>
    Array.from({ length: count }, (_, i) =>
      i % 2 === 0
        ? { id: `${tag}u${i}`, role: 'user', createdAt: i + 2, text: `Branch ${tag} question ${i}` }
        : { id: `${tag}a${i}`, role: 'assistant', createdAt: i + 2, status: 'complete', model: 'modela-5', api: 'chat', choices: [{ text: i === count - 1 ? `Branch ${tag} ends here.` : `Branch ${tag} answer ${i}.`, finishReason: 'stop' }] });
  const reply = (id: string, tag: string) => ({ id, role: 'assistant', createdAt: 1, status: 'complete', model: 'modela-5', api: 'chat', choices: [{ text: `Version ${tag} of the first reply.`, finishReason: 'stop' }] });
  const messages = [
    { id: 'q0', role: 'user', createdAt: 0, text: 'Where does it start?' },
    { ...reply('first-b', 'B'), versions: { shown: 1, count: 2 }, otherVersions: [[reply('first-a', 'A'), ...turns('A', 300)]] },
    ...turns('B', 120),
  ];
  mkdirSync(join(dataDir, 'conversations'), { recursive: true });
  const conversation = { version: 1, id: 'long-branches', title: 'Long branches', titleSet: true, createdAt: 1, updatedAt: 2, settings: DEFAULT_CHAT_SETTINGS, messages };
  writeFileSync(join(dataDir, 'conversations', 'long-branches.json'), JSON.stringify(conversation));
});

// The switch's answer is read on its way (page.route), so the offline worker stays out.
longBranches.describe(() => {
longBranches.use(ROUTED_PAGE);

longBranches('a switch in a long conversation shows the other branch to its very end, at once and whole', async ({ page, seededStudio }) => {
  const chat = new ChatPage(page);
  const switches: number[] = [];
  await page.route('**/chat.switchVersion', async (route) => {
    const response = await route.fetch();
    switches.push(((await response.json()) as { value: { messages: unknown[] } }).value.messages.length);
    await route.fulfill({ response });
  });
  await chat.studio.open(seededStudio.url);
  await expect(chat.heading).toHaveText('Long branches');
  await expect(chat.messages.getByText('Branch B ends here.')).toBeVisible();
  const setSize = chat.messages.locator('[aria-posinset]').last();
  await expect(setSize).toHaveAttribute('aria-setsize', '122');

  await chat.messages.focus();
  await page.keyboard.press('Home');
  const firstReply = chat.messages.locator('[aria-posinset="2"]');
  await expect(firstReply).toContainText('Version B of the first reply.');
  const reads = () => page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('/chat.get')).length);
  const readsBefore = await reads();
  await press(firstReply.getByRole('button', { name: 'Previous version' }));
  await expect(firstReply).toContainText('Version A of the first reply.');
  await expect(chat.messages.getByText('Branch A question 0', { exact: true })).toBeVisible();
  // The page was sent the rows a window shows, not the 300 below: the rest came on its own.
  await expect.poll(() => switches).toEqual([expect.any(Number)]);
  expect(switches[0]).toBeLessThan(60);
  await expect(chat.messages.locator('[aria-posinset]').first()).toHaveAttribute('aria-setsize', '302');
  // Once the rest has come the reader is where they were, at the turn switched, not sent to the end.
  await expect.poll(reads).toBeGreaterThan(readsBefore);
  await expect(firstReply).toBeInViewport();
  await expect(chat.messages.getByText('Branch A ends here.')).toHaveCount(0);

  // The end of the branch shown is the other version's, nothing of the first is left.
  await chat.messages.focus();
  await page.keyboard.press('End');
  await expect(chat.messages.getByText('Branch A ends here.')).toBeVisible();
  await expect(chat.messages.getByText(/Branch B/)).toHaveCount(0);
  // And back: the first branch whole again, its pager keeping the keyboard's place.
  await page.keyboard.press('Home');
  await press(firstReply.getByRole('button', { name: 'Next version' }));
  await expect(firstReply).toContainText('Version B of the first reply.');
  await expect(chat.messages.locator('[aria-posinset]').first()).toHaveAttribute('aria-setsize', '122');
  await page.keyboard.press('End');
  await expect(chat.messages.getByText('Branch B ends here.')).toBeVisible();
});
});
