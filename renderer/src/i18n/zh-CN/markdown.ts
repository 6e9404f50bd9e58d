import type { Messages } from '../en/index.js';

export const markdown: Messages['markdown'] = {
  code: {
    plain: '纯文本',
    copy: '复制',
    copied: '已复制',
    copyFailed: '复制失败',
    copyLabel: '将代码复制到剪贴板',
    copiedStatus: '代码已复制到剪贴板',
    failedStatus: '无法复制代码',
  },
  image: {
    load: '加载来自 {{host}} 的图片',
    loadWithAlt: '加载来自 {{host}} 的图片<alt>：{{alt}}</alt>',
    blocked: '只能显示 https 图片',
    blockedText: '[图片]',
    blockedTextWithAlt: '[图片：{{alt}}]',
  },
  table: {
    label: '表格',
  },
  footnotes: {
    /** The list of a reply's footnotes, for screen readers. */
    label: '脚注',
  },
};
