/**
 * The desktop's ways for a file to leave the library (docs/library-files.md): the native Save
 * dialog that picks where "Save as…" and an export write, and dragging a file out of the window.
 * Both are the main process's: the page asks for an item by id, and never names a path.
 */
import { app, dialog, nativeImage, type BrowserWindow, type NativeImage, type SaveDialogOptions } from 'electron';
import { join } from 'node:path';
import type { SaveRequest } from '@host/ports.js';
import { resolveLanguage, type StudioLanguage } from '@shared/languages.js';

interface DialogText {
  title: Record<SaveRequest['kind'], string>;
  button: string;
  filter: Record<SaveRequest['kind'], string>;
}

/** Every language's words: the type makes a missing one fail the typecheck. */
const TEXT: Record<StudioLanguage, DialogText> = {
  en: {
    title: { zip: 'Export from the library', image: 'Save the image', video: 'Save the video', audio: 'Save the audio', csv: 'Export the spend', json: 'Export the spend' },
    button: 'Save',
    filter: { zip: 'Zip archive', image: 'Image', video: 'Video', audio: 'Audio', csv: 'CSV table', json: 'JSON' },
  },
  'zh-CN': {
    title: { zip: '从作品库导出', image: '保存图像', video: '保存视频', audio: '保存音频', csv: '导出花费', json: '导出花费' },
    button: '保存',
    filter: { zip: 'Zip 压缩包', image: '图像', video: '视频', audio: '音频', csv: 'CSV 表格', json: 'JSON' },
  },
};

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1].toLowerCase();

/** The desktop's `chooseSavePath` port: one Save dialog at a time, starting in Downloads. */
export function dialogSavePath(getWindow: () => BrowserWindow | undefined): (request: SaveRequest) => Promise<string | undefined> {
  let asking = false;
  return async (request) => {
    // A page that asks again while a dialog is open gets "cancelled", not a pile of dialogs.
    if (asking) return undefined;
    asking = true;
    try {
      const text = TEXT[resolveLanguage(request.language, [app.getLocale()])];
      const ext = extensionOf(request.defaultName);
      const options: SaveDialogOptions = {
        title: text.title[request.kind],
        defaultPath: join(app.getPath('downloads'), request.defaultName),
        buttonLabel: text.button,
        filters: ext ? [{ name: text.filter[request.kind], extensions: [ext] }] : [],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const win = getWindow();
      const result = win && !win.isDestroyed() ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? undefined : result.filePath;
    } finally {
      asking = false;
    }
  };
}

/** The size of the picture under the pointer while a file is dragged. */
const DRAG_ICON_SIDE = 64;
/** A plain 16 px tile, for a file with no picture to show (macOS refuses a drag without an image). */
const PLAIN_TILE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAL0lEQVR4AaXBMQEAIAzAsK6qORGAZyaiyZz7PoFEEkkkkUQSSSSRRBJJJJFEEkm0cr4Co8gdfx4AAAAASUVORK5CYII=';

function dragIcon(picture: string | undefined): NativeImage {
  const image = picture ? nativeImage.createFromPath(picture) : undefined;
  if (!image || image.isEmpty()) return nativeImage.createFromDataURL(PLAIN_TILE);
  const { width, height } = image.getSize();
  return image.resize(width >= height ? { width: DRAG_ICON_SIDE } : { height: DRAG_ICON_SIDE });
}

/**
 * The desktop's `startDrag` port: the file leaves the window as a real file drag (Electron,
 * "Native File Drag & Drop"), shown as a small copy of its thumbnail (or of the picture itself).
 */
export function dragOut(getWindow: () => BrowserWindow | undefined): (file: string, picture?: string) => void {
  return (file, picture) => {
    const win = getWindow();
    if (!win || win.isDestroyed()) return;
    win.webContents.startDrag({ file, icon: dragIcon(picture ?? file) });
  };
}
