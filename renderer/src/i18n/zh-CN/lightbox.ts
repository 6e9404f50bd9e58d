import type { Messages } from '../en/index.js';

export const lightbox: Messages['lightbox'] = {
  imageLabel: '原尺寸图片',
  videoLabel: '原尺寸视频',
  position: '第 {{index}} 个，共 {{total}} 个',
  previous: '上一个结果',
  next: '下一个结果',
  zoomIn: '放大',
  zoomOut: '缩小',
  reset: '适应窗口',
  zoomLevel: '缩放 {{percent}}',
  keys: '← → 切换结果 · + − 或滚轮缩放 · 0 适应窗口 · 拖动可移动 · Esc 关闭',
  keysOne: '+ − 或滚轮缩放 · 0 适应窗口 · 拖动可移动 · Esc 关闭',
  keysVideo: '← → 切换结果 · Tab 到播放器后按空格播放 · Esc 关闭',
  keysVideoOne: 'Tab 到播放器后按空格播放 · Esc 关闭',
  keysPlayer: '播放器中：空格播放，← → 快进快退 · 按 Tab 离开后 ← → 切换结果 · Esc 关闭',
  keysPlayerOne: '播放器中：空格播放，← → 快进快退 · Esc 关闭',
  untitled: '未命名',
};
