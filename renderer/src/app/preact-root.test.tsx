// @vitest-environment happy-dom
/**
 * React's autoFocus on Preact (preact-root.ts): every confirmation opened takes the focus, not
 * only the page's first, and a component's own ref on that element keeps working as before.
 */
import { useCallback, useState } from 'react';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { button, cleanup, click, mount } from '../test/mount.js';

afterEach(cleanup);

const refCalls: (string | null)[] = [];

function Remove() {
  const [asking, setAsking] = useState(false);
  const [renders, setRenders] = useState(0);
  const own = useCallback((el: HTMLButtonElement | null) => void refCalls.push(el ? el.textContent : null), []);
  return (
    <div>
      <button type="button" onClick={() => setAsking(true)}>Remove</button>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>Redraw {renders}</button>
      {asking && (
        <p>
          <button type="button" className="danger" onClick={() => setAsking(false)}>Yes, remove</button>
          <button type="button" ref={own} autoFocus onClick={() => setAsking(false)}>Keep it</button>
        </p>
      )}
      <input aria-label="Name" autoFocus={renders > 0} />
    </div>
  );
}

describe('autoFocus', () => {
  it('focuses the safe button of every confirmation opened, the second as the first', async () => {
    const { host } = await mount(<Remove />);
    for (let time = 0; time < 2; time++) {
      await click(button(host, 'Remove'));
      expect(document.activeElement?.textContent).toBe('Keep it');
      await click(button(host, 'Keep it'));
      expect(host.textContent).not.toContain('Keep it');
    }
  });

  it('writes no autofocus attribute, focuses nothing when false, and leaves a redraw alone', async () => {
    refCalls.length = 0;
    const { host } = await mount(<Remove />);
    // A field whose autoFocus is false takes no focus on mount.
    expect(document.activeElement).toBe(document.body);
    await click(button(host, 'Remove'));
    const keep = button(host, 'Keep it');
    expect(keep.hasAttribute('autofocus')).toBe(false);
    // The focus moved on by hand stays where it was put when the component draws again.
    await act(() => {
      button(host, 'Yes, remove').focus();
    });
    await click(button(host, /^Redraw/));
    expect(document.activeElement?.textContent).toBe('Yes, remove');
    // The field's autoFocus turned true at that redraw: it was mounted before, so it takes nothing.
    expect(document.activeElement?.textContent).toBe('Yes, remove');
    // The component's own ref was given the button once, not again at the redraw.
    expect(refCalls).toEqual(['Keep it']);
  });
});
