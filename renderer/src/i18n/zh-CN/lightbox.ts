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
  untitled: '未命名',
};
