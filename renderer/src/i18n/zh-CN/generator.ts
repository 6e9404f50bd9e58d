import type { Messages } from '../en/index.js';

export const generator: Messages['generator'] = {
  labels: {
    model: '模型',
    prompt: '提示词',
    aspectRatio: '宽高比',
  },
  status: {
    waiting: '在工作室队列中等待…',
    submitting: '正在提交…',
    queued: '网关排队中…',
    savedToGallery: '已保存到作品库',
  },
  prompt: {
    recent: '历史提示词',
    recentPlaceholder: '历史提示词…',
    count: '{{chars}} 个字符',
    countOfMax: '{{chars}} / {{max}} 个字符',
    submitHint: 'Ctrl+Enter 提交',
  },
  failure: {
    note: '{{advice}}{{kept}}',
    paymentRequired: '请为当前配置的密钥充值，然后再次点击「{{action}}」。',
    unauthorized: '请在设置中检查当前配置的 API 密钥。',
    rateLimited: '网关繁忙：请稍候，然后再次点击「{{action}}」。',
    fixField: '请修正标出的字段后重试。',
    adjustSettings: '请调整设置后重试。',
    unreachable: '请检查网络连接或设置中的网关地址，然后重试。',
    retry: '点击「{{action}}」重试。',
    budget: '选择上方的「放行下一次」，或在设置中提高预算，然后再次点击「{{action}}」。',
  },
  usage: {
    label: '用量',
    prefix: '{{label}}：',
    cost: '费用 {{amount}}',
    tokens: '{{total}} 个 token',
    tokensInOut: '{{total}} 个 token（输入 {{input}}，输出 {{output}}）',
    tokensIn: '{{total}} 个 token（输入 {{input}}）',
    tokensOut: '{{total}} 个 token（输出 {{output}}）',
  },
  size: {
    pixels: '{{width}}×{{height}}',
    differs: '请求 {{requested}}，实际交付 {{delivered}}。',
    sandbox: '离线沙盒有意输出较小的预览，以加快生成：画面比例不变，像素更少。',
  },
};
