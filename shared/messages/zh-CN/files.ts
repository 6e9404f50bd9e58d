import type { Catalog } from '../en/index.js';

export const files: Catalog['files'] = {
  export: {
    nothing: '请至少选择一项进行导出。',
    tooMany: '一次最多导出 {{max}} 项；请缩小筛选范围或少选一些。',
    itemGone: '您选择的某一项已不在作品库中。未导出任何内容。',
    fileGone: '“{{name}}”的文件已不在作品库文件夹中，可能已被移动或删除。未导出任何内容。',
    busy: '另一个导出仍在写入中。请等待其完成后再试。',
    collectionGone: '该收藏集已不存在。',
    diskFull: '{{folder}} 所在的磁盘已满。请释放一些空间后再导出。',
    noPermission: 'Gateway Studio 无权写入 {{folder}}。请选择其他文件夹。',
    failed: '无法将导出文件写入 {{folder}}：{{reason}}',
  },
  sheet: {
    unknownAxis: '此批次没有可用于排列对照表的维度“{{axis}}”。请从它的维度中选择。',
  },
  save: {
    diskFull: '{{folder}} 所在的磁盘已满。请释放一些空间后再保存。',
    noPermission: 'Gateway Studio 无权写入 {{folder}}。请选择其他文件夹。',
    failed: '无法将文件保存到 {{folder}}：{{reason}}',
  },
  unavailable: '此窗口中无法将文件保存到工作室之外。',
  dragDesktopOnly: '只有桌面应用才能将文件拖出窗口。',
};
