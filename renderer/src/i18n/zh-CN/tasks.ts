import type { Messages } from '../en/index.js';

export const tasks: Messages['tasks'] = {
  intro: {
    title: '任务',
    body: '所有图像和视频任务，最新的在前。任务一完成，文件就会保存到作品库；结果链接有效期为 24 小时。',
  },
  filters: {
    label: '显示任务',
    all: '全部',
    active: '进行中',
    finished: '已结束',
    failed: '失败',
  },
  list: {
    label: '任务',
    loading: '正在加载任务…',
    panel: {
      all: '全部任务',
      active: '进行中的任务',
      finished: '已结束的任务',
      failed: '失败的任务',
    },
    empty: {
      all: '还没有任务。生成的图像和视频会在运行时显示在这里，保存后也会保留。',
      active: '当前没有正在运行的任务。',
      finished: '还没有已结束的任务。',
      failed: '没有失败的任务。失败、超时或链接失效的任务会显示在这里。',
    },
  },
  state: {
    submitting: '提交中',
    unknown: '结果未知：未重新提交',
    queued: '排队中',
    running: '生成中',
    completed: '已完成，正在保存…',
    saved: '已保存',
    failed: '失败',
    timedOut: '已超时',
    expired: '已过期',
    cancelled: '已取消',
  },
  kind: {
    image: '图像',
    video: '视频',
  },
  row: {
    job: {
      image: '图像任务“{{prompt}}”',
      video: '视频任务“{{prompt}}”',
    },
    sentAs: '实际发送',
    copyFailed: '无法复制：请手动选中 ID',
  },
  actions: {
    checkAgain: '重新查询',
    retry: '重试',
    openResult: '打开结果',
    copyId: '复制任务 ID',
  },
  confirmRetry: {
    label: '确认重试',
    body: '重试会将此任务作为新任务重新提交，网关会再次计费。',
    submit: '重新提交',
    keep: '保持不变',
  },
  progress: {
    saving: '正在保存{{job}}',
    of: '{{job}}的进度',
    startingDownload: '正在开始下载',
    waiting: '正在等待网关',
    working: '处理中…',
    received_one: '{{received}} · {{n}} 个文件',
    received_other: '{{received}} · {{n}} 个文件',
    receivedOf_one: '{{received}} / {{total}} · {{n}} 个文件',
    receivedOf_other: '{{received}} / {{total}} · {{n}} 个文件',
  },
  times: {
    elapsed: '已用时 {{duration}}',
    took: '耗时 {{duration}}',
    expiresIn: '链接将在 {{duration}} 后过期',
    expired: '链接已过期',
  },
  notify: {
    toggle: '任务完成时通知我',
    blocked: '此浏览器已阻止本工作室的通知，请在网站设置中允许。',
  },
};
