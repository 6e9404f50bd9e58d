/**
 * A Gallery remix brings back the pictures a saved item was made from (`attachments.fromItem`):
 * the creator's own files, kept by the host when the job was sent, even after the draft let go of
 * them; public links as links; and a reference that cannot be had any more is named, never
 * silently dropped.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { openCore } from '../test/open-core.js';

const red = renderPromptImage({ prompt: 'red reference', width: 320, height: 200 });
const blue = renderPromptImage({ prompt: 'blue reference', width: 200, height: 320 });

async function savedJob(c: Awaited<ReturnType<typeof openCore>>, imageUrls: string[]) {
  const task = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'in this style', resolution: '1K', image_urls: imageUrls } });
  await c.until(async () => (await c.value('tasks.list')).find((t: any) => t.id === task.id)?.state === 'saved');
  const lib = await c.value('library.list', {});
  return lib.items[0];
}

describe('a remix brings back the references of a saved image', () => {
  it('returns the attached pictures in order, as new attachments with the same bytes, after the draft removed them', async () => {
    const c = await openCore();
    const a = await c.value('attachments.add', { name: 'red.png', data: new Uint8Array(red) });
    const b = await c.value('attachments.add', { name: 'blue.png', data: new Uint8Array(blue) });
    const link = 'https://example.com/style.png';
    const item = await savedJob(c, [`attachment:${a.id}`, link, `attachment:${b.id}`]);
    // The creator took the pictures off the form after sending: the draft's copies are gone.
    await c.value('attachments.remove', { id: a.id });
    await c.value('attachments.remove', { id: b.id });

    const { references } = await c.value('attachments.fromItem', { itemId: item.id });
    expect(references.map((r: any) => r.kind)).toEqual(['file', 'url', 'file']);
    expect(references[0].attachment).toMatchObject({ name: 'red.png', mime: 'image/png', width: 320, height: 200, bytes: red.length });
    expect(references[1]).toEqual({ kind: 'url', url: link });
    expect(references[2].attachment).toMatchObject({ name: 'blue.png', width: 200, height: 320 });
    // Fresh attachments: the remixed draft can drop one without touching what the job keeps.
    expect(references[0].attachment.id).not.toBe(a.id);
    // And they are real: a new job made from them is sent with those pictures.
    const again = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'again', resolution: '1K', image_urls: [`attachment:${references[0].attachment.id}`] } });
    expect(again.state).toBe('queued');
  });

  it('a native edit gets its picture back too', async () => {
    const c = await openCore();
    const a = await c.value('attachments.add', { name: 'red.png', data: new Uint8Array(red) });
    const r = await c.value('images.generateNative', { model: 'modelc-3-pro-image-preview', prompt: 'make it night', attachmentIds: [a.id] });
    await c.value('attachments.remove', { id: a.id });
    const { references } = await c.value('attachments.fromItem', { itemId: r.items[0].id });
    expect(references).toHaveLength(1);
    expect(references[0]).toMatchObject({ kind: 'file', attachment: { name: 'red.png', width: 320, height: 200 } });
  });

  it('names a reference whose file is gone instead of dropping it, and keeps the others', async () => {
    const c = await openCore();
    const a = await c.value('attachments.add', { name: 'red.png', data: new Uint8Array(red) });
    const b = await c.value('attachments.add', { name: 'blue.png', data: new Uint8Array(blue) });
    const item = await savedJob(c, [`attachment:${a.id}`, `attachment:${b.id}`]);
    await c.value('attachments.remove', { id: a.id });
    // Another program (or a clean-up tool) deleted the host's kept copy of the first picture.
    const kept = join(c.ports.dataDir, 'attachments', 'kept');
    expect(readdirSync(kept)).toContain(`${a.id}.bin`);
    rmSync(join(kept, `${a.id}.bin`));
    const { references } = await c.value('attachments.fromItem', { itemId: item.id });
    expect(references[0]).toEqual({ kind: 'missing', name: 'red.png', position: 1 });
    expect(references[1]).toMatchObject({ kind: 'file', attachment: { name: 'blue.png' } });
  });

  it('an item without references has none, and an unknown item says it is gone', async () => {
    const c = await openCore();
    const item = await savedJob(c, []);
    expect(await c.value('attachments.fromItem', { itemId: item.id })).toEqual({ references: [] });
    expect((await c.call('attachments.fromItem', { itemId: 'no-such-item' })).error.code).toBe('not_found');
  });
});
