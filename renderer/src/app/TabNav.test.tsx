// @vitest-environment happy-dom
/**
 * The navigation. A press on a tab starts on it before the click that opens it: the Gallery's
 * first requests leave while the button is still down.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { cleanup, mount } from '../test/mount.js';
import { fakeHost } from '../test/fake-host.js';
import { TabNav } from './TabNav.js';

afterEach(cleanup);

describe('the navigation', () => {
  it("asks for the Gallery's first data as its tab is pressed, before the click that opens it, once", async () => {
    const host = fakeHost({
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }),
      'library.list': () => ({ items: [], total: 0, models: [] }),
      'library.shapes': () => ({ ratios: [] }),
    });
    const { host: page } = await mount(<TabNav />);
    const tab = page.querySelector<HTMLButtonElement>('#tab-gallery')!;
    await act(async () => { tab.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })); });
    expect(host.callsOf('library.list')).toHaveLength(1);
    expect(tab.getAttribute('aria-selected')).toBe('false');
    // Pressed again (a second try, a double click): nothing asked twice.
    await act(async () => { tab.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })); });
    expect(host.callsOf('library.list')).toHaveLength(1);
    expect(host.callsOf('library.shapes')).toHaveLength(1);
  });

});
