import type { Translation } from '../../../i18n/translation.js';
import type { compare as english } from './compare-en.js';

export const compare: Translation<typeof english> = {
  toggle: '比较模型',
  bar: '要比较的模型',
  hint: '消息会同时发送给每个模型；之后选择一条回复继续对话。',
  first: '{{model}} · {{api}}（本对话）',
  model: '模型 {{n}}',
  api: '模型 {{n}} 的 API',
  add: '添加模型',
  remove: '移除模型 {{n}}',
  removeMark: '×',
  noTools: '比较模型时不发送工具：请在设置中关闭工具，或只发送给一个模型。',
  noImages: '{{model}} 通过 {{api}} 不接受图片：请为比较选择其他 API 或模型。',
  group_one: '{{n}} 个模型的回复并排显示',
  group_other: '{{n}} 个模型的回复并排显示',
  column: '{{model}} 的回复',
  choose: '用这条继续',
  chooseHint: '其他回复保留为这一轮的版本。',
};
