/**
 * The desktop's Save dialog and drag-out, with Electron stood in for at its boundary and a real
 * core behind them: the page names an item; the main process asks where in its own dialog, and
 * writes there (or nothing, on Cancel); a drag hands the item's real file to the window.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  answers: [] as Array<{ canceled: boolean; filePath?: string }>,
  shown: [] as Array<{ parent: unknown; options: any }>,
  drags: [] as Array<{ file: string; icon: { from: string; size?: unknown } }>,
  locale: 'en-US',
  downloads: '/home/me/Downloads',
}));
vi.mock('electron', () => {
  const image = (from: string, empty = false) => ({
    from,
    isEmpty: () => empty,
    getSize: () => ({ width: 200, height: 100 }),
    resize: (size: unknown) => ({ from, size }),
  });
  return {
    app: { getLocale: () => fake.locale, getPath: (name: string) => (name === 'downloads' ? fake.downloads : '/nowhere') },
    dialog: {
      showSaveDialog: async (...args: unknown[]) => {
        const [parent, options] = args.length === 2 ? args : [undefined, args[0]];
        fake.shown.push({ parent, options });
        return fake.answers.shift() ?? { canceled: true };
      },
    },
    nativeImage: {
      createFromPath: (p: string) => image(p, !existsSync(p)),
      createFromDataURL: (url: string) => image(url.split(',')[0]),
    },
  };
});

const { dialogSavePath, dragOut } = await import('./file-out.js');
const { createCore } = await import('@host/index.js');
const { testPorts } = await import('@host/test/file-ports.js');
const { seedKnownLibrary } = await import('@host/library/test/known-library.js');

const window = { isDestroyed: () => false, webContents: { startDrag: (item: any) => fake.drags.push(item) } };
const ports = testPorts({ shell: 'desktop', chooseSavePath: dialogSavePath(() => window as never), startDrag: dragOut(() => window as never) });
let core: Awaited<ReturnType<typeof createCore>>;
let seeded: Awaited<ReturnType<typeof seedKnownLibrary>>;
let out: string;

beforeAll(async () => {
  seeded = await seedKnownLibrary(ports.dataDir);
  core = await createCore(ports);
  out = join(ports.dataDir, 'Chosen');
  mkdirSync(out);
}, 60_000);
afterAll(async () => {
  await core.close();
  ports.cleanup();
});
beforeEach(() => {
  fake.shown = [];
  fake.drags = [];
  fake.answers = [];
  fake.locale = 'en-US';
});

describe('Save as… in the native dialog', () => {
  it('proposes a name from the prompt in Downloads, and copies the file where the creator chose', async () => {
    const target = join(out, 'my fox.png');
    fake.answers = [{ canceled: false, filePath: target }];
    const r = await core.dispatch('library.saveFile', { id: seeded.picture.id });
    expect(r).toEqual({ ok: true, value: { outcome: 'saved', name: 'my fox.png', bytes: seeded.picture.bytes, count: 1 } });
    expect(fake.shown).toHaveLength(1);
    expect(fake.shown[0].parent).toBe(window);
    expect(fake.shown[0].options).toMatchObject({
      title: 'Save the image', defaultPath: join(fake.downloads, 'a fox.png'), buttonLabel: 'Save',
      filters: [{ name: 'Image', extensions: ['png'] }], properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    expect(readFileSync(target).equals(readFileSync(join(seeded.root, seeded.picture.file)))).toBe(true);
  });

  it('Cancel writes nothing', async () => {
    fake.answers = [{ canceled: true }];
    expect(await core.dispatch('library.saveFile', { id: seeded.video.id })).toEqual({ ok: true, value: { outcome: 'cancelled' } });
  });

  it('exports a zip where the dialog says, in the studio’s language', async () => {
    expect((await core.dispatch('settings.update', { language: 'zh-CN' })).ok).toBe(true);
    const target = join(out, 'export.zip');
    fake.answers = [{ canceled: false, filePath: target }];
    const r = await core.dispatch('library.export', { ids: [seeded.picture.id, seeded.video.id] });
    expect(r).toMatchObject({ ok: true, value: { outcome: 'saved', name: 'export.zip', count: 2 } });
    expect(fake.shown[0].options).toMatchObject({ title: '从作品库导出', buttonLabel: '保存', filters: [{ name: 'Zip 压缩包', extensions: ['zip'] }] });
    expect(Object.keys(unzipSync(readFileSync(target))).sort()).toEqual(['manifest.csv', 'manifest.json', 'media/a fox.png', 'media/a paper boat.mp4']);
    await core.dispatch('settings.update', { language: 'en' });
  });

  it('shows one dialog at a time: a page that asks again meanwhile gets "cancelled"', async () => {
    let answer!: (r: { canceled: boolean; filePath: string }) => void;
    const { dialog } = await import('electron');
    const show = vi.spyOn(dialog, 'showSaveDialog').mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const choose = dialogSavePath(() => undefined);
    const first = choose({ defaultName: 'a.png', kind: 'image', language: 'en' });
    expect(await choose({ defaultName: 'b.png', kind: 'image', language: 'en' })).toBeUndefined();
    answer({ canceled: false, filePath: '/home/me/a.png' });
    expect(await first).toBe('/home/me/a.png');
    expect(show).toHaveBeenCalledTimes(1);
  });
});

describe('dragging a file out of the window', () => {
  it('hands the item’s real file to webContents.startDrag, with its thumbnail as the picture', async () => {
    expect(await core.dispatch('library.startDrag', { id: seeded.video.id })).toEqual({ ok: true, value: {} });
    expect(fake.drags).toEqual([{ file: join(seeded.root, seeded.video.file), icon: { from: join(seeded.root, seeded.video.thumb!), size: { width: 64 } } }]);
  });

  it('uses a plain tile when there is no picture to show, and does nothing without a window', () => {
    dragOut(() => window as never)('/no/such/file.mp4');
    expect(fake.drags[0].icon.from).toBe('data:image/png;base64');
    dragOut(() => undefined)('/no/such/file.mp4');
    expect(fake.drags).toHaveLength(1);
  });

  it('refuses an id the library does not know, and never takes a path from the page', async () => {
    expect(await core.dispatch('library.startDrag', { id: 'no-such-item' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await core.dispatch('library.startDrag', { id: seeded.picture.id, path: '/etc/passwd' })).toMatchObject({ ok: true });
    expect(fake.drags.at(-1)?.file).toBe(join(seeded.root, seeded.picture.file));
  });
});
