// @vitest-environment happy-dom
/**
 * The Gallery's chosen items: an item deleted elsewhere (another window, the Tasks tab) leaves
 * the choice, so an export never asks for a file that is gone; a library moved to another folder
 * clears it; new items arriving change nothing.
 */
import { act } from 'preact/test-utils';
import { afterEach, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/contract/library.js';
import { cleanup, mount } from '../../../test/mount.js';
import { useSelection } from './use-selection.js';

afterEach(cleanup);

const item = (id: string) => ({ id }) as LibraryItemView;

it('follows toggles, deletions elsewhere, a library reset, and ignores new items', async () => {
  let selection!: ReturnType<typeof useSelection>;
  function Probe() {
    selection = useSelection();
    return null;
  }
  await mount(<Probe />);
  const chosen = () => [...selection.ids].sort();

  act(() => {
    selection.toggle(item('a'));
    selection.toggle(item('b'));
    selection.toggle(item('c'));
    selection.toggle(item('c'));
  });
  expect(chosen()).toEqual(['a', 'b']);

  act(() => selection.forget({ reason: 'added', id: 'd' }));
  act(() => selection.forget({ reason: 'removed', id: 'zzz' }));
  expect(chosen()).toEqual(['a', 'b']);
  act(() => selection.forget({ reason: 'removed', id: 'a' }));
  expect(chosen()).toEqual(['b']);

  act(() => selection.forget({ reason: 'reset' }));
  expect(chosen()).toEqual([]);
});
