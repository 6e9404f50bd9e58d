// @vitest-environment happy-dom
/**
 * A tab's code is loaded on its first open. While it comes, the panel says so; if it cannot come
 * (the connection to the browser shell dropped, the files changed under a running studio), the
 * panel says that plainly with a way to try again, and the rest of the studio keeps working
 * instead of going blank.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { button, cleanup, click, mount, settle } from '../test/mount.js';
import { fakeHost } from '../test/fake-host.js';
import { TABS } from './tab-registry.js';
import { lazyPanel } from './lazy-panel.js';

afterEach(cleanup);

/** An import() the test answers by hand. */
function pendingImport() {
  const calls: { resolve(m: { default: () => React.ReactNode }): void; reject(e: unknown): void }[] = [];
  const load = () => new Promise<{ default: () => React.ReactNode }>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

const Gallery = () => <h2>Gallery</h2>;

describe('a tab loaded on first open', () => {
  it('says it is loading, then shows the tab as soon as its code has come', async () => {
    const { load, calls } = pendingImport();
    const Panel = lazyPanel(load);
    const { host } = await mount(<><p>Top bar</p><Panel /></>);
    expect(host.textContent).toBe('Top barLoading…');
    expect(calls).toHaveLength(1);
    await act(async () => calls[0].resolve({ default: Gallery }));
    await settle();
    expect(host.querySelector('h2')?.textContent).toBe('Gallery');
  });

  it('loads its code once, however often it is opened', async () => {
    const { load, calls } = pendingImport();
    const Panel = lazyPanel(load);
    const first = await mount(<Panel />);
    await act(async () => calls[0].resolve({ default: Gallery }));
    first.unmount();
    const { host } = await mount(<Panel />);
    expect(host.querySelector('h2')?.textContent).toBe('Gallery');
    expect(calls).toHaveLength(1);
  });

  it('that cannot be loaded says so beside a working studio, and Try again loads it', async () => {
    const { load, calls } = pendingImport();
    const Panel = lazyPanel(load);
    const { host } = await mount(<><p>Top bar</p><Panel /></>);
    await act(async () => calls[0].reject(new TypeError('Failed to fetch dynamically imported module')));
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('This tab could not be loaded. Check the connection to the studio, then try again.');
    expect(host.textContent).toContain('Top bar');
    await click(button(host, 'Try again'));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1].resolve({ default: Gallery }));
    await settle();
    expect(host.querySelector('h2')?.textContent).toBe('Gallery');
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it("asks for the Gallery's first page and shapes while its code still loads, once: the grid then reads them instead of asking again", async () => {
    // What the panel showed when each request arrived.
    const shown: string[] = [];
    const seen = (answer: unknown) => () => {
      shown.push(document.querySelector('h2')?.textContent ?? document.body.textContent ?? '');
      return answer as never;
    };
    const host = fakeHost({
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/' }),
      'library.list': seen({ items: [], total: 0, models: [] }),
      'library.shapes': seen({ ratios: [] }),
    });
    const Gallery = TABS.find((tab) => tab.id === 'gallery')!.Panel;
    const { host: page } = await mount(<Gallery />);
    // The tab's code comes by a dynamic import: wait for it, not for time.
    await act(() => vi.dynamicImportSettled());
    await settle();
    expect(page.querySelector('h2')?.textContent).toBe('Gallery');
    expect(host.callsOf('library.list')).toHaveLength(1);
    expect(host.callsOf('library.shapes')).toHaveLength(1);
    expect(shown).toEqual(['Loading…', 'Loading…']);
  });
});
