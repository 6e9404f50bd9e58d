// @vitest-environment happy-dom
/**
 * The hand-off of a library item to the next step, as a creator (or a hostile page) drives it:
 * drops on the Image references, the Video starting image and a chat message, and the "Use in…"
 * menu by keyboard. The item's file is really read through its media URL (a data: URL here, as
 * the renderer's tests cannot start a server) and really sent to attachments.add.
 */
import { useState } from 'react';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryItemView } from '@shared/contract/library.js';
import { fakeHost, hostError } from '../../test/fake-host.js';
import { button, cleanup, mount, press, settle } from '../../test/mount.js';
import { ReferenceImages } from '../../features/image/ui/reference-images.js';
import { useReferences } from '../../features/image/model/use-references.js';
import type { ImageRef } from '../../features/image/model/image-draft.js';
import { ImageUrlField } from '../../features/video/ui/image-url-field.js';
import { PendingImageList } from '../../features/chat/ui/pending-images.js';
import { usePendingImages, type PendingImage } from '../../features/chat/model/use-pending-images.js';
import { ITEM_MIME, useHandoffStore } from '../../state/handoff.js';
import { useUiStore } from '../../state/ui-store.js';
import { IntakeNotice } from './intake-notice.js';
import { UseInMenu } from './use-in-menu.js';

/** A real 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG_BYTES = Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0));
/** The media base makes `mediaUrl(base, item.file)` a data: URL holding the PNG: a real fetch, no server. */
const MEDIA_BASE = 'data:image/png;base64,';
const HOUR = 3_600_000;

const item = (over: Partial<LibraryItemView> = {}): LibraryItemView => ({
  id: 'lighthouse', kind: 'image', file: PNG, mime: 'image/png', bytes: PNG_BYTES.length, width: 1, height: 1,
  prompt: 'a red lighthouse at dusk', model: 'seedream-4-0', params: {}, sourceUrl: 'https://gateway.example/files/ab/0.png',
  createdAt: Date.now() - 2 * HOUR, savedAt: Date.now(), ...over,
});

/** The host: a library of `items` (anything else is gone), uploads that answer with the bytes' size. */
function host(items: LibraryItemView[]) {
  return fakeHost({
    'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: MEDIA_BASE, startedAt: 0 }),
    'library.get': ({ id }) => {
      const found = items.find((i) => i.id === id);
      if (!found) throw hostError('This item is no longer in the library.', 'not_found');
      return found;
    },
    'attachments.add': ({ name, data }) => ({ id: `att-${name}`, name, mime: 'image/png', bytes: data.byteLength }),
  });
}

/** Drops `payload` (our type, or raw strings per type) on `el`, as the browser does at the end of a drag. */
async function drop(el: Element, payload: { id: string } | Record<string, string>) {
  const data = new DataTransfer();
  if ('id' in payload && Object.keys(payload).length === 1) data.setData(ITEM_MIME, JSON.stringify(payload));
  else for (const [type, value] of Object.entries(payload)) data.setData(type, value);
  await act(async () => {
    for (const type of ['dragover', 'drop']) {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: data });
      el.dispatchEvent(event);
    }
  });
  await settle();
  await settle();
}

const notice = (scope: ParentNode) => scope.querySelector('[data-testid="use-in-notice"]')?.textContent ?? '';

function References() {
  const [refs, setRefs] = useState<ImageRef[]>([]);
  const references = useReferences('seedream-4-0', refs, setRefs);
  return <ReferenceImages refs={refs} errors={{}} references={references} limit={10} native={false} />;
}

function StartingImage({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <ImageUrlField value={value} onChange={setValue} />;
}

function ChatImages() {
  const [images, setImages] = useState<PendingImage[]>([]);
  const pending = usePendingImages(images, setImages);
  return (
    <div data-testid="chat-drop" onDrop={(e) => pending.intake.dropItem(e.dataTransfer)} onDragOver={pending.intake.onDragOver}>
      <PendingImageList images={images} pending={pending} imagesFirst={false} onOrder={() => undefined} />
      <IntakeNotice notice={pending.intake.notice} />
    </div>
  );
}

beforeEach(() => useHandoffStore.setState({ pending: null }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('dropping a Gallery item on the Image references', () => {
  it('reads its file through the media URL and attaches the very bytes, as a dropped file', async () => {
    const h = host([item()]);
    const view = await mount(<References />);
    await drop(view.host.querySelector('[data-testid="image-dropzone"]')!, { id: 'lighthouse' });
    const uploads = h.callsOf('attachments.add') as { name: string; data: Uint8Array }[];
    expect(uploads).toHaveLength(1);
    expect([...uploads[0].data]).toEqual([...PNG_BYTES]);
    expect(view.host.querySelectorAll('.ref-item')).toHaveLength(1);
    expect(notice(view.host)).toBe('Added “a red lighthouse at dusk” to the reference images.');
  });

  it('refuses a video, a deleted item, an unknown id and a payload that is not JSON, each said plainly and nothing attached', async () => {
    const h = host([item({ id: 'clip', kind: 'video', mime: 'video/mp4', prompt: 'waves' })]);
    const view = await mount(<References />);
    const zone = view.host.querySelector('[data-testid="image-dropzone"]')!;
    await drop(zone, { id: 'clip' });
    expect(notice(view.host)).toBe('“waves” is a video: only images can be used here.');
    await drop(zone, { id: 'deleted-yesterday' });
    expect(notice(view.host)).toBe('That item is no longer in the library (it may have been deleted).');
    await drop(zone, { [ITEM_MIME]: '{"id": "../../etc/passwd"}' });
    expect(notice(view.host)).toBe('What was dropped is not a Gallery item this studio can read.');
    await drop(zone, { [ITEM_MIME]: '<script>alert(1)</script>' });
    expect(notice(view.host)).toBe('What was dropped is not a Gallery item this studio can read.');
    expect(h.callsOf('attachments.add')).toEqual([]);
    expect(view.host.querySelectorAll('.ref-item')).toHaveLength(0);
    expect(view.host.querySelector('[data-testid="use-in-notice"]')?.className).toContain('field-error');
  });

  it('still attaches a link dragged from a web page, as before', async () => {
    host([]);
    const view = await mount(<References />);
    await drop(view.host.querySelector('[data-testid="image-dropzone"]')!, { 'text/uri-list': 'https://example.com/photo.jpg' });
    expect(view.host.querySelector('.ref-item')?.getAttribute('aria-label')).toBe('1. https://example.com/photo.jpg');
  });
});

describe('dropping a Gallery item on the Video starting image', () => {
  const field = (scope: ParentNode) => scope.querySelector<HTMLInputElement>('input[type="url"]')!;
  const zone = (scope: ParentNode) => scope.querySelector('[data-testid="video-image-drop"]')!;

  it('uses its original link while the gateway can still fetch it, and says how long it lasts', async () => {
    host([item()]);
    const view = await mount(<StartingImage />);
    await drop(zone(view.host), { id: 'lighthouse' });
    expect(field(view.host).value).toBe('https://gateway.example/files/ab/0.png');
    expect(notice(view.host)).toBe('The starting image is now the original link of “a red lighthouse at dusk” (link valid about 21 more h).');
  });

  it('keeps the field as it was when the link has expired or there never was one, and says why', async () => {
    host([item({ id: 'old', createdAt: Date.now() - 25 * HOUR }), item({ id: 'local', sourceUrl: undefined, prompt: 'made here' })]);
    const view = await mount(<StartingImage initial="https://example.com/mine.png" />);
    await drop(zone(view.host), { id: 'old' });
    expect(field(view.host).value).toBe('https://example.com/mine.png');
    expect(notice(view.host)).toMatch(/^The original link of “a red lighthouse at dusk” has expired: the gateway keeps result links for 24 hours only/);
    await drop(zone(view.host), { id: 'local' });
    expect(field(view.host).value).toBe('https://example.com/mine.png');
    expect(notice(view.host)).toMatch(/^“made here” has no public link: it was made or saved locally/);
  });
});

describe('dropping a Gallery item on a chat message', () => {
  it('attaches it as a pasted image, and refuses an audio clip', async () => {
    const h = host([item(), item({ id: 'voice', kind: 'audio', mime: 'audio/mpeg', prompt: 'hello' })]);
    const view = await mount(<ChatImages />);
    const target = view.host.querySelector('[data-testid="chat-drop"]')!;
    await drop(target, { id: 'voice' });
    expect(notice(view.host)).toBe('“hello” is an audio clip: only images can be used here.');
    await drop(target, { id: 'lighthouse' });
    expect(h.callsOf('attachments.add')).toHaveLength(1);
    expect(view.host.querySelectorAll('.chat-pending-item')).toHaveLength(1);
    expect(notice(view.host)).toBe('Attached “a red lighthouse at dusk” to the message.');
  });
});

describe('the "Use in…" menu', () => {
  it('works from the keyboard, goes back to its button on Esc, and hands the item to the tab it opens', async () => {
    const h = host([]);
    const view = await mount(<UseInMenu item={item()} />);
    const opener = button(view.host, 'Use in… “a red lighthouse at dusk”');
    expect(opener.getAttribute('aria-haspopup')).toBe('menu');
    await press(opener, 'ArrowDown');
    await settle();
    const entries = () => [...view.host.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    expect(entries().map((e) => e.textContent)).toEqual(['Image references', 'Video starting image', 'Chat message']);
    expect(document.activeElement).toBe(entries()[0]);
    await press(entries()[0], 'ArrowUp');
    expect(document.activeElement).toBe(entries()[2]);
    await press(entries()[2], 'Escape');
    await settle();
    expect(entries()).toHaveLength(0);
    expect(document.activeElement).toBe(opener);

    await press(opener, 'ArrowUp');
    await settle();
    expect(document.activeElement).toBe(entries()[2]);
    await press(entries()[2], 'ArrowUp');
    await act(async () => (document.activeElement as HTMLElement).click());
    expect(useUiStore.getState().tab).toBe('video');
    expect(useHandoffStore.getState().pending?.target).toBe('video');

    // The Video tab's field takes it once, when it is there.
    const field = await mount(<StartingImage />);
    await settle();
    expect(field.host.querySelector<HTMLInputElement>('input[type="url"]')!.value).toBe('https://gateway.example/files/ab/0.png');
    expect(useHandoffStore.getState().pending).toBeNull();
    expect(h.callsOf('library.get')).toEqual([]);
  });

  it('is not offered for a video or an audio clip, which have nowhere to go', async () => {
    host([]);
    const view = await mount(
      <>
        <UseInMenu item={item({ kind: 'video' })} />
        <UseInMenu item={item({ kind: 'audio' })} />
      </>,
    );
    expect(view.host.querySelectorAll('button')).toHaveLength(0);
  });
});
