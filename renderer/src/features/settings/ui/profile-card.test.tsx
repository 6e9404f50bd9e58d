// @vitest-environment happy-dom
/**
 * A profile's card: the built-in sandbox is known by its kind, never by its name. Its heading is
 * the studio's own label in the language shown; a creator's profile keeps the name they gave it,
 * even "Offline sandbox", with its actions.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '@shared/contract/index.js';
// First: it fills in what happy-dom lacks before the contract client is imported.
import { fakeHost } from '../../../test/fake-host.js';
import { setLanguage } from '../../../i18n/index.js';
import { buttonNames, cleanup, mount } from '../../../test/mount.js';
import '../strings/register.js';
import { ProfileCard } from './profile-card.js';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await setLanguage('en');
});

async function card(profile: ProfileView) {
  fakeHost({});
  const { host } = await mount(
    <ul>
      <ProfileCard profile={profile} active={false} editing={null} onEdit={() => undefined} onEditDone={() => undefined} onRemoved={() => undefined} />
    </ul>,
  );
  return { heading: host.querySelector('h4')!.textContent, badges: [...host.querySelectorAll('.badge')].map((b) => b.textContent), buttons: buttonNames(host) };
}

const sandbox = (name: string): ProfileView => ({ id: 'sandbox', name, kind: 'sandbox', baseUrl: 'http://127.0.0.1:1', hasKey: true });

describe('a profile card', () => {
  it('heads the built-in sandbox with its label in the language shown, whatever name the host sends', async () => {
    await setLanguage('zh-CN');
    expect((await card(sandbox('Offline sandbox'))).heading).toBe('离线沙盒');
    cleanup();
    expect((await card(sandbox('Sandbox (local)'))).heading).toBe('离线沙盒');
    await setLanguage('en');
    cleanup();
    expect((await card(sandbox('Sandbox (local)'))).heading).toBe('Offline sandbox');
  });

  it('treats a creator\'s profile named "Offline sandbox" as their own: its name, no built-in badge, its actions', async () => {
    await setLanguage('zh-CN');
    const mine = await card({ id: 'mine', name: 'Offline sandbox', kind: 'gateway', baseUrl: 'https://gateway.example.com', hasKey: true, keyTail: '…abcd' });
    expect(mine.heading).toBe('Offline sandbox');
    expect(mine.badges).toEqual([]);
    expect(mine.buttons).toEqual(expect.arrayContaining(['编辑', '删除']));
  });
});
