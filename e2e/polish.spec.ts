/**
 * The first-run welcome, the keyboard, and the two languages, as a creator meets them.
 */
import { expect, test } from './fixtures.js';
import { StudioPage, TAB_NAMES } from './pages/studio-page.js';

test.describe('first run', () => {
  test.use({ firstRun: true });

  test('a welcome explains the offline sandbox and the way to a real key, once', async ({ page, studio }) => {
    const studioPage = new StudioPage(page);
    await studioPage.open(studio.url);
    const welcome = page.getByRole('region', { name: 'Welcome to Gateway Studio' });
    await expect(welcome).toContainText('offline sandbox');
    await expect(welcome).toContainText('Add profile');
    await welcome.getByRole('button', { name: 'Add a gateway key' }).click();
    await expect(welcome).toHaveCount(0);
    await expect(studioPage.tab('Settings')).toHaveAttribute('aria-selected', 'true');
    // The button promised a key: the form to add one is open, its first field ready for typing.
    const settings = studioPage.panel('Settings');
    await expect(settings.getByRole('button', { name: 'Add profile' })).toHaveAttribute('aria-expanded', 'true');
    await expect(settings.getByRole('textbox', { name: 'Name' })).toBeFocused();

    await page.reload();
    await expect(studioPage.tab('Chat')).toBeVisible();
    await expect(studioPage.activeProfile).not.toContainText('Loading');
    await expect(page.getByRole('region', { name: 'Welcome to Gateway Studio' })).toHaveCount(0);
  });

  test('Add a gateway key opens the form on a Settings tab visited before too', async ({ page, studio }) => {
    const studioPage = new StudioPage(page);
    await studioPage.open(studio.url);
    await studioPage.openTab('Settings');
    await studioPage.openTab('Chat');
    await page.getByRole('region', { name: 'Welcome to Gateway Studio' }).getByRole('button', { name: 'Add a gateway key' }).click();
    await expect(studioPage.panel('Settings').getByRole('textbox', { name: 'Name' })).toBeFocused();
  });
});

test('Ctrl+1…9 open the tabs from anywhere, and Settings lists every shortcut', async ({ page, studio }) => {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  // From inside a text box too: the shortcuts are the studio's, not the field's.
  await page.getByRole('tabpanel', { name: 'Chat' }).getByRole('button', { name: /New conversation/ }).first().click();
  await page.getByRole('textbox', { name: 'Message', exact: true }).focus();
  for (const [i, name] of TAB_NAMES.entries()) {
    await page.keyboard.press(`Control+${i + 1}`);
    await expect(studioPage.tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(studioPage.tab(name)).toBeFocused();
  }
  const shortcuts = page.getByRole('region', { name: 'Keyboard shortcuts' });
  // Send, new line, Enter and Shift+Enter in a chat message, stop, the prompt palette; a tab each; moving between tabs, Tab.
  await expect(shortcuts.getByRole('row')).toHaveCount(1 + 6 + TAB_NAMES.length + 2);
  await expect(shortcuts.getByRole('row', { name: /Insert a saved or recent prompt/ })).toContainText('Ctrl + P');
  await expect(shortcuts.getByRole('row', { name: /Send a chat message/ })).toContainText('Enter');
  await expect(shortcuts.getByRole('row', { name: /Open the Gallery tab/ })).toContainText('Ctrl + 6');
  // Where the list sends the creator must exist: each "Settings → X" names a section of Settings.
  const sendRow = (await shortcuts.getByRole('row', { name: /Send a chat message/ }).textContent()) ?? '';
  const place = /Settings → ([^()]+?) (?:can|to)\b/.exec(sendRow)?.[1];
  expect(place, sendRow).toBeTruthy();
  await expect(studioPage.panel('Settings').getByRole('heading', { name: place, exact: true })).toBeVisible();
});

test('a reload returns to the tab that was open', async ({ page, studio }) => {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  await studioPage.openTab('Gallery');
  await page.reload();
  await expect(studioPage.tab('Gallery')).toHaveAttribute('aria-selected', 'true');
  await expect(studioPage.panel('Gallery')).toBeVisible();
  await studioPage.openTab('Speech');
  await page.reload();
  await expect(studioPage.tab('Speech')).toHaveAttribute('aria-selected', 'true');
});

/** The focused element and whether it draws a focus ring (run in the page). */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  return { name: el.tagName + ':' + (el.getAttribute('aria-label') ?? (el.textContent || '').trim().slice(0, 30)), ring };
})()`;

test('every control is reached by Tab with a visible focus ring', async ({ page, studio }) => {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focus = (await page.evaluate(FOCUSED)) as { name: string; ring: boolean } | null;
    if (!focus) continue;
    expect(focus.ring, `${focus.name} shows where the focus is`).toBe(true);
    seen.add(focus.name);
  }
  // The skip link, the tab list, the balance's refresh and the Chat tab's controls are all on the way.
  expect([...seen].some((n) => n.includes('Skip to content'))).toBe(true);
  expect([...seen].some((n) => n.includes('Refresh balance'))).toBe(true);
  expect([...seen].some((n) => n.startsWith('BUTTON:Chat'))).toBe(true);
  expect([...seen].some((n) => /New conversation/.test(n))).toBe(true);
});

test('the studio speaks Simplified Chinese when chosen, formats money for it, and keeps the choice', async ({ page, studio }) => {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  const settings = await studioPage.openTab('Settings');
  await settings.getByRole('radio', { name: '简体中文', exact: true }).click();
  await expect(page.getByRole('tab', { name: '设置' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: '对话' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // ¥ for CNY in Chinese, where English writes CN¥.
  await expect(page.getByTestId('balance-cash')).toHaveText(/^¥[\d,]+\.\d\d$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: '对话' })).toBeVisible();
  await page.getByRole('tab', { name: '设置' }).click();
  await page.getByRole('radio', { name: 'English', exact: true }).click();
  await expect(studioPage.tab('Chat')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English', exact: true })).toBeChecked();
  await expect(page.getByTestId('balance-cash')).toHaveText(/^CN¥/);
});

test.describe('a Chinese system', () => {
  test.use({ locale: 'zh-CN' });

  test('shows the studio in Chinese from the start, as the system language says', async ({ page, studio }) => {
    await page.goto(studio.url);
    await expect(page.getByRole('tab', { name: '对话' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '作品库' })).toBeVisible();
    // A new conversation's title is the host's, stored in English, and shown in Chinese.
    await page.getByRole('button', { name: '+ 新建对话' }).first().click();
    await expect(page.getByRole('heading', { level: 3, name: '新对话' })).toBeVisible();
    // An empty message is refused before sending, in Chinese.
    await page.getByRole('button', { name: /^发送/ }).click();
    await expect(page.getByRole('tabpanel', { name: '对话' }).getByText('请输入消息或添加图片。')).toBeVisible();
  });
});
