/** 预算：硬性停止的拒绝说明，以及 80 %、90 %、100 % 的提醒（en/budgets.ts）。 */
export const budgets = {
  kind: {
    dailyMoney: '每日花费',
    monthlyMoney: '每月花费',
    dailyTokens: '每日 token',
    monthlyTokens: '每月 token',
  },
  money: '¥{{yuan}}',
  tokens: '{{tokens}} 个 token',
  refused:
    '未发送：你的{{budget}}预算 {{limit}} 已用完（目前已用 {{spent}}）。没有产生任何费用。可在“设置 › 预算”中提高预算或关闭硬性停止，或选择“放行下一次”让一次提交通过。',
  warning: {
    title80: '{{budget}}预算已用 80 %',
    title90: '{{budget}}预算已用 90 %',
    title100: '{{budget}}预算已用完',
    body: '{{profile}} 已用 {{spent}}，预算 {{limit}}。',
  },
} as const;
