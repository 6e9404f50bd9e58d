/** “用于…”：把一个作品库中的作品交给下一步（菜单或拖动图块）。 */
import type { Messages } from '../en/index.js';

export const handoff: Messages['handoff'] = {
  menu: {
    button: '用于…',
    buttonLabel: '用于… “{{name}}”',
    label: '用于',
    image: '图像参考图',
    video: '视频起始图像',
    chat: '聊天消息',
  },
  untitled: '未命名图像',
  kind: {
    image: '图像',
    video: '视频',
    audio: '音频',
  },
  added: {
    image: '已将“{{name}}”添加到参考图。',
    chat: '已将“{{name}}”附加到消息。',
    video: '起始图像已设为“{{name}}”的原始链接（{{left}}）。',
  },
  adding: '正在添加“{{name}}”…',
  problem: {
    wrongKind: '“{{name}}”是{{kind}}：这里只能使用图像。',
    gone: '该作品已不在作品库中（可能已被删除）。',
    unreadable: '拖入的内容不是本工作室能识别的作品库作品。',
    unreadableFile: '无法从作品库读取“{{name}}”（{{reason}}）。',
    noLink: '“{{name}}”没有公开链接：它是在本地生成或保存的，而网关只能从公开地址获取起始图像。输入框保持原样；请改为粘贴一个公开链接。',
    expired: '“{{name}}”的原始链接已过期：网关只保留结果链接 24 小时，且只能从公开地址获取起始图像。输入框保持原样；请改为粘贴一个公开链接。',
  },
  left: {
    hours: '链接约还有 {{hours}} 小时有效',
    minutes: '链接约还有 {{minutes}} 分钟有效',
  },
  dropHere: '松开即可在此使用',
};
