/**
 * The desktop's confirmation outside the page (docs/architecture.md, "Confirmations outside the
 * page"): a native message box shown by the main process, for a library move, the start of an
 * MCP server's local command, or the first connection to a URL server. The page shows model output
 * and may run a hostile script; the box is outside its reach, so it cannot answer it. Every value in
 * it is shown escaped (shownRequest: docs/house-rules.md, "What reaches a terminal, a dialog or a
 * file name").
 */
import { app, dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';
import type { OutsideAnswer, OutsideRequest } from '@host/ports.js';
import { resolveLanguage, type StudioLanguage } from '@shared/languages.js';
import { shownRequest } from '@shared/text/shown-text.js';

interface BoxText {
  title: string;
  message: string;
  detail: string;
  yes: string;
  no: string;
}

type Texts = { [K in OutsideRequest['kind']]: (r: Extract<OutsideRequest, { kind: K }>) => BoxText };

/** Every language's words: the type makes a missing one fail the typecheck. */
const TEXT: Record<StudioLanguage, Texts> = {
  en: {
    'library-move': (r) => ({
      title: 'Move the library',
      message: `Move the library to ${r.to}?`,
      detail: `New images, video and audio will be saved there, and the Gallery will show that folder. What is saved in ${r.from} stays there.`,
      yes: 'Move',
      no: 'Cancel',
    }),
    'mcp-command': (r) => ({
      title: 'Start an MCP server',
      message: `Start the MCP server "${r.server}"?`,
      detail: `The studio will run this command on your computer, with your account's rights:\n\n${r.commandLine}\n\nStart it only if you trust it and added it yourself.`,
      yes: 'Start',
      no: 'Cancel',
    }),
    'mcp-url': (r) => ({
      title: 'Connect to an MCP server',
      message: `Connect to the MCP server "${r.server}"?`,
      detail: `The studio will send requests, and the token if one was given, to this address:\n\n${r.url}\n\nConnect only if you added it yourself and trust it: an address on this computer or your network can be a service that is not an MCP server.`,
      yes: 'Connect',
      no: 'Cancel',
    }),
  },
  'zh-CN': {
    'library-move': (r) => ({
      title: '移动作品库',
      message: `将作品库移动到 ${r.to}？`,
      detail: `新的图像、视频和音频将保存在那里，图库也将显示该文件夹。已保存在 ${r.from} 中的作品仍留在原处。`,
      yes: '移动',
      no: '取消',
    }),
    'mcp-command': (r) => ({
      title: '启动 MCP 服务器',
      message: `启动 MCP 服务器“${r.server}”？`,
      detail: `工作室将以您账户的权限在您的计算机上运行以下命令：\n\n${r.commandLine}\n\n仅当您信任它且它由您自己添加时才启动。`,
      yes: '启动',
      no: '取消',
    }),
    'mcp-url': (r) => ({
      title: '连接 MCP 服务器',
      message: `连接 MCP 服务器“${r.server}”？`,
      detail: `工作室将向以下地址发送请求（如有令牌，也会一并发送）：\n\n${r.url}\n\n仅当它由您自己添加且您信任它时才连接：本机或您网络中的地址可能是并非 MCP 服务器的服务。`,
      yes: '连接',
      no: '取消',
    }),
  },
};

function textOf(request: OutsideRequest, language: StudioLanguage): BoxText {
  const texts = TEXT[language];
  if (request.kind === 'mcp-url') return texts['mcp-url'](request);
  return request.kind === 'library-move' ? texts['library-move'](request) : texts['mcp-command'](request);
}

/** The desktop's `confirmOutside` port: yes / no, parented to the window when there is one. */
export function dialogConfirmation(getWindow: () => BrowserWindow | undefined): (request: OutsideRequest) => Promise<OutsideAnswer> {
  let asking = false;
  return async (request) => {
    // One box at a time: a page that asks again and again gets a refusal, not a pile of boxes.
    if (asking) return 'declined';
    asking = true;
    try {
      const text = textOf(shownRequest(request), resolveLanguage(request.language, [app.getLocale()]));
      const options: MessageBoxOptions = {
        type: request.kind === 'library-move' ? 'question' : 'warning',
        title: text.title,
        message: text.message,
        detail: text.detail,
        buttons: [text.yes, text.no],
        // Enter or Escape answers no: only a deliberate click says yes.
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
