/** 草稿收进的图片（聊天消息、图像参考图）：某张没有收下的原因。 */
import type { Messages } from '../en/index.js';

export const intake: Messages['intake'] = {
  pastedName: '粘贴的图片',
  notImage: '“{{name}}”不是图片。',
  empty: '“{{name}}”是空文件。',
  tooLarge: '“{{name}}”超过 {{max}} MB，这是这里图片的上限。',
  badName: '“{{name}}”的文件名含有控制字符：请重命名文件后再添加。',
  badLink: '请输入图片的公开 http(s) 链接，例如 https://example.com/photo.jpg。',
};
