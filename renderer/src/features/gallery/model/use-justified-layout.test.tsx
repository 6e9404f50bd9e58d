// @vitest-environment happy-dom
/**
 * The grid's rows: a small library's in the render that needs them; a big one's first rows in
 * that render too, so they are drawn at once, and the rest a slice per task after it, so no single
 * task lays out 100,000 items and draws them too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { act } from 'preact/test-utils';
import { cleanup, mount } from '../../../test/mount.js';
import { FIRST_ITEMS, useJustifiedLayout } from './use-justified-layout.js';
import { GAP, justify, ROW_HEIGHT, type JustifiedLayout } from './justified-layout.js';

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

  it('of a big library start in the render that needs them, and the rest follows a slice per task', async () => {
    const ratios = squares(100_000);
    const setters: ((p: Props) => void)[] = [];
    const { host } = await mount(<Harness initial={{ ratios, count: 0, width: 1000 }} expose={(set) => setters.push(set)} />);
    const rerender = (p: Props) => act(async () => setters[0](p));
    vi.useFakeTimers();
    await rerender({ ratios, count: 100_000, width: 1000 });
    // The render the shapes arrived in: the first screenfuls and far more, not all 100,000.
    expect(host.textContent).toBe(`${FIRST_ITEMS} items in ${FIRST_ITEMS / 5} rows`);
    // One slice does not finish it: the grid keeps the first rows meanwhile.
    await act(async () => { await vi.advanceTimersToNextTimerAsync(); });
    expect(host.textContent).toBe(`${FIRST_ITEMS} items in ${FIRST_ITEMS / 5} rows`);
    await act(async () => { await vi.runAllTimersAsync(); });
    expect(host.textContent).toBe('100000 items in 20000 rows');
    // A new width: its first rows at once, and the whole in later tasks the same way.
    await rerender({ ratios, count: 100_000, width: 2000 });
    expect(host.textContent).toBe(`${FIRST_ITEMS} items in ${FIRST_ITEMS / 10} rows`);
    await act(async () => { await vi.runAllTimersAsync(); });
    expect(host.textContent).toBe('100000 items in 10000 rows');
  });

  it('of a big library do not move when the rest comes, and a width changed meanwhile wins', async () => {
    // Shapes of every kind, so rows break at different counts: the first rows must be the whole's.
    const ratios = Array.from({ length: 60_000 }, (_, i) => [1, 1.5, 0.4, 3.2, 0.75, 1.78][i % 6] * (1 + (i % 11) / 40));
    const seen: JustifiedLayout[] = [];
    function Capture({ count, width }: { count: number; width: number }) {
      seen.push(useJustifiedLayout(ratios, count, width));
      return null;
    }
    const setters: ((size: { count: number; width: number }) => void)[] = [];
    function Sizes() {
      const [size, setSize] = useState({ count: 0, width: 1000 });
      useEffect(() => void setters.push(setSize), []);
      return <Capture {...size} />;
    }
    await mount(<Sizes />);
    vi.useFakeTimers();
    await act(async () => setters[0]({ count: ratios.length, width: 1000 }));
    const first = seen[seen.length - 1];
    // Half the rest laid out, then the grid is resized: the old layout's end must never be shown.
    await act(async () => { await vi.advanceTimersToNextTimerAsync(); });
    await act(async () => setters[0]({ count: ratios.length, width: 1400 }));
    await act(async () => { await vi.runAllTimersAsync(); });
    const whole = seen[seen.length - 1];
    expect(whole.count).toBe(60_000);
    expect(seen.filter((l) => l.count === 60_000).every((l) => l === whole)).toBe(true);
    const expected = justify(ratios, ratios.length, { width: 1400, targetHeight: ROW_HEIGHT, gap: GAP });
    expect([...whole.rowStart]).toEqual([...expected.rowStart]);
    // At the first width, the rows shown before the rest came are the whole layout's, but the open last one.
    const atFirstWidth = justify(ratios, ratios.length, { width: 1000, targetHeight: ROW_HEIGHT, gap: GAP });
    const closed = first.rowCount - 1;
    expect([...first.rowStart.subarray(0, closed + 1)]).toEqual([...atFirstWidth.rowStart.subarray(0, closed + 1)]);
    expect([...first.rowHeight.subarray(0, closed)]).toEqual([...atFirstWidth.rowHeight.subarray(0, closed)]);
  });
});
