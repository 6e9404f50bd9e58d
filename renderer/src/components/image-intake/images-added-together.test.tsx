// @vitest-environment happy-dom
/**
 * Images added close together, to a chat message or to the Image tab's references: three pastes
 * in a row, or a drop of several files whose uploads end within one frame. Each upload ends in its
 * own time and the page draws in between; every image uploaded ends up in the draft, and a removal
 * or a move made meanwhile is kept too. A copy of the list kept beside the draft once lost one of
 * three, whatever the timing.
 */
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttachmentView } from '@shared/contract/media.js';
import { useDraft, type ListChange } from '../../state/drafts.js';
import { fakeHost } from '../../test/fake-host.js';
import { cleanup, mount, settle } from '../../test/mount.js';
import { usePendingImages } from '../../features/chat/model/use-pending-images.js';
import { useReferences } from '../../features/image/model/use-references.js';
import type { ImageIntake, IntakeImage } from './use-image-intake.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const handle: { current?: ImageIntake } = {};

/** A place as the studio wires it: the draft holds the list, each change applied to it as it is then. */
function placeOf(useIntake: (images: IntakeImage[], change: (c: ListChange<IntakeImage>) => void) => ImageIntake) {
  return function Place() {
    const [draft, update] = useDraft<{ images: IntakeImage[] }>('images-together', { images: [] });
    const intake = useIntake(draft.images, (change) => update((d) => ({ images: change(d.images) })));
    useEffect(() => {
      handle.current = intake;
    });
    return <ul>{draft.images.map((i) => <li key={i.id} data-id={i.id}>{i.kind === 'file' ? i.name : i.url}</li>)}</ul>;
  };
}

const PLACES = [
  { where: 'a chat message', Place: placeOf(usePendingImages) },
  { where: 'the Image references', Place: placeOf((images, change) => useReferences('seedream-4-0', images, change)) },
];

/** Lets the page render without running its effects (Preact runs those after the paint). */
async function renders() {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

const png = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
const shown = (root: ParentNode) => [...root.querySelectorAll('li')].map((li) => li.textContent);

async function open(Place: () => React.JSX.Element) {
  const uploads = new Map<string, () => void>();
  fakeHost({
    'attachments.add': ({ name }) => new Promise<AttachmentView>((resolve) => uploads.set(name, () => resolve({ id: `att-${name}`, name, mime: 'image/png', bytes: 3 }))),
  });
  const { host } = await mount(<Place />);
  return { host, uploads };
}

describe.each(PLACES)('images added together to $where', ({ Place }) => {
  it('keeps all of three pastes whose uploads end one after another, each drawn before the next', async () => {
    const { host, uploads } = await open(Place);
    const pastes = ['a.png', 'b.png', 'c.png'].map((name) => handle.current!.addFiles([png(name)]));
    await settle();
    for (const name of ['b.png', 'a.png', 'c.png']) {
      uploads.get(name)!();
      await renders();
    }
    expect(await Promise.all(pastes)).toEqual([1, 1, 1]);
    await settle();
    expect(shown(host)).toEqual(['b.png', 'a.png', 'c.png']);
  });

  it('keeps every file of a drop, and a move and a removal made while they upload', async () => {
    const { host, uploads } = await open(Place);
    handle.current!.addUrl('https://example.com/first.png');
    handle.current!.addUrl('https://example.com/second.png');
    await settle();
    const [first, second] = [...host.querySelectorAll('li')].map((li) => li.getAttribute('data-id')!);
    const drop = handle.current!.addFiles([png('d.png'), png('e.png'), png('f.png')]);
    await settle();
    // The files go up one after another; each ends within the frame of the change before it.
    uploads.get('d.png')!();
    await renders();
    handle.current!.move(second, -1);
    await renders();
    uploads.get('e.png')!();
    await renders();
    handle.current!.remove(first);
    await renders();
    uploads.get('f.png')!();
    expect(await drop).toBe(3);
    await settle();
    expect(shown(host)).toEqual(['https://example.com/second.png', 'd.png', 'e.png', 'f.png']);
  });
});
