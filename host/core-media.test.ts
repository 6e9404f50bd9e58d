import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { inspectAudio } from '@media/audio-inspect.js';
import { openCore } from './test/open-core.js';

const open = openCore;

const png = renderPromptImage({ prompt: 'reference', width: 320, height: 200 });
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');

describe('attachments', () => {
  it('holds a local image the host checks by content, and refuses what is not an image', async () => {
    const c = await open();
    const a = await c.value('attachments.add', { name: 'ref.png', data: new Uint8Array(png) });
    expect(a).toMatchObject({ name: 'ref.png', mime: 'image/png', width: 320, height: 200, bytes: png.length });
    expect((await c.call('attachments.add', { name: 'notes.txt', data: new Uint8Array(Buffer.from('hello')) })).error.code).toBe('invalid_input');
  });

  it('stands in for a reference image in a job: sent as a data URI, kept as a stand-in in the record', async () => {
    const c = await open();
    const a = await c.value('attachments.add', { name: 'ref.png', data: new Uint8Array(png) });
    const task = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'in this style', resolution: '1K', image_urls: [`attachment:${a.id}`] } });
    expect(task.params.image_urls).toEqual([`attachment:${a.id}`]);
    const g = await c.value('attachments.add', { name: 'anim.gif', data: new Uint8Array(gif) });
    const refused = await c.call('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'x', image_urls: [`attachment:${g.id}`] } });
    expect(refused.error).toMatchObject({ code: 'invalid_input', param: 'image_urls.0' });
    expect(refused.error.message).toMatch(/JPEG or PNG/);
  });
});

describe('native image models (spec 4.5)', () => {
  it('generates an image that goes straight into the library, with the model\'s text', async () => {
    const c = await open();
    const r = await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a paper crane' });
    expect(r.finishReason).toBe('STOP');
    expect(r.text).toMatch(/a paper crane/);
    expect(r.items).toHaveLength(1);
    const decoded = PNG.sync.read(await c.libraryFile(r.items[0].file));
    expect([decoded.width, decoded.height]).toEqual([1024, 1024]);
    expect(r.usage.totalTokenCount).toBeGreaterThan(0);
  });

  it('edits an attached image: the input goes first, the result keeps its size', async () => {
    const c = await open();
    const a = await c.value('attachments.add', { name: 'ref.png', data: new Uint8Array(png) });
    const r = await c.value('images.generateNative', { model: 'modelc-3-pro-image-preview', prompt: 'make it night', attachmentIds: [a.id] });
    const decoded = PNG.sync.read(await c.libraryFile(r.items[0].file));
    expect([decoded.width, decoded.height]).toEqual([320, 200]);
    expect(r.items[0].params).toMatchObject({ edit: true, references: ['ref.png'] });
  });

  it('records the saved item a picture came from, and that item lists the edit as used in', async () => {
    const c = await open();
    const first = await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a paper crane' });
    const source = first.items[0].id as string;
    const a = await c.value('attachments.add', { name: 'crane.png', data: new Uint8Array(png) });
    const lineage = [{ kind: 'reference', itemId: source, name: 'a paper crane' }];
    const r = await c.value('images.generateNative', { model: 'modelc-3-pro-image-preview', prompt: 'fold it in gold', attachmentIds: [a.id], lineage });
    expect(r.items[0].madeFrom).toEqual(lineage);
    expect((await c.value('library.lineage', { id: source })).usedIn.map((i: { id: string }) => i.id)).toEqual([r.items[0].id]);
  });

  it('answers in text only when asked, and explains a stop that is not normal', async () => {
    const c = await open();
    const text = await c.value('images.generateNative', { model: 'modelc-3-pro-image-preview', prompt: 'describe a cat', textOnly: true });
    expect(text.items).toEqual([]);
    expect(text.notice).toBeUndefined();
    expect(text.text).toMatch(/describe a cat/);
  });
});

describe('speech (spec 4.10)', () => {
  it('saves the spoken audio to the library', async () => {
    const c = await open();
    const r = await c.value('speech.synthesize', { model: 'tts-1-hd', input: 'Hello from the studio.', voice: 'nova', response_format: 'flac', speed: 1.5 });
    expect(r.characters).toBe(22);
    expect(r.item).toMatchObject({ kind: 'audio', mime: 'audio/flac', model: 'tts-1-hd', prompt: 'Hello from the studio.', params: { voice: 'nova', response_format: 'flac', speed: 1.5 } });
    const info = inspectAudio(await c.libraryFile(r.item.file));
    expect(info.container).toBe('flac');
    expect(info.durationSeconds).toBeGreaterThan(0.3);
  });

  it('refuses a bad request at its field before sending', async () => {
    const c = await open();
    const r = await c.call('speech.synthesize', { model: 'tts-1', input: 'x', voice: 'alloy', speed: 9 });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'speed' });
  });
});
