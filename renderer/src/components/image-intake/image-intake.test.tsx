// @vitest-environment happy-dom
/**
 * Images taken in by the two places that take them, a chat message's attachments and the Image
 * tab's references, attacked the same way: a file that is not an image, one over the place's size
 * cap, an empty one and one whose name hides control characters are each refused in the same
 * words, nothing is uploaded, and what was already there stays. A good image still goes.
 */
import { useEffect, useState } from 'react';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHost } from '../../test/fake-host.js';
import { cleanup, mount } from '../../test/mount.js';
import { useReferences } from '../../features/image/model/use-references.js';
import type { ImageRef } from '../../features/image/model/image-draft.js';
import { usePendingImages, type PendingImage } from '../../features/chat/model/use-pending-images.js';

const MB = 1024 * 1024;
/** A real 1×1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

interface Place {
  /** Adds files as a drop, a paste or a pick does. */
  add(files: File[]): Promise<number>;
  /** The names of what is attached. */
  names(): string[];
}
/** The hook's handle, as its place holds it, for the test to add files as the place's drop does. */
const handle: { current?: Place } = {};

function References() {
  const [refs, setRefs] = useState<ImageRef[]>([]);
  const references = useReferences('seedream-4-0', refs, setRefs);
  useEffect(() => {
    handle.current = { add: (files) => references.addFiles(files), names: () => refs.map((r) => (r.kind === 'file' ? r.name : r.url)) };
  });
  return <p role="alert">{references.problem}</p>;
}

function ChatImages() {
  const [images, setImages] = useState<PendingImage[]>([]);
  const pending = usePendingImages(images, setImages);
  useEffect(() => {
    handle.current = { add: (files) => pending.addFiles(files), names: () => images.map((i) => (i.kind === 'file' ? i.name : i.url)) };
  });
  return <p role="alert">{pending.problem}</p>;
}

const PLACES = [
  { where: 'a chat message', Ui: ChatImages, capMb: 20 },
  { where: 'the Image references', Ui: References, capMb: 10 },
];

afterEach(cleanup);

async function open(Ui: () => React.JSX.Element) {
  const host = fakeHost({ 'attachments.add': ({ name, data }) => ({ id: `att-${name}`, name, mime: 'image/png', bytes: data.byteLength }) });
  const view = await mount(<Ui />);
  const add = async (files: File[]) => {
    let added = 0;
    await act(async () => {
      added = await handle.current!.add(files);
    });
    return added;
  };
  const problem = () => view.host.querySelector('[role="alert"]')!.textContent;
  return { host, add, problem };
}

describe.each(PLACES)('images taken into $where', ({ Ui, capMb }) => {
  it('refuses a file that is not an image, saying so, and uploads nothing', async () => {
    const { host, add, problem } = await open(Ui);
    expect(await add([new File(['#!/bin/sh\nrm -rf ~'], 'notes.txt', { type: 'text/plain' })])).toBe(0);
    expect(problem()).toBe('“notes.txt” is not an image.');
    expect(host.callsOf('attachments.add')).toEqual([]);
  });

  it('refuses a file over its size cap, and takes one at the cap', async () => {
    const { host, add, problem } = await open(Ui);
    expect(await add([new File([new Uint8Array(capMb * MB + 1)], 'huge.png', { type: 'image/png' })])).toBe(0);
    expect(problem()).toBe(`“huge.png” is larger than ${capMb} MB, the most an image may be here.`);
    expect(host.callsOf('attachments.add')).toEqual([]);
    expect(await add([new File([new Uint8Array(capMb * MB)], 'at-the-cap.png', { type: 'image/png' })])).toBe(1);
  });

  it('refuses an empty file', async () => {
    const { host, add, problem } = await open(Ui);
    expect(await add([new File([], 'empty.png', { type: 'image/png' })])).toBe(0);
    expect(problem()).toBe('“empty.png” is empty.');
    expect(host.callsOf('attachments.add')).toEqual([]);
  });

  it('refuses a name with control characters, shown without them, and keeps what was attached', async () => {
    const { host, add, problem } = await open(Ui);
    expect(await add([new File([PNG], 'dot.png', { type: 'image/png' })])).toBe(1);
    // A NUL, a line break and a right-to-left override that would show "evil.exe" as "evil‮gnp.exe".
    expect(await add([new File([PNG], 'evil\u0000\n\u202egnp.exe', { type: 'image/png' })])).toBe(0);
    expect(problem()).toBe('“evil\uFFFD\uFFFD\uFFFDgnp.exe” has control characters in its name: rename the file and add it again.');
    expect(host.callsOf('attachments.add')).toHaveLength(1);
    expect(handle.current!.names()).toEqual(['dot.png']);
  });

  it('takes the good images of a mixed drop and explains each refused one', async () => {
    const { host, add, problem } = await open(Ui);
    const files = [new File([PNG], 'a.png', { type: 'image/png' }), new File(['x'], 'b.pdf', { type: 'application/pdf' }), new File([], 'c.png', { type: 'image/png' })];
    expect(await add(files)).toBe(1);
    expect(problem()).toBe('“b.pdf” is not an image. “c.png” is empty.');
    expect((host.callsOf('attachments.add') as { name: string }[]).map((c) => c.name)).toEqual(['a.png']);
  });
});
