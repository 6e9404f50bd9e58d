import type { Translation } from '../../../i18n/translation.js';
import type { organise as english } from './organise-en.js';

/** 对话侧栏的置顶、文件夹与 JSON 导出导入（organise-en.ts）。 */
export const organise: Translation<typeof english> = {
  pin: '置顶',
  unpin: '取消置顶',
  pinLabel: '置顶“{{title}}”',
  unpinLabel: '取消置顶“{{title}}”',
  pinned: '已置顶',
  more: '“{{title}}”的更多操作',
  actions: '“{{title}}”的操作',
  folder: '文件夹',
  topLevel: '不放入文件夹（顶层）',
  exportJson: '导出为 JSON',
  exportMarkdown: '导出 Markdown',
  exported: '已导出 {{fileName}}',
  exportFailed: '导出失败：{{message}}',
  newFolder: '+ 新建文件夹',
  folderName: '文件夹名称',
  folderHint: '按 Enter 保存，按 Esc 取消。',
  folderRequired: '请为文件夹命名。',
  renameFolder: '重命名文件夹“{{name}}”',
  removeFolder: '删除文件夹“{{name}}”',
  removeFolderConfirmLabel: '删除文件夹“{{name}}”？',
  removeFolderConfirm: '删除此文件夹？其中的对话会保留，移到顶层。',
  remove: '删除',
  import: '导入…',
  importHint: '以 JSON 导出的对话，含其中的图片。',
  importing: '正在导入 {{name}}…',
  imported: '已导入“{{title}}”。',
  importFailed: '无法导入 {{name}}：{{message}}',
  saveFailed: '无法保存：{{message}}',
};
