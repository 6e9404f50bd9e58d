/** 条目视图的来源与用途（ui/item-lineage.tsx）。 */
import type { Translation } from '../../../i18n/translation.js';
import type { lineage as en } from './lineage-en.js';

export const lineage: Translation<typeof en> = {
  madeFrom: '制作来源',
  usedIn: '用于',
  kind: {
    reference: '参考图',
    startImage: '起始图片',
    remixOf: '再创作自',
    chatMessage: '聊天消息',
    batchCell: '批量单元格',
    storyboardShot: '故事板镜头',
  },
  entry: '{{kind}}：{{name}}',
  untitled: '未命名的{{kind}}',
  gone: '{{kind}}：{{name}}（已不在作品库中）',
  goneUnnamed: '{{kind}}：已不在作品库中',
  cell: '{{kind}} 第 {{index}} 格',
  openChat: '{{kind}}：在聊天中打开该对话',
  openChatNamed: '{{kind}}：{{name}}（在聊天中打开）',
  newest: '仅显示最新的 {{n}} 项。',
  failed: '无法读取此条目的来源或用途：{{message}}',
};
