/**
 * The desktop's confirmation of a library move (docs/architecture.md, "Library-known media and
 * the move confirmation"): a native message box shown by the main process. The page shows model
 * output and may run a hostile script; the box is outside its reach, so it cannot answer it.
 */
import { app, dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';
import type { LibraryMoveAnswer, LibraryMoveRequest } from '@core/ports.js';
import { resolveLanguage, type StudioLanguage } from '@shared/languages.js';

interface MoveText {
  title: string;
  message(to: string): string;
  detail(from: string): string;
  move: string;
  cancel: string;
}

/** Every language's words: the type makes a missing one fail the typecheck. */
const TEXT: Record<StudioLanguage, MoveText> = {
  en: {
    title: 'Move the library',
    message: (to) => `Move the library to ${to}?`,
    detail: (from) => `New images, video and audio will be saved there, and the Gallery will show that folder. What is saved in ${from} stays there.`,
    move: 'Move',
    cancel: 'Cancel',
  },
  'zh-CN': {
    title: '移动作品库',
    message: (to) => `将作品库移动到 ${to}？`,
    detail: (from) => `新的图像、视频和音频将保存在那里，图库也将显示该文件夹。已保存在 ${from} 中的作品仍留在原处。`,
    move: '移动',
    cancel: '取消',
  },
};

/** The desktop's `confirmLibraryMove` port: Move / Cancel, parented to the window when there is one. */
export function dialogMoveConfirmation(getWindow: () => BrowserWindow | undefined): (request: LibraryMoveRequest) => Promise<LibraryMoveAnswer> {
  let asking = false;
  return async (request) => {
    // One box at a time: a page that asks again and again gets a refusal, not a pile of boxes.
    if (asking) return 'declined';
    asking = true;
    try {
      const text = TEXT[resolveLanguage(request.language, [app.getLocale()])];
      const options: MessageBoxOptions = {
        type: 'question',
        title: text.title,
        message: text.message(request.to),
        detail: text.detail(request.from),
        buttons: [text.move, text.cancel],
        // Enter or Escape keeps the library where it is: only a deliberate click moves it.
        defaultId: 1,
        cancelId: 1,
        noLink: true,
      };
      const win = getWindow();
      const { response } = win && !win.isDestroyed() ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
      return response === 0 ? 'confirmed' : 'declined';
    } finally {
      asking = false;
    }
  };
}
