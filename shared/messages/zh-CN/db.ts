import type { Catalog } from '../en/index.js';

export const db: Catalog['db'] = {
  backup: {
    notListed: '没有名为“{{name}}”的备份。请从“设置”中的备份列表里选择。',
    damaged: '备份“{{name}}”已损坏，无法恢复（{{reason}}）。当前数据未受影响。',
    jobsUnderWay: '仍有任务在进行（{{jobs}} 个）。请等它们结束或先取消后再恢复：恢复不能让已付费的任务失去跟踪。',
    inMemory: '本次会话的数据不在其文件中（文件无法打开），因此无法备份或恢复。请检查数据文件夹的权限，然后重新启动工作室。',
    failed: '备份无法写入：{{reason}}',
    restoreFailed: '所选备份“{{name}}”未被恢复（{{reason}}）。您的数据保持原样。',
    nothingPending: '没有等待中的恢复，因此无需重新启动。',
    restartFailed: '工作室无法重新启动（{{reason}}）。所选备份仍会在下次启动时恢复：请退出工作室并重新打开。',
    cannotRestart: '此工作室无法自行重新启动。请退出工作室并重新打开，以恢复所选备份。',
  },
};
