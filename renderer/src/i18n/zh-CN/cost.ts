/** 费用：一次调用花了多少，或预计花多少（任务、作品库、对话和表单）。 */
import type { Messages } from '../en/index.js';

export const cost: Messages['cost'] = {
  label: '费用',
  expected: '预计费用',
  exact: '{{money}}',
  user: '{{money}} · 你设定的价格',
  estimated: '≈ {{money}}（{{low}}–{{high}}）',
  unpriced: '未定价',
  pending: '正在计算…',
  refunded: '已退款',
  tokens: '输入 {{input}} · 输出 {{output}}',
  tokensThinking: '输入 {{input}} · 输出 {{output}} · 思考 {{thinking}}',
  tokensLabel: '令牌',
  calls: '{{count}} 次调用',
  quoteUnpriced: '未定价：工作室从你的调用中学到该模型的价格后即可估算，也可在设置中自行设定',
  quoteUser: '{{money}} · 你的价格',
  expectedRun: '{{jobs}} 个任务的预计费用',
  runUnpriced: '另有 {{number}} 个尚未定价',
  runCrosses: '这次运行会让你的{{budget}}预算超出上限：已花 {{spent}}，运行后 {{after}}，上限 {{limit}}。',
};
