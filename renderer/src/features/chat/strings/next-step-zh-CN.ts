/** 回复的下一步：朗读，或用作图像、视频提示词（ui/reply-next-step.tsx）。 */
import type { Translation } from '../../../i18n/translation.js';
import type { nextStep as en } from './next-step-en.js';

export const nextStep: Translation<typeof en> = {
  readAloud: '朗读',
  readSelection: '朗读所选内容',
  usePrompt: '用作提示词',
  useSelection: '将所选内容用作提示词',
  menuLabel: '用作以下提示词',
  toImage: '图像提示词',
  toVideo: '视频提示词',
  region: '朗读',
  making: '正在为 {{chars}} 个字符生成语音…',
  player: '朗读的回复',
  saved: '已保存到图库 · {{voice}}',
  failed: '无法朗读：{{message}}',
  tooLong: '这段文字有 {{chars}} 个字符，语音最多接受 {{max}} 个。请选择回复的一部分再朗读。',
  empty: '这条回复没有可朗读的文字。',
  voice: '声音',
  again: '重新朗读',
  dismiss: '关闭播放器',
  sourceName: '{{title}}：{{words}}',
};
