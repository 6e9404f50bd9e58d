import type { Translation } from '../../../i18n/translation.js';
import type { documents as english } from './documents-en.js';

export const documents: Translation<typeof english> = {
  attach: '添加文档…',
  files: '文档文件',
  list: '待发送的文档',
  sent: '文档',
  chip: '{{name}}，约 {{tokens}} 个 token',
  pages_one: '{{n}} 页',
  pages_other: '{{n}} 页',
  tokens: '约 {{tokens}} 个 token',
  kindUnknown: '文档',
  remove: '移除 {{name}}',
  reading_one: '正在读取 {{n}} 个文档…',
  reading_other: '正在读取 {{n}} 个文档…',
  tooLarge: '过大',
  tooLargeOne: '此文档约 {{tokens}} 个 token；{{model}} 约可容纳 {{limit}} 个。',
  tooLargeAll: '这些文档加上你的消息约 {{tokens}} 个 token；{{model}} 约可容纳 {{limit}} 个。',
  blockedReading: '请等待文档读取完成。',
  notDocument: '工作室无法读取 {{name}}：请添加文本、Markdown、代码、CSV 或 PDF 文件。',
  tooMany: '一条消息最多可带 {{max}} 个文档。',
};
