import type { Messages } from '../en/index.js';

export const shell: Messages['shell'] = {
  brand: 'Gateway Studio 创作室',
  skipToContent: '跳到主要内容',
  tabs: {
    label: '创作室标签页',
    nav: '创作室',
    chat: '对话',
    image: '图像',
    video: '视频',
    speech: '语音',
    tasks: '任务',
    gallery: '作品库',
    settings: '设置',
  },
  profile: {
    label: '配置',
    sandbox: '离线沙盒',
    unavailable: '不可用',
  },
  balance: {
    label: '余额',
    tokens: 'Token',
    tokensLeft: '剩余 <n>{{value}}</n>',
    tokensUsed: '已用 <n>{{value}}</n>',
    tokensTotal: '共 <n>{{value}}</n>',
    cash: '现金',
    charged: '累计充值 {{amount}}',
    used: '已消费 {{amount}}',
    credit: '信用额度 {{amount}}',
    unavailable: '无法获取余额',
    loading: '正在读取余额…',
    low: '余额不足，请尽快充值',
    refreshFailed: '刷新失败：{{message}}',
    refresh: '刷新余额',
  },
  payment: {
    headline: '余额不足，无法完成此任务。请充值后重试。',
  },
};
