// @vitest-environment happy-dom
/**
 * The lost-connection bar as a creator meets it: it says what happened and what to do, "Try now"
 * tries at once, job clocks stop while out of contact, and back in contact the host's data is
 * read again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { resetConnection, setRetry, streamStatus } from '../api/connection.js';
import { useClock } from '../features/tasks/model/use-clock.js';
import { button, cleanup, click, mount } from '../test/mount.js';
import { ConnectionBanner, useReconnectRefresh } from './ConnectionBanner.js';

afterEach(() => {
  cleanup();
  resetConnection();
  vi.useRealTimers();
});

let ticks = 0;
function Clock() {
  ticks++;
  return <span data-testid="clock">{useClock(true)}</span>;
}

function Shell() {
  useReconnectRefresh();
  return (
    <>
      <ConnectionBanner />
      <Clock />
    </>
  );
}

const bar = () => document.querySelector('[data-testid="connection-banner"]');

describe('the lost-connection bar', () => {
  it('shows while the host is lost, tries at once on "Try now", and goes, the host\'s data read again, once back', async () => {
    const retry = vi.fn();
    setRetry(retry);
    const { client } = await mount(<Shell />);
    const refresh = vi.spyOn(client, 'invalidateQueries');
    expect(bar()).toBeNull();
    act(() => streamStatus({ state: 'lost' }));
    expect(bar()?.getAttribute('role')).toBe('alert');
    expect(bar()?.textContent).toContain('Lost contact with the studio.');
    expect(bar()?.textContent).toContain('trying again by itself');
    await click(button(bar()!, 'Try now'));
    expect(retry).toHaveBeenCalledTimes(1);
    act(() => streamStatus({ state: 'open', bootId: 'run-1' }));
    expect(bar()).toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('after a restart says to open the terminal\'s newest link, with no "Try now" that cannot help', async () => {
    await mount(<Shell />);
    act(() => streamStatus({ state: 'lost' }));
    act(() => streamStatus({ state: 'refused', status: 403 }));
    expect(bar()?.textContent).toContain('The studio was started again');
    expect(bar()?.textContent).toContain('Open the newest link printed in the terminal');
    expect(bar()?.querySelector('button')).toBeNull();
  });

  it('a running job\'s clock stops counting while out of contact, and goes on once back', async () => {
    await mount(<Shell />);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // Subscribed again under the fake clock.
    act(() => streamStatus({ state: 'lost' }));
    act(() => streamStatus({ state: 'open' }));
    const before = ticks;
    // A second at a time: the renders of one act() are made once, at its end.
    const seconds = async (n: number) => {
      for (let i = 0; i < n; i++) await act(async () => { await vi.advanceTimersByTimeAsync(1_000); });
    };
    await seconds(3);
    expect(ticks - before).toBeGreaterThanOrEqual(3);
    act(() => streamStatus({ state: 'lost' }));
    const lostAt = ticks;
    const shown = document.querySelector('[data-testid="clock"]')?.textContent;
    await seconds(10);
    expect(ticks).toBe(lostAt);
    expect(document.querySelector('[data-testid="clock"]')?.textContent).toBe(shown);
    act(() => streamStatus({ state: 'open' }));
    await seconds(2);
    expect(ticks).toBeGreaterThan(lostAt + 1);
  });
});
