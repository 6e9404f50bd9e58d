// @vitest-environment happy-dom
/**
 * A tab's code is loaded on its first open. While it comes, the panel says so; if it cannot come
 * (the connection to the browser shell dropped, the files changed under a running studio), the
 * panel says that plainly with a way to try again, and the rest of the studio keeps working
 * instead of going blank.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { button, cleanup, click, mount, settle } from '../test/mount.js';
import { fakeHost } from '../test/fake-host.js';
import { preloadTabs, TABS } from './tab-registry.js';
import { lazyPanel } from './lazy-panel.js';
import { QueryClient } from '@tanstack/react-query';
import { callKey, EMPTY } from '../api/client.js';
import { raiseFirstScreenReady } from '../state/first-screen-ready.js';

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

  it('fetched ahead while the studio is idle opens at once, and still asks for its first data on that open', async () => {
    const { load, calls } = pendingImport();
    const prefetch = vi.fn();
    const Panel = lazyPanel(load, { open: prefetch });
    const preloaded = Panel.preload();
    await act(async () => calls[0].resolve({ default: Gallery }));
    await preloaded;
    expect(prefetch).not.toHaveBeenCalled();
    const { host } = await mount(<Panel />);
    // No "Loading…" in between: the first render is the tab itself.
    expect(host.querySelector('h2')?.textContent).toBe('Gallery');
    expect(calls).toHaveLength(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('whose code could not be fetched ahead is fetched again when opened, and a failure then is shown', async () => {
    const { load, calls } = pendingImport();
    const Panel = lazyPanel(load);
    const preloaded = Panel.preload();
    await act(async () => calls[0].reject(new TypeError('Failed to fetch dynamically imported module')));
    // The preload itself never throws: it runs in idle time, with no one to tell.
    await expect(preloaded).resolves.toBeUndefined();
    const { host } = await mount(<Panel />);
    expect(host.textContent).toBe('Loading…');
    expect(calls).toHaveLength(2);
    await act(async () => calls[1].reject(new TypeError('Failed to fetch dynamically imported module')));
    await settle();
    expect(host.querySelector('[role="alert"]')).not.toBeNull();
  });

  it("asks for the Gallery's first page and shapes while its code still loads, once: the grid then reads them instead of asking again", async () => {
    // What the panel showed when each request arrived.
    const shown: string[] = [];
    const seen = (answer: unknown) => () => {
      shown.push(document.querySelector('h2')?.textContent ?? document.body.textContent ?? '');
      return answer as never;
    };
    const host = fakeHost({
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }),
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

  // Last: it loads every tab's module for the rest of this file.
  it("every lazy tab's code is fetched in idle time, one tab per idle period, with the unchanging data a first open needs", async () => {
    const host = fakeHost({ 'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }) });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const idle: (() => void)[] = [];
    // After the first screen is usable (preload-after-first-screen.test.tsx shows the wait).
    raiseFirstScreenReady();
    preloadTabs(client, (task) => idle.push(task));
    // One period asked for at a time: the next only once the tab before has come.
    expect(idle).toHaveLength(1);
    // Nothing asked of the host before an idle period.
    expect(host.callsOf('app.info')).toHaveLength(0);
    let periods = 0;
    while (idle.length > 0 && periods < 20) {
      idle.shift()!();
      periods++;
      await act(() => vi.dynamicImportSettled());
    }
    expect(periods).toBe(TABS.length - 1);
    // The Gallery's media base, asked once, is in the cache its first open reads.
    expect(host.callsOf('app.info')).toHaveLength(1);
    expect(client.getQueryData(callKey('app.info', EMPTY))).toMatchObject({ mediaBase: '/media/', startedAt: 0 });
    const Settings = TABS.find((tab) => tab.id === 'settings')!.Panel;
    fakeHost({});
    const { host: page } = await mount(<Settings />);
    expect(page.textContent).not.toBe('Loading…');
  });
});
