// @vitest-environment happy-dom
/**
 * The grid's rows: a small library's in the render that needs them; a big one's in a task of
 * their own just after, so no single task lays out 100,000 items and draws the first rows too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useEffect, useState } from 'react';
import { cleanup, mount } from '../../test/mount.js';
import { useJustifiedLayout } from './use-justified-layout.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Rows({ ratios, count, width }: { ratios: number[]; count: number; width: number }) {
  const layout = useJustifiedLayout(ratios, count, width);
  return <p>{`${layout.count} items in ${layout.rowCount} rows`}</p>;
}

const squares = (n: number) => new Array<number>(n).fill(1);

type Props = { ratios: number[]; count: number; width: number };
/** Rows whose props the test changes, as the grid's shapes and width change. */
function Harness({ initial, expose }: { initial: Props; expose: (set: (p: Props) => void) => void }) {
  const [props, setProps] = useState(initial);
  useEffect(() => {
    expose(setProps);
  }, [expose]);
  return <Rows {...props} />;
}

describe('the grid\'s rows', () => {
  it('of a small library are there in the first render', async () => {
    const { host } = await mount(<Rows ratios={squares(100)} count={100} width={1000} />);
    expect(host.textContent).toBe('100 items in 20 rows');
  });

  it('of a big library come one task later, and follow a new width the same way', async () => {
    const ratios = squares(100_000);
    const setters: ((p: Props) => void)[] = [];
    const { host } = await mount(<Harness initial={{ ratios, count: 0, width: 1000 }} expose={(set) => setters.push(set)} />);
    const rerender = (p: Props) => act(async () => setters[0](p));
    vi.useFakeTimers();
    await rerender({ ratios, count: 100_000, width: 1000 });
    // The render the shapes arrived in: the rows it had (none yet), not a 100,000-item layout.
    expect(host.textContent).toBe('0 items in 0 rows');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(host.textContent).toBe('100000 items in 20000 rows');
    await rerender({ ratios, count: 100_000, width: 2000 });
    expect(host.textContent).toBe('100000 items in 20000 rows');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(host.textContent).toBe('100000 items in 10000 rows');
  });
});
