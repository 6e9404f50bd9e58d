import type { Translation } from '../../../i18n/translation.js';
import type { budgets as english } from './budgets-en.js';

export const budgets: Translation<typeof english> = {
  heading: '预算',
  about: '{{profile}} 的限额，按花费账本计算。每项预算用到 80 %、90 % 和 100 % 时各提醒一次（每天或每月）。留空表示不限。',
  dailyMoney: '每日花费（¥）',
  monthlyMoney: '每月花费（¥）',
  dailyTokens: '每日 token',
  monthlyTokens: '每月 token',
  moneyHint: '以元为单位，最多四位小数。',
  tokensHint: '对话和文本的 token：输入、输出和思考。',
  spentMoney: '本{{period}}已用 {{spent}}，预算 {{limit}}。',
  spentTokens: '本{{period}}已用 {{spent}} 个 token，预算 {{limit}} 个。',
  unpriced: '另有 {{count}} 次调用尚未定价，未计入。',
  day: '日',
  month: '月',
  hardStop: '硬性停止：预算用完后暂停新的付费提交',
  hardStopHint: '图像、视频和语音任务、对话消息及原生调用会在产生费用之前被拒绝。一次性放行可让下一次提交通过。',
  notMoney: '请输入大于 0 的金额（元），最多四位小数。',
  notWhole: '请输入大于 0 的整数 token 数。',
  tooLarge: '超出了预算的上限。',
  save: '保存预算',
  saved: '预算已保存。',
  loading: '正在读取预算…',
};
