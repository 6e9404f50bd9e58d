import type { Catalog } from '../en/index.js';

export const documents: Catalog['documents'] = {
  notText: '“{{name}}”不是文本文件（其中含有二进制数据）。请添加文本、Markdown、代码、CSV 或 PDF 文件。',
  kind: '工作室无法读取“{{name}}”这类文件。请添加文本、Markdown、代码、CSV 或 PDF 文件。',
  pdfUnreadable: '无法读取 PDF“{{name}}”：{{reason}}',
  pdfNoText: 'PDF“{{name}}”中没有可提取的文字（扫描的 PDF 只含页面图片）。',
  empty: '“{{name}}”是空文件。',
  gone: '文档“{{name}}”已不在待发送列表中，请重新添加。',
  notWaiting: '该文档已不在待发送列表中，请重新添加。',
  notInConversation: '该文档不属于此对话，请重新添加。',
  missing: '“{{name}}”的文字（{{file}}）已不在作品库文件夹中；请将其从该消息中移除，或重新添加。',
  tooLargeOne: '此文档约 {{tokens}} 个 token；{{model}} 约可容纳 {{limit}} 个。未发送任何内容。',
  exported: '文档：{{name}}（约 {{tokens}} 个 token）',
  tooLargeAll: '这些文档加上你的消息约 {{tokens}} 个 token；{{model}} 约可容纳 {{limit}} 个。未发送任何内容。',
};
