// @vitest-environment happy-dom
/**
 * The model picker draws its options only while its list is open: the composer and the Compare
 * bar render their pickers at every send and every stream's start and end, and a closed picker
 * drew the whole catalog hidden each time (docs/performance-findings.md, "Pickers drawn closed").
 * Opened, it offers every model, grouped by vendor, as before.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXT_MODELS } from '@shared/gateway/catalog.js';
import { cleanup, mount } from '../test/mount.js';
import { ModelCombobox } from './model-combobox.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const key = (el: Element, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

describe('the model picker', () => {
  it('holds no options while closed, and offers the whole catalog once opened', async () => {
    const onChange = vi.fn();
    const view = await mount(<ModelCombobox label="Model" value="modela-5" onChange={onChange} />);
    const box = view.host.querySelector<HTMLInputElement>('[role="combobox"]')!;
    const list = view.host.querySelector('[role="listbox"]')!;
    const options = () => list.querySelectorAll('[role="option"]');
    expect(box.value).toBe('modela-5');
    expect(list.hasAttribute('hidden')).toBe(true);
    expect(options()).toHaveLength(0);

    await key(box, 'ArrowDown');
    expect(list.hasAttribute('hidden')).toBe(false);
    expect(options()).toHaveLength(TEXT_MODELS.length);
    expect(list.querySelectorAll('[role="group"]')).toHaveLength(new Set(TEXT_MODELS.map((m) => m.vendor)).size);
    // The option the box holds is the one marked, and the active one is in the box's description.
    expect(list.querySelector('[aria-selected="true"]')?.textContent).toMatch(/^modela-5/);
    expect(box.getAttribute('aria-activedescendant')).toBe(list.querySelector('[aria-selected="true"]')?.id);

    await key(box, 'ArrowDown');
    await key(box, 'Enter');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0]).not.toBe('modela-5');
    expect(list.hasAttribute('hidden')).toBe(true);
    expect(options()).toHaveLength(0);
  });
});
