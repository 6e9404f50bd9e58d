// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/index.js';
import { cleanup, mount } from '../test/mount.js';
import { Welcome } from './Welcome.js';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await setLanguage('en');
});

const bold = (host: HTMLElement) => [...host.querySelectorAll('strong')].map((b) => b.textContent);

describe('the first-run welcome', () => {
  it('shows its sentences with the marked words in bold, and no markup as text', async () => {
    const { host } = await mount(<Welcome />);
    expect(bold(host)).toEqual(['offline sandbox', 'Settings', 'Add profile', 'Activate']);
    expect(host.textContent).toContain('You are on the offline sandbox: a built-in gateway');
    expect(host.textContent).not.toContain('<b>');
  });

  it('in Simplified Chinese too', async () => {
    await setLanguage('zh-CN');
    const { host } = await mount(<Welcome />);
    expect(bold(host)).toEqual(['离线沙盒', '设置', '添加配置', '启用']);
    expect(host.textContent).not.toContain('<b>');
  });
});
