// @vitest-environment happy-dom
/**
 * A draft is the creator's own words: a reload, a closed window or a tab that goes away right
 * after a key press must not take the last change with it, though saving waits for typing to pause.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { cleanup, mount, type } from '../test/mount.js';
import { fakeHost } from '../test/fake-host.js';
import { call } from '../api/transport.js';
import { keepWorkspaceIn, readDraft } from './draft-storage.js';
import { useDraft } from './drafts.js';

function Form() {
  const [draft, update] = useDraft('drafts-test', { text: '' });
  return (
    <label>
      Prompt
      <input value={draft.text} onChange={(e) => update({ text: e.target.value })} />
    </label>
  );
}
const prompt = (host: HTMLElement) => host.querySelector('input')!;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  window.dispatchEvent(new Event('pageshow'));
});

/** What the host was sent for a draft, once pending promises have run. */
async function sentToHost(host: ReturnType<typeof fakeHost>) {
  await act(async () => undefined);
  return host.callsOf('app.keepWorkspace') as { key: string; value: { text: string } }[];
}

// First in the file: the page's entry (main.tsx) has not yet said how to reach the host.
describe("the host's copy of drafts", () => {
  it('gets what was written before the page said how to reach the host, once it does', async () => {
    const host = fakeHost({ 'app.keepWorkspace': () => undefined as never });
    const { host: form } = await mount(<Form />);
    await type(prompt(form), 'a wren');
    window.dispatchEvent(new Event('pagehide'));
    expect(await sentToHost(host)).toEqual([]);
    keepWorkspaceIn((key, value) => call('app.keepWorkspace', { key, value }));
    expect((await sentToHost(host)).at(-1)).toEqual({ key: 'draft:drafts-test', value: { text: 'a wren' } });
  });
});

describe('a draft', () => {
  it('is saved at once when the page goes away right after a change', async () => {
    const { host } = await mount(<Form />);
    await type(prompt(host), 'a fox at dawn');
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft('drafts-test', { text: '' }).text).toBe('a fox at dawn');
  });

  it('is saved at once when its form goes away right after a change', async () => {
    const { host, unmount } = await mount(<Form />);
    await type(prompt(host), 'a heron');
    unmount();
    expect(readDraft('drafts-test', { text: '' }).text).toBe('a heron');
  });

  it('is saved once typing pauses, and comes back on the next start', async () => {
    const first = await mount(<Form />);
    vi.useFakeTimers();
    await type(prompt(first.host), 'a');
    await type(prompt(first.host), 'ab');
    await act(async () => { await vi.advanceTimersByTimeAsync(350); });
    expect(readDraft('drafts-test', { text: '' }).text).toBe('ab');
    first.unmount();
    vi.useRealTimers();
    const { host } = await mount(<Form />);
    expect(prompt(host).value).toBe('ab');
  });

  it("reaches the host's copy at once when the page goes away right after a change, not half a second later when it is gone", async () => {
    const host = fakeHost({ 'app.keepWorkspace': () => undefined as never });
    const { host: form } = await mount(<Form />);
    await type(prompt(form), 'an otter');
    expect((await sentToHost(host)).some((c) => c.value.text === 'an otter')).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    // (An earlier test's pending write may go out with it: the latest is what the host keeps.)
    expect((await sentToHost(host)).at(-1)).toEqual({ key: 'draft:drafts-test', value: { text: 'an otter' } });
  });

  it("reaches the host's copy once typing pauses, with the last text only", async () => {
    const host = fakeHost({ 'app.keepWorkspace': () => undefined as never });
    const { host: form } = await mount(<Form />);
    vi.useFakeTimers();
    await type(prompt(form), 'a');
    await type(prompt(form), 'a lynx');
    await act(async () => { await vi.advanceTimersByTimeAsync(900); });
    expect(await sentToHost(host)).toEqual([{ key: 'draft:drafts-test', value: { text: 'a lynx' } }]);
  });
});
