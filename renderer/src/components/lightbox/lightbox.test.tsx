// @vitest-environment happy-dom
/**
 * The lightbox worked from the keyboard as a creator does: ← → move through the results (and
 * wrap), + − and 0 zoom, arrows move a zoomed picture instead, Esc closes and focus goes back to
 * the tile that opened it; a video plays in it and keeps its own arrow keys.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act } from 'preact/test-utils';
import type { LibraryItemView } from '@shared/contract/library.js';
import { setLanguage } from '../../i18n/index.js';
import { button, cleanup, click, mount, press } from '../../test/mount.js';
import { Lightbox } from './lightbox.js';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await setLanguage('en');
});

const item = (id: string, prompt: string, kind: LibraryItemView['kind'] = 'image'): LibraryItemView => ({
  id, kind, file: `${kind}s/${id}.${kind === 'image' ? 'png' : 'mp4'}`, mime: kind === 'image' ? 'image/png' : 'video/mp4', bytes: 10,
  width: 1600, height: 900, prompt, model: 'seedream-4-0', params: {}, createdAt: 1, savedAt: 1,
});

const ITEMS = [item('a', 'a red fox'), item('b', 'a blue whale'), item('c', 'a green frog')];

function Harness({ items, onClosed }: { items: LibraryItemView[]; onClosed(last?: LibraryItemView): void }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      {items.map((it, i) => (
        <button key={it.id} type="button" onClick={() => setOpen(i)}>
          {`Open ${it.prompt}`}
        </button>
      ))}
      {open !== null && (
        <Lightbox
          items={items}
          index={open}
          mediaBase="http://media.test/m/"
          onClose={(last) => {
            setOpen(null);
            onClosed(last);
          }}
        />
      )}
    </>
  );
}

async function openAt(name: string, items = ITEMS) {
  const closed = vi.fn();
  const view = await mount(<Harness items={items} onClosed={closed} />);
  const tile = button(view.host, `Open ${name}`);
  tile.focus();
  await click(tile);
  const dialog = view.host.querySelector('dialog')!;
  const picture = () => dialog.querySelector('img');
  const zoom = () => dialog.querySelector('output')?.textContent;
  const key = (k: string, target: HTMLElement = dialog) => press(target, k);
  return { ...view, dialog, picture, zoom, key, closed, tile };
}

describe('the lightbox', () => {
  it('opens at the chosen result, full size, named and counted', async () => {
    const l = await openAt('a blue whale');
    expect(l.dialog.open).toBe(true);
    expect(l.dialog.getAttribute('aria-label')).toBe('Full-size image');
    expect(l.picture()?.getAttribute('alt')).toBe('a blue whale');
    expect(l.picture()?.getAttribute('src')).toContain('images/b.png');
    expect(l.dialog.textContent).toContain('2 of 3');
  });

  it('moves through the results with ← and →, wrapping at both ends', async () => {
    const l = await openAt('a red fox');
    await l.key('ArrowRight');
    expect(l.picture()?.alt).toBe('a blue whale');
    await l.key('ArrowRight');
    await l.key('ArrowRight');
    expect(l.picture()?.alt).toBe('a red fox');
    await l.key('ArrowLeft');
    expect(l.picture()?.alt).toBe('a green frog');
    expect(l.dialog.textContent).toContain('3 of 3');
    await click(button(l.dialog, 'Previous result'));
    expect(l.picture()?.alt).toBe('a blue whale');
  });

  it('zooms with + and −, fits again with 0, and pans with the arrows only while zoomed', async () => {
    const l = await openAt('a red fox');
    expect(l.zoom()).toBe('100%');
    await l.key('+');
    expect(l.zoom()).toBe('150%');
    await l.key('=');
    expect(l.zoom()).toBe('225%');
    // Zoomed, → moves the picture and stays on it.
    await l.key('ArrowRight');
    expect(l.picture()?.alt).toBe('a red fox');
    await l.key('-');
    expect(l.zoom()).toBe('150%');
    await l.key('0');
    expect(l.zoom()).toBe('100%');
    expect(l.picture()?.style.transform).toContain('scale(1)');
    await l.key('ArrowRight');
    expect(l.picture()?.alt).toBe('a blue whale');
    // Never below fitting the window, nor past the most zoom.
    await l.key('-');
    expect(l.zoom()).toBe('100%');
    for (let i = 0; i < 10; i++) await l.key('+');
    expect(l.zoom()).toBe('800%');
  });

  it('zooms by double-click and by its buttons; a new result starts fitted', async () => {
    const l = await openAt('a red fox');
    await act(async () => { l.dialog.querySelector('.lightbox-stage')!.dispatchEvent(new MouseEvent('dblclick', { bubbles: true })); });
    expect(l.zoom()).toBe('250%');
    await click(button(l.dialog, 'Zoom out'));
    expect(l.zoom()).toBe('167%');
    await click(button(l.dialog, 'Next result'));
    expect(l.zoom()).toBe('100%');
  });

  it('closes on Esc and gives focus back to the tile that opened it', async () => {
    const l = await openAt('a green frog');
    await l.key('ArrowLeft');
    await l.key('Escape');
    expect(l.host.querySelector('dialog')).toBeNull();
    expect(l.closed).toHaveBeenCalledWith(ITEMS[1]);
    expect(document.activeElement).toBe(l.tile);
  });

  it('plays a video, whose arrow keys stay the player\'s', async () => {
    const clips = [item('v1', 'waves at night', 'video'), item('v2', 'a paper boat', 'video')];
    const l = await openAt('waves at night', clips);
    expect(l.dialog.getAttribute('aria-label')).toBe('Full-size video');
    const player = l.dialog.querySelector('video')!;
    expect(player.controls).toBe(true);
    expect(player.getAttribute('src')).toContain('videos/v1.mp4');
    expect(button(l.dialog, /^Close$/)).toBeTruthy();
    expect(l.dialog.querySelector('output')).toBeNull();
    await l.key('ArrowRight', player);
    expect(l.dialog.querySelector('video')?.getAttribute('aria-label')).toBe('waves at night');
    await l.key('ArrowRight');
    expect(l.dialog.querySelector('video')?.getAttribute('aria-label')).toBe('a paper boat');
  });

  it('promises only the keys that work for what is shown: no zoom for a video, no ← → for a lone result, the player\'s own keys in the player', async () => {
    const hint = (l: { dialog: HTMLDialogElement }) => l.dialog.querySelector('[data-testid="lightbox-keys"]')!.textContent;
    const clips = [item('v1', 'waves at night', 'video'), item('v2', 'a paper boat', 'video')];
    const v = await openAt('waves at night', clips);
    expect(hint(v)).toBe('← → other results · Tab to the player, then Space plays · Esc closes');
    expect(hint(v)).not.toMatch(/zoom|drag/);
    // The keys it names do what they say: → goes on, + zooms nothing (nothing shows a zoom).
    await v.key('ArrowRight');
    expect(v.dialog.querySelector('video')?.getAttribute('aria-label')).toBe('a paper boat');
    await v.key('+');
    expect(v.dialog.querySelector('video')?.style.transform ?? '').toBe('');
    const player = v.dialog.querySelector('video')!;
    await act(async () => player.focus());
    expect(hint(v)).toBe('In the player: Space plays, ← → seek · Tab leaves it, then ← → other results · Esc closes');
    await act(async () => button(v.dialog, /^Close$/).focus());
    expect(hint(v)).toMatch(/^← → other results/);
    cleanup();

    const one = await openAt('waves at night', [clips[0]]);
    expect(hint(one)).toBe('Tab to the player, then Space plays · Esc closes');
    cleanup();
    const picture = await openAt('a red fox', [ITEMS[0]]);
    expect(hint(picture)).toBe('+ − or the wheel zoom · 0 fits · drag to move · Esc closes');
    cleanup();
    const pictures = await openAt('a red fox');
    expect(hint(pictures)).toBe('← → other results · + − or the wheel zoom · 0 fits · drag to move · Esc closes');
  });

  it('speaks Simplified Chinese when the studio does', async () => {
    await setLanguage('zh-CN');
    const l = await openAt('a red fox');
    expect(l.dialog.getAttribute('aria-label')).toBe('原尺寸图片');
    expect(button(l.dialog, '下一个结果')).toBeTruthy();
    expect(l.dialog.textContent).toContain('第 1 个，共 3 个');
  });
});
