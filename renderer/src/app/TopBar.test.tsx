// @vitest-environment happy-dom
/**
 * The top bar names the active profile. The built-in sandbox is known by the kind the host gives
 * it, never by its name: a creator's own profile called "Offline sandbox" is theirs, and the
 * sandbox reads in the studio's language whatever the host calls it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfilesView } from '@shared/contract/index.js';
// First: it fills in what happy-dom lacks before the contract client is imported.
import { fakeHost } from '../test/fake-host.js';
import { setLanguage } from '../i18n/index.js';
import { cleanup, mount } from '../test/mount.js';
import { TopBar } from './TopBar.js';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await setLanguage('en');
});

const view = (activeId: string, sandboxName = 'Offline sandbox'): ProfilesView => ({
  activeId,
  profiles: [
    { id: 'sandbox', name: sandboxName, kind: 'sandbox', baseUrl: 'http://127.0.0.1:1', hasKey: true },
    { id: 'mine', name: 'Offline sandbox', kind: 'gateway', baseUrl: 'https://gateway.example.com', hasKey: true, keyTail: '…abcd' },
  ],
});

async function topBar(profiles: ProfilesView) {
  fakeHost({ 'profiles.list': () => profiles });
  const { host } = await mount(<TopBar />);
  const active = host.querySelector<HTMLElement>('[data-testid="active-profile"]')!;
  return { name: () => active.querySelector('strong')?.textContent ?? null, badge: () => active.querySelector('.badge-sandbox')?.textContent ?? null };
}

describe('the active profile in the top bar', () => {
  it('shows a creator\'s profile named "Offline sandbox" by its name, without the sandbox badge', async () => {
    const bar = await topBar(view('mine'));
    expect(bar.name()).toBe('Offline sandbox');
    expect(bar.badge()).toBeNull();
  });

  it('shows the built-in sandbox by its translated label alone, whatever name the host sends', async () => {
    await setLanguage('zh-CN');
    for (const name of ['Offline sandbox', 'Sandbox (local)']) {
      const bar = await topBar(view('sandbox', name));
      expect(bar.badge()).toBe('离线沙盒');
      expect(bar.name()).toBeNull();
      cleanup();
      vi.restoreAllMocks();
    }
  });
});
