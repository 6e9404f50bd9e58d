/** 批量运行 (host/batches, docs/batches.md)。 */
export const batches = {
  batch: {
    gone: '该批次已不在列表中。',
    refused: '第 {{cell}} 格无法发送：{{message}} 未排入任何任务。',
    wrongKind: '此格是 {{route}} 任务，但该批次是 {{kind}} 任务。',
    coordsMissing: '此格缺少轴“{{axis}}”的取值。',
    notOver: '该批次仍有任务在等待或运行：请先取消尚未发送的任务，或等待其余任务结束，再移除它。',
    noCell: '该批次没有第 {{cell}} 格。',
    nothingToRetry: '该批次没有失败的格子，无需重试。',
  },
  sheet: {
    unavailable: '此版本暂不支持导出联系表。',
  },
} as const;
