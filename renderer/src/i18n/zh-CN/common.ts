import type { Messages } from '../en/index.js';

export const common: Messages['common'] = {
  loading: '加载中…',
  tabLoadFailed: '无法加载此标签页。请检查与工作室的连接，然后重试。',
  tryAgain: '重试',
  cancel: '取消',
  close: '关闭',
  dismiss: '关闭提示',
  save: '保存',
  remove: '移除',
  copy: '复制',
  copied: '已复制',
  somethingWrong: '出了点问题，请重试。',
  details: {
    summary: '详细信息',
    status: 'HTTP 状态码 {{status}}',
  },
};
