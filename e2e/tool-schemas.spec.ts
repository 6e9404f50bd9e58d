/**
 * A creator's own function whose schema would attack the host (docs/robust-host.md, "Tool
 * schemas"), as the creator meets it: a pattern the studio's linear-time engine cannot take is
 * refused at save with the reason; a catastrophic pattern is checked at once and the call shows
 * what does not fit, the studio going on meanwhile.
 */
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';

const EVIL = 'a'.repeat(30) + '!';
const schemaWith = (pattern: string) =>
  JSON.stringify({ type: 'object', properties: { word: { type: 'string', pattern, examples: [EVIL] } }, required: ['word'] });

test('a function whose pattern cannot be checked safely is not saved, and says why; a catastrophic one is checked at once', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newToolConversation();
  await chat.settings.getByRole('button', { name: '+ Add function' }).click();
  await chat.settings.getByRole('listitem', { name: 'Function 1' }).getByLabel('Function name', { exact: true }).fill('match_word');
  const schema = chat.settings.getByRole('listitem', { name: 'match_word' }).getByLabel('Parameters (JSON schema)', { exact: true });

  await schema.fill(schemaWith('^(a+)\\1$'));
  await expect(chat.settings.getByText(/^Not saved: The function match_word cannot be used: the pattern "\^\(a\+\)\\\\1\$" cannot be checked by the studio's linear-time engine \(.+\); backreferences and lookaround are not supported\.$/)).toBeVisible();

  await schema.fill(schemaWith('^(a+)+$'));
  await chat.expectSettingsSaved();
  await chat.closeSettings();
  const reply = await chat.send('Please run match_word.');
  const card = reply.getByRole('region', { name: 'Function call match_word' });
  // About 200 s on the host's loop before; Playwright's default wait fails long before that.
  await expect(card).toContainText("What does not fit the tool's schema:");
  await expect(card).toContainText('/word: must match pattern "^(a+)+$"');
});
