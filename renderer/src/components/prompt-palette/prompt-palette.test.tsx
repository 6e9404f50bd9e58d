// @vitest-environment happy-dom
/**
 * The palette as a creator works it (docs/prompts.md, "The palette"): Ctrl+P in a prompt box
 * (never the browser's Print), search, a prompt's variables filled then inserted at the cursor,
 * its preset offered for the form's model, Esc back to the field, and the submission linked to
 * the prompt only while the text still holds what was inserted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act } from 'preact/test-utils';
import type { PromptView } from '@shared/contract/prompts.js';
import { fakeHost } from '../../test/fake-host.js';
import { cleanup, mount, settle } from '../../test/mount.js';
import { PromptBox } from '../generator/prompt-box.js';
import { PromptPaletteHost } from './palette-host.js';
import { linkPromptUse, presetPatch, usePromptPalette } from './prompt-fields.js';

afterEach(() => {
  act(() => usePromptPalette.setState({ open: false, library: false }));
  cleanup();
  vi.restoreAllMocks();
});

const prompt = (p: Partial<PromptView> & { id: string; text: string }): PromptView => ({
  title: p.id, description: '', tags: [], presets: {}, variables: [...p.text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]), createdAt: 1, updatedAt: 1, uses: 0, ...p,
});
const KITE = prompt({ id: 'kite', title: 'Kite', text: 'a {colour} kite over {place}', presets: { 'seedream-4-0': { size: '2048x2048', prompt: 'never this' } } });
const PLAIN = prompt({ id: 'plain', title: 'Plain', text: 'a quiet harbour' });

function Form({ onPreset }: { onPreset(p: Readonly<Record<string, unknown>>): void }) {
  const [value, setValue] = useState('Start: ');
  return <PromptBox kind="image" label="Prompt" value={value} onChange={setValue} onSubmit={() => undefined} history={['an old recent prompt']} model="seedream-4-0" applyPreset={onPreset} params={{ size: '2K', n: 2 }} />;
}

async function studio() {
  const host = fakeHost({
    'prompts.list': (i) => {
      const all = [KITE, PLAIN].filter((p) => !i.query || `${p.title} ${p.text}`.toLowerCase().includes(i.query.toLowerCase()));
      return { items: all, total: all.length, tags: [] };
    },
    'prompts.link': () => ({ linked: 1 }),
    'prompts.save': (i) => prompt({ id: 'new', ...i, text: i.text }),
  });
  const presets: Readonly<Record<string, unknown>>[] = [];
  const m = await mount(<><Form onPreset={(p) => presets.push(p)} /><PromptPaletteHost /></>);
  const box = m.host.querySelector('textarea')!;
  const key = async (target: Element, init: KeyboardEventInit) => {
    const e = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
    await act(async () => { target.dispatchEvent(e); });
    await act(() => vi.dynamicImportSettled());
    await settle();
    return e;
  };
  const type = async (input: HTMLInputElement, text: string) => {
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settle();
  };
  const frame = () => act(async () => new Promise((r) => requestAnimationFrame(() => r(undefined))));
  return { ...host, ...m, box, key, type, frame, presets, dialog: () => document.querySelector<HTMLDialogElement>('dialog.prompt-palette') };
}

describe('the prompt palette', () => {
  it('Ctrl+P in a prompt box opens it instead of printing, with the saved and the recent prompts', async () => {
    const s = await studio();
    act(() => s.box.focus());
    const e = await s.key(s.box, { key: 'p', ctrlKey: true });
    expect(e.defaultPrevented).toBe(true);
    const options = [...s.dialog()!.querySelectorAll('[role="option"]')].map((o) => o.textContent);
    expect(options[0]).toContain('Kite');
    expect(options[1]).toContain('Plain');
    expect(options[2]).toContain('an old recent prompt');
    // Ctrl+Shift+P and Alt+P are not the palette's.
    act(() => usePromptPalette.setState({ open: false }));
    expect((await s.key(s.box, { key: 'P', ctrlKey: true, shiftKey: true })).defaultPrevented).toBe(false);
    expect(s.dialog()).toBeNull();
  });

  it('asks for each variable, inserts the expansion at the cursor, offers the preset, and links what the submission made', async () => {
    const s = await studio();
    act(() => {
      s.box.focus();
      s.box.setSelectionRange(7, 7);
    });
    await s.key(s.box, { key: 'p', ctrlKey: true });
    const search = s.dialog()!.querySelector<HTMLInputElement>('input[type="search"]')!;
    await s.key(search, { key: 'Enter' });
    const inputs = [...s.dialog()!.querySelectorAll<HTMLInputElement>('.prompt-variables input:not([type="checkbox"])')];
    expect(inputs.map((i) => i.labels?.[0]?.textContent)).toEqual(['colour', 'place']);
    await s.type(inputs[0], 'red');
    await s.type(inputs[1], 'the {sea}');
    expect(s.dialog()!.querySelector('[data-testid="prompt-preview"]')!.textContent).toBe('a red kite over the {sea}');
    expect(s.dialog()!.textContent).toContain('seedream-4-0');
    await act(async () => inputs[1].form!.requestSubmit());
    await s.frame();
    expect(s.dialog()).toBeNull();
    expect(s.box.value).toBe('Start: a red kite over the {sea}');
    expect(document.activeElement).toBe(s.box);
    expect(s.presets).toEqual([{ size: '2048x2048', prompt: 'never this' }]);

    linkPromptUse('image', s.box.value, { jobIds: ['job-1'] });
    await settle();
    expect(s.callsOf('prompts.link')).toEqual([{ id: 'kite', jobIds: ['job-1'] }]);
    // Edited away from what was inserted: the prompt did not make the next one.
    linkPromptUse('image', 'a blue kite over the sea', { jobIds: ['job-2'] });
    await settle();
    expect(s.callsOf('prompts.link')).toHaveLength(1);
  });

  it('searches as the creator types, inserts a plain prompt on Enter, and Esc gives the focus back to the field', async () => {
    const s = await studio();
    act(() => s.box.focus());
    await s.key(s.box, { key: 'p', ctrlKey: true });
    const search = s.dialog()!.querySelector<HTMLInputElement>('input[type="search"]')!;
    await s.type(search, 'harbour');
    expect([...s.dialog()!.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([expect.stringContaining('Plain')]);
    await s.key(search, { key: 'Enter' });
    await s.frame();
    expect(s.box.value).toBe('Start: a quiet harbour');

    await s.key(s.box, { key: 'p', ctrlKey: true });
    const again = s.dialog()!;
    await act(async () => { again.dispatchEvent(new Event('cancel', { cancelable: true })); });
    await s.frame();
    expect(s.dialog()).toBeNull();
    expect(document.activeElement).toBe(s.box);
    expect(s.box.value).toBe('Start: a quiet harbour');
  });
});

describe('the library dialog', () => {
  it('starts a new prompt from the field in use: its text, and the form’s parameters as the model’s preset', async () => {
    const s = await studio();
    act(() => s.box.focus());
    await s.key(s.box, { key: 'p', ctrlKey: true });
    const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
    await act(async () => button('Manage library…').click());
    await act(() => vi.dynamicImportSettled());
    await settle();
    expect(document.querySelector('dialog.prompt-library')).not.toBeNull();
    await act(async () => button('New prompt').click());
    await act(async () => button('Save the current prompt').click());
    const form = document.querySelector<HTMLFormElement>('form.prompt-editor')!;
    await s.type(form.querySelector<HTMLInputElement>('input')!, 'From the field');
    await act(async () => form.requestSubmit());
    await settle();
    expect(s.callsOf('prompts.save')).toEqual([{ title: 'From the field', text: 'Start:', description: '', tags: [], presets: { 'seedream-4-0': { size: '2K', n: 2 } } }]);
    expect(document.querySelector('form.prompt-editor')).toBeNull();
  });
});

describe('a preset as a form patch', () => {
  it('keeps only the parameters the form has, of their type, and never the prompt', () => {
    const draft = { prompt: 'mine', size: '1024x1024', n: 1, seed: undefined as number | undefined };
    expect(presetPatch(draft, { prompt: 'theirs', size: '2K', n: '4', extra: 1, __proto__x: 2 })).toEqual({ size: '2K' });
  });
});
